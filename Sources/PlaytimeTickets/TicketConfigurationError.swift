package import PlaytimeRewards

/// Why a ``TicketAuthority`` could not be created.
package enum TicketConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A reward policy is invalid.
    case invalidPolicy(version: String, RewardPolicyError)
    /// Two policies share a version.
    case duplicatePolicyVersion(String)
    /// The ticket lifetime is outside 1 s … 10 years.
    case invalidLifetime(seconds: Int64)
    /// The allowed clock skew is outside 0 … 1 hour.
    case invalidSkew(seconds: Int64)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .invalidPolicy(let version, let error): return "policy \(version): \(error)"
        case .duplicatePolicyVersion(let version): return "two policies have version \"\(version)\""
        case .invalidLifetime(let seconds): return "ticket lifetime \(seconds) s is outside 1 s … 10 years"
        case .invalidSkew(let seconds): return "allowed skew \(seconds) s is outside 0 … 3600 s"
        }
    }
}
