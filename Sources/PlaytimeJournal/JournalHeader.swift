internal import PlaytimeCrypto

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

extension JournalHeader {
    /// The journal id written in a header line, read without verifying anything (to find which derived key
    /// verifies it, docs/anchors.md): the 32 lowercase hex digits after the first `"journal_id":"`, or `nil`.
    package static func peekJournalID(_ line: [UInt8]) -> [UInt8]? {
        let marker = Array(#""journal_id":""#.utf8)
        guard line.count >= marker.count + 32 else { return nil }
        for start in 0...(line.count - marker.count - 32) where line[start..<(start + marker.count)].elementsEqual(marker) {
            return Hex.decodeLowercase(String(decoding: line[(start + marker.count)..<(start + marker.count + 32)], as: UTF8.self))
        }
        return nil
    }
}
