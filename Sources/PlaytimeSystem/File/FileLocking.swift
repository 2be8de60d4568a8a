#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OpenFile {
    /// Takes an exclusive advisory lock (`flock`), waiting while another open file description holds it.
    ///
    /// `flock` locks belong to the open file description, so two separate opens of one path
    /// exclude each other even inside a single process. Released by ``unlock()`` or on close.
    package func lockExclusive() throws(SystemError) {
        guard retryingOnInterrupt({ flock(rawDescriptor, LOCK_EX) }) == 0 else { throw SystemError.current("flock") }
    }

    /// Releases a lock taken with ``lockExclusive()`` or ``tryLockExclusive()``.
    package func unlock() throws(SystemError) {
        guard retryingOnInterrupt({ flock(rawDescriptor, LOCK_UN) }) == 0 else { throw SystemError.current("flock") }
    }
}
