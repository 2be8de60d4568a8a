public import PlaytimeJournal
internal import PlaytimeRewards

/// Why ``OfflineEarnings`` could not record or pay.
public enum EarningsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory could not be created or used.
    case directory(path: String, reason: String)
    /// The key file could not be read or created.
    case key(KeyFileError)
    /// A lifecycle event could not be recorded (nothing the call promised was written).
    case recorder(RecorderError)
    /// The journal could not be read back to settle a session.
    case journal(JournalError)
    /// A configured policy is invalid.
    case invalidPolicy(version: String, RewardPolicyError)
    /// The session departed under a policy this configuration does not know: the return is recorded, nothing
    /// is paid and no claim is written (add the policy to ``EarningsConfiguration/retainedPolicies``).
    case unknownPolicy(sessionID: String, version: String)
    /// The reward could not be computed (a negative rate snapshot).
    case reward(RewardCalculationError)
    /// A server anchor (or the enrollment's) was refused: malformed, for another journal, or not the head its
    /// request reported. Nothing was written.
    case anchor(AnchorError)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .directory(let path, let reason): return "cannot use the directory \(path): \(reason)"
        case .key(let error): return error.description
        case .recorder(let error): return error.description
        case .journal(let error): return "cannot read the journal back: \(error.description)"
        case .invalidPolicy(let version, let error): return "policy \(version) is invalid: \(error.description)"
        case .unknownPolicy(let session, let version):
            return "session \(session) departed under policy '\(version)', unknown here: not paid, no claim recorded"
        case .reward(let error): return error.description
        case .anchor(let error): return error.description
        }
    }
}
