/// Why a claim could not be computed.
package enum RewardCalculationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The snapshotted rate is negative.
    case negativeRate(Int64)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .negativeRate(let rate): return "gold per hour must not be negative (got \(rate))"
        }
    }
}
