/// Carries instants of the system's boot clock — what the kernel stamps and a socket's wait are measured on —
/// onto the boot clock of a `ClockSource` the caller injected, so that a transport reports its send and receive
/// instants on the same clock its client reads (docs/guarantees.md, "Time model"). The offset is read once; with
/// the system's own clock it is 0 (to the nanoseconds between two reads).
package struct BootFrame: Sendable {
    /// The injected clock's boot time minus the system's, when the frame was taken.
    package let offsetNanoseconds: Int64

    /// The frame of `clock` now.
    package init(_ clock: any ClockSource) {
        if clock is SystemClockSource {
            offsetNanoseconds = 0
        } else {
            offsetNanoseconds = Saturating.subtract(clock.read().bootNanoseconds, SystemClock.bootNanoseconds())
        }
    }

    /// `systemBootNanoseconds` (an instant of the system's boot clock) on the injected clock.
    package func onClock(_ systemBootNanoseconds: Int64) -> Int64 {
        Saturating.add(systemBootNanoseconds, offsetNanoseconds)
    }
}
