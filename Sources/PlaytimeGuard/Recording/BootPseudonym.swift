internal import PlaytimeCrypto
internal import PlaytimeJournal

/// The keyed pseudonym a version-2 journal writes as `bootId` for one boot segment (docs/journal-format.md §13.2):
/// 32 lowercase hex digits, a *tag* (the first 8 bytes of HMAC-SHA256(journal key, "PlaytimeGuard boot v2" ‖ 0x00 ‖
/// raw boot id ‖ 0x00 ‖ generation as 4 bytes big-endian)) followed by 8 bytes of HMAC-SHA256(journal key,
/// "PlaytimeGuard boot origin v2" ‖ 0x00 ‖ raw boot id ‖ 0x00 ‖ generation ‖ origin as 8 bytes big-endian, two's
/// complement). Without the key it reveals nothing about the raw boot id; with it, nothing either (the raw id is a
/// random UUID).
///
/// The tag lets the device recognise its own raw boot's generations in the journal; the second half binds the
/// segment's origin, so two segments that began at different raw readings never share a pseudonym — whatever
/// sidecar a player keeps, restores or swaps, no boot-clock difference is ever taken across two origins.
enum BootPseudonym {
    /// How many generations of one raw boot the recorder recognises (0 … 63); a boot that used them all is
    /// written as an unknown boot.
    static let generationCount: UInt32 = 64
    /// Hex digits of the tag at the start of a pseudonym.
    static let tagLength = 16

    /// The tag of generation `generation` of the raw boot `rawBootID`.
    static func tag(rawBootID: String, generation: UInt32, key: JournalKey) -> String {
        var message = Array("PlaytimeGuard boot v2".utf8)
        message.append(0)
        message.append(contentsOf: rawBootID.utf8)
        message.append(0)
        message.append(contentsOf: bigEndian(UInt64(generation), bytes: 4))
        return Hex.encode(Array(key.authenticate(message).prefix(8)))
    }

    /// The pseudonym of the segment of generation `generation` of the raw boot `rawBootID` that began at the raw
    /// boot-clock reading `origin`.
    static func of(rawBootID: String, generation: UInt32, origin: Int64, key: JournalKey) -> String {
        var message = Array("PlaytimeGuard boot origin v2".utf8)
        message.append(0)
        message.append(contentsOf: rawBootID.utf8)
        message.append(0)
        message.append(contentsOf: bigEndian(UInt64(generation), bytes: 4))
        message.append(contentsOf: bigEndian(UInt64(bitPattern: origin), bytes: 8))
        return tag(rawBootID: rawBootID, generation: generation, key: key) + Hex.encode(Array(key.authenticate(message).prefix(8)))
    }

    /// Every recognised generation's tag of `rawBootID`, by tag.
    static func generations(of rawBootID: String, key: JournalKey) -> [String: UInt32] {
        var table: [String: UInt32] = [:]
        for generation in 0..<generationCount { table[tag(rawBootID: rawBootID, generation: generation, key: key)] = generation }
        return table
    }

    /// The tag at the start of `pseudonym` (the whole string when it is shorter).
    static func tag(of pseudonym: String) -> String { String(pseudonym.prefix(tagLength)) }

    private static func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
