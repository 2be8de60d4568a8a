#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OpenFile {
    /// Tries the exclusive lock for up to `patienceNanoseconds`, retrying every millisecond.
    ///
    /// A lock belongs to the open file description, so a child process forked elsewhere in this process
    /// keeps it for the instant between its fork and its exec even after our descriptor is closed; a short
    /// patience rides that out, while a real second writer still holds it when the patience runs out.
    package func tryLockExclusive(patienceNanoseconds: Int64) throws(SystemError) -> Bool {
        let deadline = SystemClock.bootNanoseconds() + max(0, patienceNanoseconds)
        while true {
            if try tryLockExclusive() { return true }
            if SystemClock.bootNanoseconds() >= deadline { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&pause, nil)
        }
    }
}
