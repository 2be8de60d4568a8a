import Foundation

/// Runs blocking work (waiting on a child process, sleeping) on a thread of its own, so that tests running in
/// parallel never starve Swift's cooperative pool — whose threads the code under test needs.
package func runOffCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}
