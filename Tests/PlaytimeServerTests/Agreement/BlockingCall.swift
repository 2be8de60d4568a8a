import Foundation

/// Runs one asynchronous facade call (``OfflineEarnings/foreground(multipliers:)``, `launch`, `settle`,
/// `stampDeparture`) to its end from a synchronous property body. The body runs on a thread of the test's own
/// (``runOffCooperativePool``), never on the cooperative pool, so waiting here blocks no thread the call needs;
/// the doubles answer at once (time is a value the test advances), so nothing waits on real time.
enum BlockingCall {
    /// The value `body` returns, or the error it throws.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { outcome.set(.success(try await body())) } catch { outcome.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// The result handed from the task to the waiting thread.
    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, any Error>?

        func set(_ value: Result<Value, any Error>) { lock.withLock { result = value } }

        func get() throws -> Value {
            guard let result = lock.withLock({ result }) else { throw CancellationError() }
            return try result.get()
        }
    }
}
