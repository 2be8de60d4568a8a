/// Why a claim could not be computed.
public enum RewardCalculationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The snapshotted rate is negative.
    case negativeRate(Int64)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .negativeRate(let rate): return "gold per hour must not be negative (got \(rate))"
        }
    }
}
