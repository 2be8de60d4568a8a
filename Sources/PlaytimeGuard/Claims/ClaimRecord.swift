/// What the game paid for a session, written to the journal so a server can recompute it and compare.
public struct ClaimRecord: Sendable, Hashable, Codable {
    /// The away session paid for.
    public var sessionID: String
    /// Seconds credited by the verdict.
    public var creditedSeconds: Int64
    /// The verdict's proof status when paid.
    public var status: ProofStatus
    /// Gold paid now.
    public var paidGold: Int64
    /// Gold held in escrow until proof arrives.
    public var escrowedGold: Int64
    /// Multipliers applied to this claim.
    public var multipliers: [String]
    /// The rate the claim used (must equal the departure's snapshot).
    public var goldPerHour: Int64
    /// The policy version the claim used.
    public var policyVersion: String

    /// Creates a claim record.
    public init(sessionID: String, creditedSeconds: Int64, status: ProofStatus, paidGold: Int64, escrowedGold: Int64,
                multipliers: [String], goldPerHour: Int64, policyVersion: String) {
        self.sessionID = sessionID
        self.creditedSeconds = creditedSeconds
        self.status = status
        self.paidGold = paidGold
        self.escrowedGold = escrowedGold
        self.multipliers = multipliers
        self.goldPerHour = goldPerHour
        self.policyVersion = policyVersion
    }

    /// The journal record type of claims.
    public static let recordType = "claim"
}

/// The journal payload of a claim: fixed key order, see docs/journal-format.md ("Claim payloads").
package enum ClaimCodec {
    /// The payload bytes for `claim`.
    package static func encode(_ claim: ClaimRecord) -> [UInt8] {
        var writer = FixedJSONWriter()
        writer.integer("v", 1)
        writer.string("session", claim.sessionID)
        writer.integer("credited", claim.creditedSeconds)
        writer.string("status", claim.status.rawValue)
        writer.integer("paid", claim.paidGold)
        writer.integer("escrow", claim.escrowedGold)
        writer.strings("multipliers", claim.multipliers)
        writer.integer("rate", claim.goldPerHour)
        writer.string("policy", claim.policyVersion)
        return writer.finish()
    }

    /// Decodes a claim payload in place; `nil` for anything not in the exact schema.
    package static func decode(_ payload: UnsafeRawBufferPointer) -> ClaimRecord? {
        var session = FixedJSONStringCache()
        var policy = FixedJSONStringCache()
        return decode(payload, session: &session, policy: &policy)
    }

    /// Decodes a claim payload, reusing the session id and policy strings when their bytes repeat.
    static func decode(_ payload: UnsafeRawBufferPointer, session sessionCache: inout FixedJSONStringCache,
                       policy policyCache: inout FixedJSONStringCache) -> ClaimRecord? {
        var scanner = FixedJSONScanner(payload)
        guard scanner.literal(#"{"v":"#), scanner.integerValue() == 1,
              scanner.literal(#","session":"#), let session = scanner.cachedStringValue(&sessionCache),
              scanner.literal(#","credited":"#), let credited = scanner.integerValue(),
              scanner.literal(#","status":"#), let status = status(&scanner),
              scanner.literal(#","paid":"#), let paid = scanner.integerValue(),
              scanner.literal(#","escrow":"#), let escrow = scanner.integerValue(),
              scanner.literal(#","multipliers":"#), let multipliers = scanner.stringsValue(),
              scanner.literal(#","rate":"#), let rate = scanner.integerValue(),
              scanner.literal(#","policy":"#), let policy = scanner.cachedStringValue(&policyCache),
              scanner.end(), !session.isEmpty, EvidenceCodec.isSessionID(session)
        else { return nil }
        return ClaimRecord(sessionID: session, creditedSeconds: credited, status: status, paidGold: paid, escrowedGold: escrow,
                           multipliers: multipliers, goldPerHour: rate, policyVersion: policy)
    }

    /// A proof status: the plain names are matched raw; anything else (escapes) is decoded and looked up.
    @inline(__always)
    private static func status(_ scanner: inout FixedJSONScanner) -> ProofStatus? {
        if scanner.literal(#""verified""#) { return .verified }
        if scanner.literal(#""provisional""#) { return .provisional }
        if scanner.literal(#""rejected""#) { return .rejected }
        guard let name = scanner.stringValue() else { return nil }
        return ProofStatus(rawValue: name)
    }

    /// Decodes a claim payload; `nil` for anything not in the exact schema.
    package static func decode(_ payload: [UInt8]) -> ClaimRecord? {
        payload.withUnsafeBytes { decode($0) }
    }
}
