/// The seconds and gold that fell into one tier.
package struct TierLine: Codable, Sendable, Equatable {
    /// Where the tier starts, in seconds away.
    package var fromSeconds: Int64
    /// Where the tier ends, or `nil` for the unbounded tier.
    package var toSeconds: Int64?
    /// The tier's percentage of the base rate.
    package var percent: Int64
    /// Considered seconds inside this tier.
    package var seconds: Int64
    /// This tier's gold after efficiency and multipliers, floored on its own
    /// (for display: the tiers may sum to slightly less than the exact total).
    package var gold: Int64

    /// Creates a tier line.
    package init(fromSeconds: Int64, toSeconds: Int64?, percent: Int64, seconds: Int64, gold: Int64) {
        self.fromSeconds = fromSeconds
        self.toSeconds = toSeconds
        self.percent = percent
        self.seconds = seconds
        self.gold = gold
    }
}
