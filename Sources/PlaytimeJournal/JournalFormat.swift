/// The fixed byte layout of a journal (see docs/journal-format.md).
///
/// Header line:  `{"journal":"playtime","version":1,"key_id":"<16 hex>","journal_id":"<32 hex>","mac":"<64 hex>"}\n`
/// Record line:  `{"seq":<n>,"type":"<type>","payload":<json object>,"mac":"<64 hex>"}\n`
///
/// The MAC of a line covers every byte before its `,"mac":"` suffix. The header's MAC input is just
/// those bytes; a record's MAC input is the previous line's 32 raw MAC bytes followed by those bytes.
package enum JournalFormat {
    /// The version a journal gets unless its creator asks for another: 1, whose layout every later version
    /// keeps (docs/journal-format.md §13: version 2 changes only what session payloads mean).
    package static let version = 1
    /// The newest version, which PlaytimeGuard's recorder gives the journals it creates.
    package static let currentVersion = 2
    /// The versions this code reads and writes; every line's layout and the MAC chain are the same in each.
    package static let supportedVersions: ClosedRange<Int> = 1...2
    /// The smallest key, in bytes, that a journal accepts.
    package static let minimumKeyByteCount = 16
    /// The largest line (without its newline) a reader accepts or a writer produces.
    package static let maximumLineByteCount = 1 << 20
    /// The longest record type string.
    package static let maximumTypeByteCount = 64

    /// `{"journal":"playtime","version":` — the fixed start of every header.
    static let headerLead = Array(#"{"journal":"playtime","version":"#.utf8)
    /// `,"key_id":"` after the version number.
    static let headerKeyID = Array(#","key_id":""#.utf8)
    /// `","journal_id":"` after the key id.
    static let headerJournalID = Array(#"","journal_id":""#.utf8)
    /// `"` closing the journal id, the last MAC-covered byte of a header.
    static let headerClose = Array(#"""#.utf8)

    /// `{"seq":` — the fixed start of every record.
    static let recordLead = Array(#"{"seq":"#.utf8)
    /// `,"type":"` after the sequence number.
    static let recordType = Array(#","type":""#.utf8)
    /// `","payload":` after the type.
    static let recordPayload = Array(#"","payload":"#.utf8)

    /// `,"mac":"` — the start of every line's fixed-size suffix.
    static let macLead = Array(#","mac":""#.utf8)
    /// `"}` — the end of every line before the newline.
    static let macClose = Array(#""}"#.utf8)
    /// Bytes in the suffix `,"mac":"<64 hex>"}` (newline excluded).
    static let suffixByteCount = 8 + 64 + 2

    /// The message whose HMAC, truncated to 8 bytes, is the key id.
    static let keyIDLabel = Array("playtime-key-id".utf8)
    /// Bytes of key id.
    static let keyIDByteCount = 8
    /// Bytes of journal id.
    static let journalIDByteCount = 16
}
