import PlaytimeGuard

/// One scenario's totals over all trials.
package struct SimulationRow: Sendable, Hashable, Codable {
    /// The scenario's name (e.g. `t01-wall-forward`).
    package var scenario: String
    /// Attack or honest.
    package var kind: ScenarioKind
    /// The threat's number in docs/guarantees.md (Threat catalogue), for attacks.
    package var threat: Int?
    /// Trials run.
    package var trials: Int
    /// Gold the server granted over all trials.
    package var goldPaid: Int64
    /// Gold the honest runs of the same true away time got.
    package var goldHonest: Int64
    /// Σ max(0, paid − honest) per trial: must be 0.
    package var overpaid: Int64
    /// Share of trials with a suspicious flag or a server-side detection, 0...1.
    package var flaggedShare: Double
    /// Credited time over true time away, 0...1.
    package var creditedShareOfTrueTime: Double
    /// Trials that failed to run (a recorder or journal error), never expected.
    package var errors: Int
    /// The first error a trial met, for diagnosis (`nil` when none).
    package var firstError: String?
    /// The scenario in one line.
    package var summary: String

    /// Creates a row.
    package init(
        scenario: String, kind: ScenarioKind, threat: Int?, trials: Int, goldPaid: Int64, goldHonest: Int64, overpaid: Int64,
        flaggedShare: Double, creditedShareOfTrueTime: Double, errors: Int, firstError: String? = nil, summary: String
    ) {
        self.scenario = scenario
        self.kind = kind
        self.threat = threat
        self.trials = trials
        self.goldPaid = goldPaid
        self.goldHonest = goldHonest
        self.overpaid = overpaid
        self.flaggedShare = flaggedShare
        self.creditedShareOfTrueTime = creditedShareOfTrueTime
        self.errors = errors
        self.firstError = firstError
        self.summary = summary
    }

    /// The requirement this row must meet: nothing overpaid and no errors; honest rows also unflagged and
    /// credited at least 99 % of the true time.
    package var passed: Bool {
        guard overpaid == 0, errors == 0 else { return false }
        guard kind == .honest else { return true }
        return flaggedShare == 0 && creditedShareOfTrueTime >= 0.99
    }
}
