/// The seconds and gold that fell into one tier.
public struct TierLine: Codable, Sendable, Equatable {
    /// Where the tier starts, in seconds away.
    public var fromSeconds: Int64
    /// Where the tier ends, or `nil` for the unbounded tier.
    public var toSeconds: Int64?
    /// The tier's percentage of the base rate.
    public var percent: Int64
    /// Considered seconds inside this tier.
    public var seconds: Int64
    /// This tier's gold after efficiency and multipliers, floored on its own
    /// (for display: the tiers may sum to slightly less than the exact total).
    public var gold: Int64

    /// Creates a tier line.
    public init(fromSeconds: Int64, toSeconds: Int64?, percent: Int64, seconds: Int64, gold: Int64) {
        self.fromSeconds = fromSeconds
        self.toSeconds = toSeconds
        self.percent = percent
        self.seconds = seconds
        self.gold = gold
    }
}
