/// The verified first line of a journal.
public struct JournalHeader: Sendable, Equatable {
    /// Format version (1 or 2, ``JournalFormat/supportedVersions``).
    public var version: Int
    /// The 8-byte fingerprint of the key that signs this journal.
    public var keyID: [UInt8]
    /// 16 random bytes chosen when the journal was created; makes every journal's chain distinct.
    public var journalID: [UInt8]

    /// Creates a header value.
    public init(version: Int, keyID: [UInt8], journalID: [UInt8]) {
        self.version = version
        self.keyID = keyID
        self.journalID = journalID
    }
}
