package import PlaytimeSystem

/// Compares the wall clock with a trusted elapsed figure. The wall clock is only ever a witness:
/// what it says is flagged when it disagrees, and never credited.
enum WallClockCheck {
    /// Flags a wall delta that differs from `expected` by more than `tolerance` (plus `slack`, the
    /// uncertainty of `expected`), and a wall clock that reads earlier at arrival than at departure.
    static func flags(
        departure: ClockReading, arrival: ClockReading, expected: TimeSpan, slack: TimeSpan,
        tolerance: TimeSpan
    ) -> [VerdictFlag] {
        var flags: [VerdictFlag] = []
        let allowed = max(.zero, tolerance) + max(.zero, slack)
        let skew = (arrival.wall - departure.wall) - expected
        if skew > allowed {
            flags.append(VerdictFlag(.wallClockJumpedForward, amount: skew))
        } else if skew < .zero, skew.magnitude > allowed {
            flags.append(VerdictFlag(.wallClockJumpedBack, amount: skew.magnitude))
        }
        flags.append(contentsOf: rollback(departure: departure, arrival: arrival, tolerance: tolerance))
        return flags
    }

    /// Flags only a wall clock that went backwards by more than `tolerance` (across a reboot without
    /// network proof, where nothing better is known), and one that advanced less than the new boot's uptime.
    static func flags(departure: ClockReading, arrival: ClockReading, atLeast minimum: TimeSpan, tolerance: TimeSpan) -> [VerdictFlag] {
        var flags: [VerdictFlag] = []
        let shortfall = minimum - (arrival.wall - departure.wall)
        if shortfall > max(.zero, tolerance) { flags.append(VerdictFlag(.wallClockJumpedBack, amount: shortfall)) }
        flags.append(contentsOf: rollback(departure: departure, arrival: arrival, tolerance: tolerance))
        return flags
    }

    private static func rollback(departure: ClockReading, arrival: ClockReading, tolerance: TimeSpan) -> [VerdictFlag] {
        let back = departure.wall - arrival.wall
        return back > max(.zero, tolerance) ? [VerdictFlag(.clockRolledBack, amount: back)] : []
    }
}
