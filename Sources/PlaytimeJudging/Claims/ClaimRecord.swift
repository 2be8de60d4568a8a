/// What the game paid for a session, written to the journal so a server can recompute it and compare.
package struct ClaimRecord: Sendable, Hashable, Codable {
    /// The away session paid for.
    package var sessionID: String
    /// Seconds credited by the verdict.
    package var creditedSeconds: Int64
    /// The verdict's proof status when paid.
    package var status: ProofStatus
    /// Gold paid now.
    package var paidGold: Int64
    /// Gold held in escrow until proof arrives.
    package var escrowedGold: Int64
    /// Multipliers applied to this claim (included in ``paidGold`` and ``escrowedGold``).
    package var multipliers: [String]
    /// Multipliers the game asked for that wait for the server's grant: not included in ``paidGold`` or
    /// ``escrowedGold``; a server pays each one it granted (docs/journal-format.md §8, claim version 2).
    package var pendingMultipliers: [String] = []
    /// The rate the claim used (must equal the departure's snapshot).
    package var goldPerHour: Int64
    /// The policy version the claim used.
    package var policyVersion: String

    /// Creates a claim record.
    package init(
        sessionID: String, creditedSeconds: Int64, status: ProofStatus, paidGold: Int64, escrowedGold: Int64,
        multipliers: [String], goldPerHour: Int64, policyVersion: String
    ) {
        self.sessionID = sessionID
        self.creditedSeconds = creditedSeconds
        self.status = status
        self.paidGold = paidGold
        self.escrowedGold = escrowedGold
        self.multipliers = multipliers
        self.goldPerHour = goldPerHour
        self.policyVersion = policyVersion
    }

    /// Creates a claim record with multipliers waiting for the server's grant.
    package init(
        sessionID: String, creditedSeconds: Int64, status: ProofStatus, paidGold: Int64, escrowedGold: Int64,
        multipliers: [String], pendingMultipliers: [String], goldPerHour: Int64, policyVersion: String
    ) {
        self.init(
            sessionID: sessionID, creditedSeconds: creditedSeconds, status: status, paidGold: paidGold, escrowedGold: escrowedGold,
            multipliers: multipliers, goldPerHour: goldPerHour, policyVersion: policyVersion)
        self.pendingMultipliers = pendingMultipliers
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID, creditedSeconds, status, paidGold, escrowedGold, multipliers, pendingMultipliers, goldPerHour, policyVersion
    }

    /// Decodes a claim; one encoded before claims had ``pendingMultipliers`` has none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sessionID: try container.decode(String.self, forKey: .sessionID),
            creditedSeconds: try container.decode(Int64.self, forKey: .creditedSeconds),
            status: try container.decode(ProofStatus.self, forKey: .status),
            paidGold: try container.decode(Int64.self, forKey: .paidGold),
            escrowedGold: try container.decode(Int64.self, forKey: .escrowedGold),
            multipliers: try container.decode([String].self, forKey: .multipliers),
            pendingMultipliers: try container.decodeIfPresent([String].self, forKey: .pendingMultipliers) ?? [],
            goldPerHour: try container.decode(Int64.self, forKey: .goldPerHour),
            policyVersion: try container.decode(String.self, forKey: .policyVersion))
    }

    /// The journal record type of claims.
    package static let recordType = "claim"
}

/// The journal payload of a claim: fixed key order, see docs/journal-format.md ("Claim payloads").
package enum ClaimCodec {
    /// The payload bytes for `claim`: version 1, or version 2 (with `pending`) when multipliers wait for a grant.
    package static func encode(_ claim: ClaimRecord) -> [UInt8] {
        var writer = FixedJSONWriter()
        writer.integer("v", claim.pendingMultipliers.isEmpty ? 1 : 2)
        writer.string("session", claim.sessionID)
        writer.integer("credited", claim.creditedSeconds)
        writer.string("status", claim.status.rawValue)
        writer.integer("paid", claim.paidGold)
        writer.integer("escrow", claim.escrowedGold)
        writer.strings("multipliers", claim.multipliers)
        if !claim.pendingMultipliers.isEmpty { writer.strings("pending", claim.pendingMultipliers) }
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
    static func decode(
        _ payload: UnsafeRawBufferPointer, session sessionCache: inout FixedJSONStringCache,
        policy policyCache: inout FixedJSONStringCache
    ) -> ClaimRecord? {
        var scanner = FixedJSONScanner(payload)
        guard scanner.literal(#"{"v":"#), let version = scanner.integerValue(), version == 1 || version == 2,
            scanner.literal(#","session":"#), let session = scanner.cachedStringValue(&sessionCache),
            scanner.literal(#","credited":"#), let credited = scanner.integerValue(),
            scanner.literal(#","status":"#), let status = status(&scanner),
            scanner.literal(#","paid":"#), let paid = scanner.integerValue(),
            scanner.literal(#","escrow":"#), let escrow = scanner.integerValue(),
            scanner.literal(#","multipliers":"#), let multipliers = scanner.stringsValue(),
            let pending = version == 1 ? [] : scanner.literal(#","pending":"#) ? scanner.stringsValue() : nil,
            version == 1 || !pending.isEmpty,
            scanner.literal(#","rate":"#), let rate = scanner.integerValue(),
            scanner.literal(#","policy":"#), let policy = scanner.cachedStringValue(&policyCache),
            scanner.end(), !session.isEmpty, EvidenceCodec.isSessionID(session)
        else { return nil }
        return ClaimRecord(
            sessionID: session, creditedSeconds: credited, status: status, paidGold: paid, escrowedGold: escrow,
            multipliers: multipliers, pendingMultipliers: pending, goldPerHour: rate, policyVersion: policy)
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
