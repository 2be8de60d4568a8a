import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// What the first lines of a file in an audited directory say about it (docs/fleet.md, "Fleet audits").
enum EnrollmentProbeResult: Sendable {
    /// A journal whose first record is an enrollment anchor the server issued (its MAC verifies under the
    /// anchor key) for this journal, naming `account`.
    case enrolled(account: String, journalID: PackedJournalID)
    /// A journal readable under its derived key whose first record is not a verified enrollment anchor.
    case unenrolled(journalID: PackedJournalID, reason: String)
    /// Not a journal, or not one this secret reads (the reason in words).
    case unreadable(String)
}

/// Reads only a journal's header and first record (at most ``headByteLimit`` bytes) to find the account it was
/// enrolled for: the journal key is derived from the secret and the header's journal id, the anchor key from
/// the secret (docs/anchors.md §1–2).
struct EnrollmentProbe: Sendable {
    private let secret: [UInt8]
    private let anchorKey: AnchorKey

    /// The most bytes read from a file: a header and an enrollment anchor record take well under 4 KiB.
    static let headByteLimit = 16 * 1024

    init(serverSecret: [UInt8]) {
        secret = serverSecret
        anchorKey = AnchorKey(serverSecret: serverSecret)
    }

    /// The journal key of the journal with `journalID`.
    func key(for journalID: [UInt8]) -> JournalKey { JournalKey(serverSecret: secret, journalID: journalID) }

    /// The journal key of the journal with `journalID`.
    func key(for journalID: PackedJournalID) -> JournalKey { key(for: journalID.bytes) }

    /// Probes the file at `path`.
    func probe(path: String) -> EnrollmentProbeResult {
        let head: [UInt8]
        do { head = try Self.readHead(path: path) } catch { return .unreadable(plainMessage(error)) }
        guard let headerEnd = head.firstIndex(of: 0x0a), let journalID = JournalHeader.peekJournalID(Array(head[..<headerEnd])),
            let packed = PackedJournalID(journalID)
        else {
            return .unreadable("no journal id in its first line: not a journal")
        }
        let recordEnd = head[(headerEnd + 1)...].firstIndex(of: 0x0a)
        let lines = Array(head[...(recordEnd ?? headerEnd)])
        var first: JournalRecord?
        let verification = JournalReader.verify(bytes: lines, key: key(for: journalID)) { record in
            if first == nil { first = record }
        }
        if let failure = verification.failure, failure.line <= 1 {
            return .unreadable("not a readable journal under this secret: \(failure)")
        }
        guard recordEnd != nil, let first else {
            return .unenrolled(journalID: packed, reason: "no first record within \(Self.headByteLimit) bytes")
        }
        guard first.type == AnchorCodec.recordType else {
            return .unenrolled(journalID: packed, reason: "its first record is \(first.type), not an enrollment anchor")
        }
        guard let record = first.payload.withUnsafeBytes({ AnchorCodec.decode($0) }), let anchor = try? ServerAnchor(text: record.token) else {
            return .unenrolled(journalID: packed, reason: "its first record is not a well-formed anchor")
        }
        guard anchorKey.verifies(anchor) else {
            return .unenrolled(journalID: packed, reason: "its enrollment anchor was not issued under this secret")
        }
        guard anchor.journalID == Hex.encode(journalID), anchor.headSequence == 0 else {
            return .unenrolled(journalID: packed, reason: "its first anchor is not this journal's enrollment")
        }
        return .enrolled(account: anchor.account, journalID: packed)
    }

    /// The file's first bytes, up to the end of its second line or ``headByteLimit`` bytes.
    private static func readHead(path: String) throws -> [UInt8] {
        let file = try OpenFile(readingAt: path, accepting: [.regular])
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: headByteLimit, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        var newlines = 0
        while filled < headByteLimit, newlines < 2 {
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            newlines += buffer[filled..<(filled + count)].lazy.filter { $0 == 0x0a }.count
            filled += count
        }
        return Array(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
    }
}

/// A 16-byte journal id held in two words, not on the heap: a directory audit keeps one per file.
struct PackedJournalID: Sendable, Hashable {
    private let high: UInt64
    private let low: UInt64

    /// Packs `bytes`; `nil` unless they are 16.
    init?(_ bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The 16 bytes, in order.
    var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }
}
