internal import PlaytimeSystem

/// The tolerances a verdict uses. The defaults follow docs/guarantees.md.
package struct VerdictConfiguration: Sendable, Hashable, Codable {
    /// Bound on the boot clock's frequency error, in parts per million. Default 100.
    package var driftPPM: Int64
    /// How far two clocks may disagree, beyond their stated errors, before the difference is named: the
    /// wall clock against the trusted elapsed time (and against the server's clock or proven time), and
    /// network time against the boot clock (within one boot, and across a reboot against the new boot's
    /// uptime). One figure for every clock step an honest device sees, so an NTP server that steps or is a
    /// minute off is treated like a wall clock that stepped (docs/journal-format.md §10, `T`). Within it
    /// network time does not contradict the boot clock: nothing is flagged, held or escrowed, and the credit
    /// is what the boot clock proves, never more. Default 120 s: honest steps of up to 60 s at each end stay
    /// below it.
    package var clockStepToleranceNanoseconds: Int64
    /// The game's heartbeat cadence: a departure recovered from a heartbeat (the app was killed in the
    /// foreground) happened at most this long after that heartbeat, so this much is not credited. Default 60 s.
    package var heartbeatIntervalNanoseconds: Int64
    /// Slack allowed when signed time is compared with the game server's own clock (rule S). Default 2 s. Network
    /// time is compared with it within the clock-step tolerance (rule 0, issue 33): an honest NTP server may be a
    /// minute off the server's clock, an operator's signed time is not.
    package var serverClockToleranceNanoseconds: Int64
    /// When true, a session without signed time at both ends (docs/journal-format.md §10, rule S) is at most
    /// provisional: its device-attested figure is worth only the provisional cap until settled. For servers
    /// that configure Roughtime keys and do not trust the journal key alone. Default false.
    package var requireSignedTime: Bool
    /// How far device evidence may fall short of signed time before it is named a contradiction. Default 10 s
    /// (a return's clock reading is taken before its signed answer arrives, within the foreground budget).
    package var signedTimeSlackNanoseconds: Int64

    /// Creates a configuration; negative values are treated as 0 when used.
    package init(
        driftPPM: Int64 = 100, clockStepToleranceNanoseconds: Int64 = 120_000_000_000,
        heartbeatIntervalNanoseconds: Int64 = 60_000_000_000, serverClockToleranceNanoseconds: Int64 = 2_000_000_000,
        requireSignedTime: Bool = false, signedTimeSlackNanoseconds: Int64 = 10_000_000_000
    ) {
        self.requireSignedTime = requireSignedTime
        self.signedTimeSlackNanoseconds = signedTimeSlackNanoseconds
        self.driftPPM = driftPPM
        self.clockStepToleranceNanoseconds = clockStepToleranceNanoseconds
        self.heartbeatIntervalNanoseconds = heartbeatIntervalNanoseconds
        self.serverClockToleranceNanoseconds = serverClockToleranceNanoseconds
    }

    /// The defaults: 100 ppm, 120 s clock-step tolerance, 60 s heartbeat, 2 s server-clock slack.
    package static let standard = VerdictConfiguration()

    /// ``clockStepToleranceNanoseconds`` as a span, never negative.
    var clockStepTolerance: TimeSpan { TimeSpan(nanoseconds: max(0, clockStepToleranceNanoseconds)) }
    /// ``serverClockToleranceNanoseconds`` as a span, never negative.
    var serverClockTolerance: TimeSpan { TimeSpan(nanoseconds: max(0, serverClockToleranceNanoseconds)) }
    /// ``signedTimeSlackNanoseconds`` as a span, never negative.
    var signedTimeSlack: TimeSpan { TimeSpan(nanoseconds: max(0, signedTimeSlackNanoseconds)) }
    /// ``heartbeatIntervalNanoseconds`` as a span, never negative.
    var heartbeatInterval: TimeSpan { TimeSpan(nanoseconds: max(0, heartbeatIntervalNanoseconds)) }
}
