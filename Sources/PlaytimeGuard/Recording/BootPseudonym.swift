internal import PlaytimeCrypto
internal import PlaytimeJournal

/// The keyed pseudonym a version-2 journal writes as `bootId` for one boot segment (docs/journal-format.md §13.2):
/// lowercase hex of the first 16 bytes of HMAC-SHA256(journal key, "PlaytimeGuard boot v2" ‖ 0x00 ‖ raw boot id
/// ‖ 0x00 ‖ generation as 4 bytes big-endian). Without the key it reveals nothing about the raw boot id.
enum BootPseudonym {
    /// How many generations of one raw boot the recorder recognises (0 … 63); a boot that used them all is
    /// written as an unknown boot.
    static let generationCount: UInt32 = 64

    /// The pseudonym of generation `generation` of the raw boot `rawBootID`.
    static func of(rawBootID: String, generation: UInt32, key: JournalKey) -> String {
        var message = Array("PlaytimeGuard boot v2".utf8)
        message.append(0)
        message.append(contentsOf: rawBootID.utf8)
        message.append(0)
        message.append(contentsOf: [UInt8(generation >> 24), UInt8(generation >> 16 & 0xff), UInt8(generation >> 8 & 0xff), UInt8(generation & 0xff)])
        return Hex.encode(Array(key.authenticate(message).prefix(16)))
    }

    /// Every recognised generation's pseudonym of `rawBootID`, by pseudonym.
    static func generations(of rawBootID: String, key: JournalKey) -> [String: UInt32] {
        var table: [String: UInt32] = [:]
        for generation in 0..<generationCount { table[of(rawBootID: rawBootID, generation: generation, key: key)] = generation }
        return table
    }
}
