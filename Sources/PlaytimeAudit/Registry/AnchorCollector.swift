internal import PlaytimeCrypto
package import PlaytimeJournal
package import PlaytimeJudging

/// A server anchor found in an upload and verified: the server issued it for this journal and account, and the
/// head it names is the journal's (docs/anchors.md).
package struct VerifiedAnchor: Sendable, Hashable {
    /// The sequence of the `anchor` record: every later record was written after ``serverNanoseconds``.
    package var recordSequence: UInt64
    /// The head the token names: every record up to it existed at ``serverNanoseconds``.
    package var headSequence: UInt64
    /// The server's clock when it issued the anchor.
    package var serverNanoseconds: Int64
}

/// Collects the verified anchors of one upload while it is read (one pass, memory bounded by
/// ``recentMACs``): the MAC of the named head must be among the last ``recentMACs`` records before the anchor
/// record, or the journal's start (head 0) — an honest device records an anchor right after it asked.
package struct AnchorCollector {
    /// How far back a token's head may lie behind the record that holds it.
    package static let recentMACs = 64

    /// The server's anchor key; `nil` verifies nothing (every anchor record is rejected).
    let key: AnchorKey?
    /// The journal's id (lowercase hex).
    let journalID: String
    /// The account the upload is for.
    let account: String
    /// The anchors found, in record order.
    package private(set) var anchors: [VerifiedAnchor] = []
    /// Findings about anchor records that were not used.
    package private(set) var findings: [AuditFinding] = []
    /// The sequence of the first anchor record the server issued (its MAC verifies) for this journal but to
    /// another account: the journal is that account's.
    package private(set) var otherAccount: UInt64?
    private var ring = [(sequence: UInt64, mac: MACBytes?)](repeating: (0, nil), count: AnchorCollector.recentMACs)
    /// How many findings are kept (the rest are counted in the last one): a journal stuffed with bad anchors
    /// costs one line each at most.
    private static let findingLimit = 16
    private var rejected = 0

    /// A collector for `journalID` of `account` under `key`.
    package init(key: AnchorKey?, journalID: String, account: String) {
        self.key = key
        self.journalID = journalID
        self.account = account
    }

    /// Looks at one verified record of the chain (in order).
    package mutating func observe(_ view: JournalRecordView) {
        defer { ring[Int(view.sequence % UInt64(Self.recentMACs))] = (view.sequence, view.macValue) }
        guard view.hasType("anchor") else { return }
        guard let record = AnchorCodec.decode(view.payload) else { return reject(view.sequence, "the anchor record is malformed") }
        let anchor: ServerAnchor
        do { anchor = try ServerAnchor(text: record.token) } catch { return reject(view.sequence, error.description) }
        guard let key, key.verifies(anchor) else { return reject(view.sequence, "this server did not issue the anchor") }
        guard anchor.journalID == journalID else { return reject(view.sequence, "the anchor was issued for journal \(anchor.journalID)") }
        guard AccountIntervals.same(anchor.account, account) else {
            if otherAccount == nil { otherAccount = view.sequence }
            return reject(view.sequence, "the anchor was issued to another account")
        }
        guard anchor.headSequence < view.sequence else {
            return reject(view.sequence, "the anchor names record \(anchor.headSequence), not before the record holding it")
        }
        if anchor.headSequence > 0 {
            let slot = ring[Int(anchor.headSequence % UInt64(Self.recentMACs))]
            guard view.sequence - anchor.headSequence <= UInt64(Self.recentMACs), slot.sequence == anchor.headSequence else {
                return reject(view.sequence, "the anchor names record \(anchor.headSequence), more than \(Self.recentMACs) records back")
            }
            guard let named = Hex.decode(anchor.headMAC), let seen = slot.mac?.array, constantTimeEquals(named, seen) else {
                return reject(view.sequence, "record \(anchor.headSequence) is not the one the server saw")
            }
        }
        anchors.append(VerifiedAnchor(recordSequence: view.sequence, headSequence: anchor.headSequence, serverNanoseconds: anchor.serverNanoseconds))
    }

    private mutating func reject(_ sequence: UInt64, _ reason: String) {
        rejected += 1
        if rejected <= Self.findingLimit {
            findings.append(AuditFinding(kind: .anchorRejected, journal: journalID, sequence: sequence, detail: reason + "; it places nothing"))
        }
    }
}
