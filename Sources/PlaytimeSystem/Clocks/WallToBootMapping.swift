/// The wall and boot clocks read at (nearly) one instant: the boot clock read between two wall-clock
/// readings and paired with their midpoint, so the time one reading takes does not skew the pair.
package struct WallBootPair: Sendable, Hashable {
    /// Wall clock, UTC nanoseconds since 1970.
    package var wallNanoseconds: Int64
    /// Boot clock, nanoseconds since boot.
    package var bootNanoseconds: Int64

    /// Creates a pair from its two readings.
    package init(wallNanoseconds: Int64, bootNanoseconds: Int64) {
        self.wallNanoseconds = wallNanoseconds
        self.bootNanoseconds = bootNanoseconds
    }

    /// Reads wall, boot, wall, and pairs the boot reading with the midpoint of the two wall readings.
    package static func now() -> WallBootPair {
        let before = SystemClock.wallNanoseconds()
        let boot = SystemClock.bootNanoseconds()
        let after = SystemClock.wallNanoseconds()
        // A gap of a millisecond or more (a wall-clock step, or the thread preempted between the readings)
        // makes the midpoint meaningless: keep the later reading then.
        let (gap, overflow) = after.subtractingReportingOverflow(before)
        let wall = !overflow && gap >= 0 && gap < 1_000_000 ? before + gap / 2 : after
        return WallBootPair(wallNanoseconds: wall, bootNanoseconds: boot)
    }
}

/// Places a wall-clock instant (such as a kernel's receive stamp) on the boot clock.
///
/// The instant's age on the wall clock, measured against a pair read just afterwards, is subtracted from
/// that pair's boot reading: `boot = pair.boot − (pair.wall − wall)`. Both clocks advance at the same rate
/// between steps, so over the microseconds between an arrival and the read that follows it the age is
/// the same on either clock. The result is clamped to `[notBefore, pair.boot]`: an instant known to be
/// later than `notBefore` (the send of the request it answers) and not later than the pair. A wall clock
/// stepped in between can therefore move the result only inside that window, never outside it.
///
/// An instant that needed the clamp says nothing about where in the window it belongs (the wall clock was
/// stepped, or the process's wall clock is not the kernel's, as under libfaketime): `fallsInWindow` tells
/// callers to use the read time instead, which can only overstate a round trip, never understate it.
package enum WallToBootMapping {
    /// True when `wall` maps into `[notBefore, pair.boot]` without clamping.
    package static func fallsInWindow(_ wall: Int64, pairedWith pair: WallBootPair, notBefore: Int64) -> Bool {
        guard notBefore <= pair.bootNanoseconds else { return false }
        let (age, ageOverflow) = pair.wallNanoseconds.subtractingReportingOverflow(wall)
        let (window, windowOverflow) = pair.bootNanoseconds.subtractingReportingOverflow(notBefore)
        guard !ageOverflow, age >= 0 else { return false }
        return windowOverflow || age <= window
    }

    /// The boot-clock instant of `wall`, within `[min(notBefore, pair.boot), pair.boot]`; never traps.
    /// Monotone non-decreasing in `wall`.
    package static func bootNanoseconds(ofWall wall: Int64, pairedWith pair: WallBootPair, notBefore: Int64) -> Int64 {
        let upper = pair.bootNanoseconds
        let lower = min(notBefore, upper)
        let (age, ageOverflow) = pair.wallNanoseconds.subtractingReportingOverflow(wall)
        if ageOverflow { return pair.wallNanoseconds > wall ? lower : upper }
        if age <= 0 { return upper }
        let (candidate, candidateOverflow) = upper.subtractingReportingOverflow(age)
        if candidateOverflow { return lower }
        return max(lower, candidate)
    }
}
