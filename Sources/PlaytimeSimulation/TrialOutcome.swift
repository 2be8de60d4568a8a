import PlaytimeGuard

/// What one trial of a scenario produced.
struct TrialOutcome: Sendable {
    /// Gold granted by the server (paid now plus settled escrow).
    var paid: Int64
    /// Gold the honest run of the same true away time gets.
    var honest: Int64
    /// A suspicious verdict flag or a server-side detection.
    var flagged: Bool
    /// Nanoseconds credited by the final verdicts.
    var credited: Int64
    /// True nanoseconds away.
    var trueAway: Int64
}
