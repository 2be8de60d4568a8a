package import PlaytimeSystem

/// Compares the wall clock with a trusted elapsed figure. The wall clock is only ever a witness:
/// what it says is flagged when it disagrees, and never credited.
enum WallClockCheck {
    /// Flags a wall delta that differs from `expected` by more than `tolerance` (plus `slack`, the
    /// uncertainty of `expected`), and a wall clock that reads earlier at arrival than at departure.
    static func flags(departure: ClockReading, arrival: ClockReading, expected: Int64, slack: Int64,
                      tolerance: Int64) -> [VerdictFlag] {
        var flags: [VerdictFlag] = []
        let allowed = Nanoseconds.add(max(0, tolerance), max(0, slack))
        let wallDelta = Nanoseconds.subtract(arrival.wallNanoseconds, departure.wallNanoseconds)
        let skew = Nanoseconds.subtract(wallDelta, expected)
        if skew > allowed {
            flags.append(VerdictFlag(.wallClockJumpedForward, amountNanoseconds: skew))
        } else if skew < 0, Nanoseconds.distance(skew, 0) > allowed {
            flags.append(VerdictFlag(.wallClockJumpedBack, amountNanoseconds: Nanoseconds.distance(skew, 0)))
        }
        flags.append(contentsOf: rollback(departure: departure, arrival: arrival, tolerance: tolerance))
        return flags
    }

    /// Flags only a wall clock that went backwards by more than `tolerance` (across a reboot without
    /// network proof, where nothing better is known), and one that advanced less than the new boot's uptime.
    static func flags(departure: ClockReading, arrival: ClockReading, atLeast minimum: Int64, tolerance: Int64) -> [VerdictFlag] {
        var flags: [VerdictFlag] = []
        let wallDelta = Nanoseconds.subtract(arrival.wallNanoseconds, departure.wallNanoseconds)
        let shortfall = Nanoseconds.subtract(minimum, wallDelta)
        if shortfall > max(0, tolerance) { flags.append(VerdictFlag(.wallClockJumpedBack, amountNanoseconds: shortfall)) }
        flags.append(contentsOf: rollback(departure: departure, arrival: arrival, tolerance: tolerance))
        return flags
    }

    private static func rollback(departure: ClockReading, arrival: ClockReading, tolerance: Int64) -> [VerdictFlag] {
        let back = Nanoseconds.subtract(departure.wallNanoseconds, arrival.wallNanoseconds)
        return back > max(0, tolerance) ? [VerdictFlag(.clockRolledBack, amountNanoseconds: back)] : []
    }
}
