/// The outcome of reading a journal: how far it verified and, if it stopped early, why.
package struct JournalVerification: Sendable, Equatable {
    /// The header, when line 1 verified.
    package var header: JournalHeader?
    /// Records that verified (equal to the last verified sequence number).
    package var recordCount: UInt64
    /// Bytes of the journal that verified, from the start: the length to keep when repairing.
    package var verifiedByteCount: Int64
    /// The MAC of the last verified line: the chain head. Pin it elsewhere to detect truncation
    /// at a line boundary or a wholesale rollback, which a chain alone cannot reveal.
    package var headMAC: [UInt8]
    /// The first bad line, or nil when every byte verified.
    package var failure: JournalFailure?

    /// True when the whole journal verified.
    package var isIntact: Bool { failure == nil }

    /// True when the only problem is a torn last line (what a crash during an append leaves).
    package var hasOnlyTornTail: Bool { failure?.reason == .truncated && header != nil }
}
