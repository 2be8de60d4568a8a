import Foundation

/// Runs blocking work (file writes with `fsync`, a database transaction, waiting for a pool connection) on a
/// thread of its own and awaits its result, so that an async caller never parks a thread of Swift's cooperative
/// pool: a server's request handlers keep running while one call waits on the disk or the database.
package enum BlockingWork {
    /// `body`'s result, computed on a new thread.
    package static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Result { () throws(Failure) in try body() }) }
            thread.start()
        }
        return try result.get()
    }
}
