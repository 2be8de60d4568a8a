/// The verified first line of a journal.
package struct JournalHeader: Sendable, Equatable {
    /// Format version (1 or 2, ``JournalFormat/supportedVersions``).
    package var version: Int
    /// The 8-byte fingerprint of the key that signs this journal.
    package var keyID: [UInt8]
    /// 16 random bytes chosen when the journal was created; makes every journal's chain distinct.
    package var journalID: [UInt8]

    /// Creates a header value.
    package init(version: Int, keyID: [UInt8], journalID: [UInt8]) {
        self.version = version
        self.keyID = keyID
        self.journalID = journalID
    }
}
