internal import PlaytimeSystem

/// How long the player provably was away in one session, how that is known, and what looked wrong.
///
/// The credited time is always the lower bound: the wall clock can never raise it, and timezone or
/// DST never enter (every clock here is UTC or a boot counter).
package struct ElapsedVerdict: Sendable, Hashable {
    /// The session judged.
    package var sessionID: String
    /// Proven lower bound on the time away, in nanoseconds (never negative).
    package var lowerNanoseconds: Int64
    /// Upper bound on the time away, in nanoseconds, when one is known.
    package var upperNanoseconds: Int64?
    /// What the lower bound rests on.
    package var method: VerdictMethod
    /// How well the time is proven: it decides the share paid now.
    package var status: ProofStatus
    /// Everything noticed, in the order found.
    package var flags: [VerdictFlag]
    /// Time beyond the lower bound that one trustworthy clock shows but another contradicts (within one boot,
    /// network time short of the boot clock): worth gold only in escrow until a later fix decides. 0 otherwise.
    package var heldNanoseconds: Int64

    /// Creates a verdict; negative bounds and held time are stored as 0.
    package init(
        sessionID: String, lowerNanoseconds: Int64, upperNanoseconds: Int64?, method: VerdictMethod,
        status: ProofStatus, flags: [VerdictFlag], heldNanoseconds: Int64 = 0
    ) {
        self.sessionID = sessionID
        self.lowerNanoseconds = max(0, lowerNanoseconds)
        self.upperNanoseconds = upperNanoseconds.map { max(0, $0) }
        self.method = method
        self.status = status
        self.flags = flags
        self.heldNanoseconds = max(0, heldNanoseconds)
    }

    /// The seconds held in escrow beyond the credited time, rounded down (see ``heldNanoseconds``).
    package var heldSeconds: Int64 {
        max(0, TimeSpan.floorSeconds(Saturating.add(lowerNanoseconds, heldNanoseconds)) - creditedSeconds)
    }

    /// A one-paragraph explanation for players, support staff and auditors (built on demand).
    package var explanation: String {
        VerdictText.explain(method: method, status: status, lower: lowerNanoseconds, upper: upperNanoseconds, flags: flags)
    }

    /// The lower bound in whole seconds, rounded down.
    package var lowerSeconds: Int64 { TimeSpan.floorSeconds(lowerNanoseconds) }

    /// The upper bound in whole seconds, rounded up, when known.
    package var upperSeconds: Int64? { upperNanoseconds.map(TimeSpan.ceilingSeconds) }

    /// The seconds the reward is computed from: `floor(lower bound)`.
    package var creditedSeconds: Int64 { lowerSeconds }

    /// The flags that suggest manipulation or contradictory evidence.
    package var suspiciousFlags: [VerdictFlag] { flags.filter(\.kind.isSuspicious) }

    /// True when any suspicious flag was raised.
    package var isFlagged: Bool { flags.contains { $0.kind.isSuspicious } }

    /// True when a flag of `kind` was raised.
    package func has(_ kind: VerdictFlag.Kind) -> Bool { flags.contains { $0.kind == kind } }
}
