#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that one thread at a time may read or change: the platform layer's replacement for
/// `Synchronization.Mutex`, which Apple's systems only have from macOS 15 / iOS 18 (docs/apple.md).
///
/// Shaped like `Mutex`, so a use is a type-name swap: `ThreadLock(initial)` and
/// `withLock { (value: inout Value) throws(E) -> R in … }`. The value may be non-copyable (a journal
/// writer, an open file). The primitive is a `pthread_mutex_t` on Linux and an `os_unfair_lock` on
/// Darwin, allocated once at creation and never moved, as both require. Not re-entrant: calling
/// `withLock` again from inside its own body deadlocks (Linux) or traps (Darwin).
package final class ThreadLock<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withLock`, which holds `primitive`; values enter
    // (`init`) and leave (`withLock`'s result) as `sending`, the same contract as `Mutex`.
    private let primitive: LockPrimitive
    private var value: Value

    /// A lock guarding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        primitive = LockPrimitive()
        value = initialValue
    }

    deinit {
        primitive.destroy()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns; the lock is
    /// released when `body` returns or throws.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        primitive.lock()
        defer { primitive.unlock() }
        return try body(&value)
    }
}

/// The operating system's mutual-exclusion primitive, at a fixed address from `init` to `destroy`.
private struct LockPrimitive {
    #if canImport(Darwin)
    private let address: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let address: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init() {
        address = .allocate(capacity: 1)
        #if canImport(Darwin)
        address.initialize(to: os_unfair_lock())
        #else
        address.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(address, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    func destroy() {
        #if !canImport(Darwin)
        pthread_mutex_destroy(address)
        #endif
        address.deinitialize(count: 1)
        address.deallocate()
    }

    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(address)
        #else
        let status = pthread_mutex_lock(address)
        precondition(status == 0, "pthread_mutex_lock failed: \(status)")
        #endif
    }

    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(address)
        #else
        let status = pthread_mutex_unlock(address)
        precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
        #endif
    }
}
