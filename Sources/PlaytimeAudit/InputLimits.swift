/// How much one input may hold before a server refuses it unjudged: an upload's bytes, a journal's records,
/// sessions and claims, a claim's multiplier names (docs/fleet.md, "Limits and cost"). Within them every
/// input is judged in time linear in its bytes; beyond one, the upload gate throws
/// ``UploadError/overLimit(_:)`` and the auditor reports a `limit-exceeded` finding, and nothing is paid.
///
/// The defaults are far above what an honest game writes (the reasons are in docs/fleet.md) and small
/// enough that the largest upload they admit is judged in about a second.
package struct InputLimits: Sendable, Hashable {
    /// The most bytes one upload may have (default 32 MiB).
    package var bytesPerUpload: Int = 32 << 20
    /// The most records one journal may have (default 200 000).
    package var records: Int = 200_000
    /// The most sessions (departures) one journal may have (default 50 000).
    package var sessions: Int = 50_000
    /// The most claim records one journal may have (default 100 000).
    package var claims: Int = 100_000
    /// The most multiplier names one claim may list (default 64; a policy defines at most
    /// `RewardPolicy.maximumMultipliers`).
    package var multipliersPerClaim: Int = 64
    /// The most returns held while they wait for later network proof (default 64). Not a refusal: beyond it
    /// the oldest is judged without that proof (docs/fleet.md).
    package var heldReturns: Int = 64

    /// The defaults (a server's: `ServerConfiguration.limits`).
    package init() {}

    /// No refusal at all, and the default number of held returns: the auditor's default, so that
    /// `playtime audit` judges an archive of any size (in time linear in it).
    package static let unlimited: InputLimits = {
        var limits = InputLimits()
        limits.bytesPerUpload = .max
        limits.records = .max
        limits.sessions = .max
        limits.claims = .max
        limits.multipliersPerClaim = .max
        return limits
    }()
}

/// Which limit of ``InputLimits`` an input went beyond, and the figure it went beyond.
package enum LimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// More than `limit` bytes in one upload.
    case bytes(limit: Int)
    /// More than `limit` records in one journal.
    case records(limit: Int)
    /// More than `limit` sessions in one journal.
    case sessions(limit: Int)
    /// More than `limit` claims in one journal.
    case claims(limit: Int)
    /// A claim for `sessionID` listing more than `limit` multiplier names.
    case multipliersPerClaim(limit: Int, sessionID: String)

    /// The limit's figure.
    package var limit: Int {
        switch self {
        case .bytes(let limit), .records(let limit), .sessions(let limit), .claims(let limit),
            .multipliersPerClaim(let limit, _):
            return limit
        }
    }

    /// In plain words, as what the input holds ("more than 200000 records (the limit on records per journal)").
    package var description: String {
        switch self {
        case .bytes(let limit): return "more than \(limit) bytes (the limit on bytes per upload)"
        case .records(let limit): return "more than \(limit) records (the limit on records per journal)"
        case .sessions(let limit): return "more than \(limit) sessions (the limit on sessions per journal)"
        case .claims(let limit): return "more than \(limit) claims (the limit on claims per journal)"
        case .multipliersPerClaim(let limit, let session):
            return "a claim for session \(session) naming more than \(limit) multipliers (the limit on multiplier names per claim)"
        }
    }
}
