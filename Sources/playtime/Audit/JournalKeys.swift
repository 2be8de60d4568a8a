import PlaytimeJournal
import PlaytimeSystem

/// The keys `playtime audit` verifies journals with: one key file for all of them, or a server secret from which
/// each enrolled journal's key is derived from the journal id in its header (docs/anchors.md).
struct JournalKeys {
    /// The key of the first journal (the auditor's default).
    let first: JournalKey
    /// Each journal's own key, by path, with a server secret; empty with a key file.
    private let derived: [String: JournalKey]

    /// Reads `keyFile` or `serverSecret` (exactly one of them): with the secret, every journal must be a named
    /// regular file whose header names a journal id.
    init(keyFile: String?, serverSecret: String?, journals: [String]) throws {
        switch (keyFile, serverSecret) {
        case (nil, nil):
            throw UsageError(description: "--key-file FILE or --server-secret FILE is required (or set PLAYTIME_KEY_FILE)")
        case (.some, .some):
            throw UsageError(description: "--key-file and --server-secret exclude each other")
        case (let path?, nil):
            try requireKeyFilePath(path)
            first = try KeyFile.load(path: path)
            derived = [:]
        case (nil, let path?):
            try requireKeyFilePath(path)
            let secret = try KeyFile.loadBytes(path: path)
            var keys: [String: JournalKey] = [:]
            for journal in journals {
                guard journal != "-" else { throw UsageError(description: "--server-secret reads each journal's header first: name files, not -") }
                keys[journal] = JournalKey(serverSecret: secret, journalID: try Self.journalID(of: journal))
            }
            guard let some = journals.first.flatMap({ keys[$0] }) else { throw UsageError(description: "name at least one journal") }
            first = some
            derived = keys
        }
    }

    /// The key `path` is verified under: its derived key, or `nil` for the auditor's own.
    func key(for path: String) -> JournalKey? { derived[path] }

    /// The journal id in the header of the journal at `path`.
    private static func journalID(of path: String) throws -> [UInt8] {
        let file = try OpenFile(readingAt: path, accepting: [.regular])
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 1)
        defer { buffer.deallocate() }
        let count = try file.read(into: buffer)
        let head = Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        let line = Array(head.prefix { $0 != 0x0a })
        guard let id = JournalHeader.peekJournalID(line) else {
            throw UsageError(description: "\(path) has no journal id in its first line: not a journal")
        }
        return id
    }
}
