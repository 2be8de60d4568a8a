internal import PlaytimeCrypto
internal import PlaytimeJournal
internal import PlaytimeSystem

/// The device-local file beside a version-2 journal (`<journal>.boot`, never uploaded) that remembers the
/// current boot segment: its generation, its pseudonym and its origin, the raw boot-clock reading at the
/// segment's first record (docs/journal-format.md §13.3). One line:
///
/// `{"sidecar":"playtime-boot","version":2,"journal_id":"<32 hex>","generation":<n>,"bootId":"<32 hex>","origin":<int>,"mac":"<64 hex>"}\n`
///
/// `mac` is HMAC-SHA256(journal key, "PlaytimeGuard boot sidecar v2" ‖ 0x00 ‖ the line before `,"mac":"`),
/// so a sidecar edited, forged or copied from another journal is refused, never trusted.
struct BootSidecar: Sendable, Equatable {
    /// The journal's id (16 bytes): binds the sidecar to one journal.
    var journalID: [UInt8]
    /// The segment's generation within its raw boot.
    var generation: UInt32
    /// The segment's pseudonym (``BootPseudonym``), which also identifies its raw boot.
    var pseudonym: String
    /// The raw boot clock at the segment's first record, nanoseconds since boot.
    var originNanoseconds: Int64

    /// The largest sidecar read.
    static let maximumByteCount = 1024

    /// Where the sidecar of the journal at `journalPath` lives.
    static func path(forJournal journalPath: String) -> String { journalPath + ".boot" }

    /// The file's bytes, authenticated under `key`.
    func encoded(key: JournalKey) -> [UInt8] {
        var line = Array(#"{"sidecar":"playtime-boot","version":2,"journal_id":""#.utf8)
        line.append(contentsOf: Hex.encode(journalID).utf8)
        line.append(contentsOf: #"","generation":"#.utf8)
        line.append(contentsOf: String(generation).utf8)
        line.append(contentsOf: #","bootId":""#.utf8)
        line.append(contentsOf: pseudonym.utf8)
        line.append(contentsOf: #"","origin":"#.utf8)
        line.append(contentsOf: String(originNanoseconds).utf8)
        let mac = Self.mac(of: line, key: key)
        line.append(contentsOf: #","mac":""#.utf8)
        line.append(contentsOf: Hex.encode(mac).utf8)
        line.append(contentsOf: "\"}\n".utf8)
        return line
    }

    /// The sidecar in `bytes` when it is exactly what ``encoded(key:)`` writes for the journal `journalID`
    /// under `key`; `nil` for anything else.
    static func decode(_ bytes: [UInt8], key: JournalKey, journalID: [UInt8]) -> BootSidecar? {
        let parsed: BootSidecar? = bytes.withUnsafeBytes { raw in
            var scanner = FixedJSONScanner(raw)
            guard scanner.literal(#"{"sidecar":"playtime-boot","version":2,"journal_id":"#), let id = scanner.stringValue(),
                scanner.literal(#","generation":"#), let generation = scanner.integerValue(),
                scanner.literal(#","bootId":"#), let pseudonym = scanner.stringValue(),
                scanner.literal(#","origin":"#), let origin = scanner.integerValue(),
                let generationValue = UInt32(exactly: generation), let idBytes = Hex.decode(id), idBytes.count == 16
            else { return nil }
            return BootSidecar(journalID: idBytes, generation: generationValue, pseudonym: pseudonym, originNanoseconds: origin)
        }
        // Rebuilt byte for byte (so one sidecar has one spelling), then the MAC compared in constant time.
        guard let parsed, parsed.journalID == journalID else { return nil }
        let expected = parsed.encoded(key: key)
        guard expected.count == bytes.count, constantTimeEquals(expected, bytes) else { return nil }
        return parsed
    }

    /// Reads the sidecar of the journal at `journalPath`; `nil` when it is missing, unreadable or refused.
    static func load(journalPath: String, key: JournalKey, journalID: [UInt8]) -> BootSidecar? {
        guard let bytes = try? FileSystem.readRegularFile(atPath: path(forJournal: journalPath), byteLimit: maximumByteCount) else { return nil }
        return decode(bytes, key: key, journalID: journalID)
    }

    /// Writes the sidecar atomically and durably (temporary file, fsync, rename, directory fsync), mode 0600.
    func store(journalPath: String, key: JournalKey) throws(FileAccessError) {
        try FileSystem.writeOutput(encoded(key: key), toPath: Self.path(forJournal: journalPath), permissions: 0o600)
    }

    private static func mac(of body: [UInt8], key: JournalKey) -> [UInt8] {
        var message = Array("PlaytimeGuard boot sidecar v2".utf8)
        message.append(0)
        message.append(contentsOf: body)
        return key.authenticate(message)
    }
}
