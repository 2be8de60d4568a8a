/// One reason a ``RewardPolicy`` is unusable.
package enum PolicyViolation: Sendable, Equatable, CustomStringConvertible {
    /// `version` is empty.
    case emptyVersion
    /// A quantity that must not be negative is negative.
    case negative(field: String, value: Int64)
    /// A quantity that must be positive is zero or negative.
    case notPositive(field: String, value: Int64)
    /// `minimumAwaySeconds` exceeds `capSeconds`.
    case minimumAboveCap(minimum: Int64, cap: Int64)
    /// The policy has no tiers.
    case noTiers
    /// Tier bounds must strictly increase; tier `index` does not.
    case tiersNotIncreasing(index: Int)
    /// Only the last tier may be unbounded; tier `index` is unbounded but not last.
    case unboundedTierNotLast(index: Int)
    /// The last tier must be unbounded (`upToSeconds: null`).
    case lastTierBounded
    /// A percentage lies outside its allowed range.
    case percentOutOfRange(field: String, value: Int64, allowed: ClosedRange<Int64>)
    /// A multiplier has an empty name.
    case emptyMultiplierName(index: Int)
    /// Two multipliers share a name.
    case duplicateMultiplier(name: String)
    /// More multipliers than ``RewardPolicy/maximumMultipliers``.
    case tooManyMultipliers(count: Int, maximum: Int)
    /// Shares must satisfy rejected ≤ provisional ≤ verified.
    case sharesNotOrdered

    /// A one-line explanation naming the field.
    package var description: String {
        switch self {
        case .emptyVersion: return "version must not be empty"
        case .negative(let field, let value): return "\(field) must not be negative (got \(value))"
        case .notPositive(let field, let value): return "\(field) must be positive (got \(value))"
        case .minimumAboveCap(let minimum, let cap):
            return "minimumAwaySeconds (\(minimum)) must not exceed capSeconds (\(cap))"
        case .noTiers: return "tiers must not be empty"
        case .tiersNotIncreasing(let index): return "tiers[\(index)].upToSeconds must be greater than the previous tier's"
        case .unboundedTierNotLast(let index): return "tiers[\(index)] is unbounded but is not the last tier"
        case .lastTierBounded: return "the last tier must be unbounded (upToSeconds: null)"
        case .percentOutOfRange(let field, let value, let allowed):
            return "\(field) = \(value) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .emptyMultiplierName(let index): return "multipliers[\(index)].name must not be empty"
        case .duplicateMultiplier(let name): return "multiplier '\(name)' is defined more than once"
        case .tooManyMultipliers(let count, let maximum): return "\(count) multipliers defined; at most \(maximum) allowed"
        case .sharesNotOrdered:
            return "statusSharePercent must satisfy rejected <= provisional <= verified"
        }
    }
}
