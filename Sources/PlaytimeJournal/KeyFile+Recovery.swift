internal import PlaytimeCrypto
package import PlaytimeSystem

extension KeyFile {
    /// How ``loadOrCreate(path:journalPath:)`` came by its key.
    package enum Origin: Sendable, Equatable {
        /// The key file was read.
        case loaded
        /// There was no key file: a new key was created.
        case created
        /// The key file was empty or torn (`problem` says how, in words) and no journal record was ever written under it:
        /// it was replaced by a new key.
        case replacedDamaged(problem: String)
    }

    /// The key at `path` for the journal at `journalPath`, created or recovered when that loses nothing
    /// (docs/journal-format.md §4, "Recovery"): a missing key file is created; an empty or torn one (whitespace only,
    /// or hex digits that are too few or odd in number) is replaced by a new key — both only while the journal holds no record (no file, an empty file, a torn
    /// header, or a header alone, which is then moved aside to `<journal>.damaged-<id>`, kept). When the journal
    /// holds records written under the lost key, nothing is changed and ``KeyFileError/lostKeyOfJournal(path:problem:journal:keyID:)``
    /// says so. Any other problem (unreadable, too large, not a regular file) throws as ``load(path:)`` does.
    package static func loadOrCreate(path: String, journalPath: String) throws(KeyFileError) -> (JournalKey, Origin) {
        let problem: String
        var missing = false
        do {
            return (try load(path: path), .loaded)
        } catch {
            switch error {
            case .missing: (problem, missing) = ("does not exist", true)
            case .tooShort(_, let count): problem = count == 0 ? "is empty" : "holds only \(count) bytes of a key (torn)"
            case .notHex:
                // A key cut short mid-digit (an odd number of hex digits) is torn; any other text is someone's file: kept.
                guard let text = try? readSmallFile(path: path), text.allSatisfy({ isWhitespace($0) || Hex.value(ofDigit: $0) != nil }) else { throw error }
                problem = "holds a key cut short (torn)"
            default: throw error
            }
        }
        let contents: JournalPresence
        do { contents = try JournalPresence.probe(path: journalPath) } catch {
            throw KeyFileError.cannotCheckJournal(path: journalPath, error)
        }
        switch contents {
        case .records(let keyID):
            throw KeyFileError.lostKeyOfJournal(path: path, problem: problem, journal: journalPath, keyID: keyID)
        case .header(let journalID):
            // A header alone records nothing; under a new key it would no longer verify: kept aside, never deleted.
            do { _ = try JournalQuarantine.setAside(path: journalPath, journalID: journalID) } catch {
                throw KeyFileError.cannotCheckJournal(path: journalPath, FileAccessError(path: journalPath, access: .write, reason: .system(error)))
            }
        case .nothing:
            break
        }
        if missing {
            do {
                return (try generate(path: path), .created)
            } catch .alreadyExists {
                // Created by another process meanwhile: theirs is the key.
                return (try load(path: path), .loaded)
            }
        }
        return (try regenerate(path: path), .replacedDamaged(problem: problem))
    }
}

/// What a journal file holds, read without a key: nothing recorded, a header alone, or records.
package enum JournalPresence: Sendable, Equatable {
    /// No file, an empty one, or no complete first line (a header torn by a crash): nothing was ever recorded.
    case nothing
    /// A complete first line and nothing complete after it; the journal id it names, when it can be read.
    case header(journalID: [UInt8]?)
    /// At least one complete record line after the header; the key id the header names (16 hex digits), when readable.
    case records(keyID: String?)

    /// How far a file is read looking for the end of the first record: a header and the longest line.
    static let probeLimit = 1024 + JournalFormat.maximumLineByteCount + 2

    /// Probes the journal at `path` (reading at most its first line and the next): ``nothing`` when no file is there.
    package static func probe(path: String) throws(FileAccessError) -> JournalPresence {
        let file: OpenFile
        do { file = try OpenFile(readingAt: path, accepting: [.regular]) } catch {
            if error.reason == .noSuchFile { return .nothing }
            throw error
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        var header: [UInt8] = []
        var newlines = 0
        var read = 0
        while newlines < 2, read < probeLimit {
            let count: Int
            do { count = try file.read(into: buffer) } catch { throw FileAccessError(path: path, access: .read, reason: .system(error)) }
            if count == 0 { break }
            read += count
            for byte in UnsafeRawBufferPointer(rebasing: buffer[0..<count]) {
                if newlines == 0 { header.append(byte) }
                if byte == 0x0a {
                    newlines += 1
                    if newlines == 2 { break }
                }
            }
        }
        switch newlines {
        case 0: return .nothing
        case 1 where read < probeLimit: return .header(journalID: JournalHeader.peekJournalID(header))
        default: return .records(keyID: JournalHeader.peekKeyID(header))
        }
    }
}

extension JournalHeader {
    /// The key id written in a header line (16 lowercase hex digits after `"key_id":"`), read without verifying; `nil`
    /// when there is none.
    package static func peekKeyID(_ line: [UInt8]) -> String? {
        let marker = Array(#""key_id":""#.utf8)
        guard line.count >= marker.count + 16 else { return nil }
        for start in 0...(line.count - marker.count - 16) where line[start..<(start + marker.count)].elementsEqual(marker) {
            let digits = line[(start + marker.count)..<(start + marker.count + 16)]
            guard digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            return String(decoding: digits, as: UTF8.self)
        }
        return nil
    }
}
