import Foundation
import PlaytimeCrypto
import PlaytimeJournal
import Testing

@Suite("Journal writer and reader on files")
struct JournalFileTests {
    let key = JournalFixtures.key

    @Test("append, reopen, append more, read back everything in order")
    func appendReopenRead() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/j.jsonl"
            do {
                var writer = try JournalWriter(path: path, key: key)
                #expect(writer.lastSequence == 0)
                #expect(try writer.append(type: "background", payload: #"{"at":1}"#) == 1)
                #expect(try writer.append(type: "foreground", payload: #"{"at":2}"#) == 2)
                try writer.close()
            }
            var writer = try JournalWriter(path: path, key: key)
            #expect(writer.lastSequence == 2)
            #expect(try writer.append(type: "claim", payload: #"{"gold":10}"#) == 3)
            let head = writer.headMAC
            try writer.close()

            var records: [JournalRecord] = []
            let result = try JournalReader.read(path: path, key: key, chunkByteCount: 4096) { records.append($0) }
            #expect(result.isIntact)
            #expect(result.headMAC == head)
            #expect(records.map(\.sequence) == [1, 2, 3])
            #expect(records.map(\.type) == ["background", "foreground", "claim"])
            #expect(records[2].payload == Array(#"{"gold":10}"#.utf8))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        }
    }

    @Test("small read chunks give the same result as one big read")
    func chunking() throws {
        let journal = JournalFixtures.journal(seed: 99, count: 40)
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/chunks.jsonl"
            _ = FileManager.default.createFile(atPath: path, contents: Data(journal.bytes))
            for chunk in [1, 7, 4096, 1 << 20] {
                var records: [JournalRecord] = []
                let result = try JournalReader.read(path: path, key: key, chunkByteCount: chunk) { records.append($0) }
                #expect(result.isIntact, "chunk \(chunk)")
                #expect(records == journal.records, "chunk \(chunk)")
            }
        }
    }

    @Test("a wrong key is reported as wrong-key, not as a MAC mismatch")
    func wrongKey() throws {
        let journal = JournalFixtures.journal(seed: 5, count: 3)
        let result = JournalReader.verify(bytes: journal.bytes, key: JournalFixtures.otherKey)
        #expect(result.failure == JournalFailure(reason: .wrongKey, line: 1, byteOffset: 0))
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/wk.jsonl"
            _ = FileManager.default.createFile(atPath: path, contents: Data(journal.bytes))
            #expect(throws: JournalError.corrupt(JournalFailure(reason: .wrongKey, line: 1, byteOffset: 0))) {
                _ = try JournalWriter(path: path, key: JournalFixtures.otherKey)
            }
        }
    }

    @Test("an edited record is a MAC mismatch and earlier records are still delivered")
    func macMismatch() throws {
        var journal = JournalFixtures.journal(seed: 8, count: 4)
        let third = journal.lines[3]
        // Change the first byte of record 3's type to another allowed byte: the layout still parses.
        let lineStart = third.lowerBound
        let typeStart = lineStart + #"{"seq":3,"type":""#.utf8.count
        journal.bytes[typeStart] = journal.bytes[typeStart] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        var delivered: [UInt64] = []
        let result = JournalReader.verify(bytes: journal.bytes, key: key) { delivered.append($0.sequence) }
        #expect(result.failure == JournalFailure(reason: .macMismatch, line: 4, byteOffset: Int64(lineStart)))
        #expect(delivered == [1, 2])
        #expect(result.recordCount == 2)
    }

    @Test("a renumbered record is a sequence gap")
    func sequenceGap() {
        var encoder = JournalEncoder(key: key)
        var bytes = encoder.headerLine
        bytes += try! encoder.encodeRecord(type: "a", payload: Array("{}".utf8))
        var skipping = JournalEncoder(key: key, resumingAfter: 2, headMAC: encoder.headMAC)
        bytes += try! skipping.encodeRecord(type: "b", payload: Array("{}".utf8))
        let result = JournalReader.verify(bytes: bytes, key: key)
        #expect(result.failure?.reason == .sequenceGap)
        #expect(result.failure?.line == 3)
        #expect(result.recordCount == 1)
    }

    @Test("an unknown version is unsupported-version; garbage is malformed; empty is truncated")
    func headerProblems() {
        let header = JournalEncoder(key: key).headerLine
        var future = header
        future[#"{"journal":"playtime","version":"#.utf8.count] = UInt8(ascii: "3")
        #expect(JournalReader.verify(bytes: future, key: key).failure?.reason == .unsupportedVersion)
        // Any well-formed version other than 1 or 2, however long, is unsupported (§11); a leading zero is malformed.
        let lead = Array(#"{"journal":"playtime","version":"#.utf8)
        let rest = Array(header[(lead.count + 1)...])
        for (version, reason) in [
            ("1234567890", JournalFailure.Reason.unsupportedVersion), (String(repeating: "9", count: 40), .unsupportedVersion),
            ("01", .malformed), ("0", .unsupportedVersion),
        ] {
            #expect(JournalReader.verify(bytes: lead + Array(version.utf8) + rest, key: key).failure?.reason == reason, "version \(version)")
        }
        #expect(JournalReader.verify(bytes: Array("hello\n".utf8), key: key).failure?.reason == .malformed)
        #expect(JournalReader.verify(bytes: [], key: key).failure?.reason == .truncated)
        #expect(JournalReader.verify(bytes: Array(header.dropLast()), key: key).failure?.reason == .truncated)
        var crlf = header
        crlf.insert(0x0d, at: crlf.count - 1)
        #expect(JournalReader.verify(bytes: crlf, key: key).failure?.reason == .malformed)
        var upper = header
        let macStart = upper.count - 1 - 2 - 64
        if let index = (macStart..<macStart + 64).first(where: { upper[$0] >= UInt8(ascii: "a") }) {
            upper[index] -= 0x20
            #expect(JournalReader.verify(bytes: upper, key: key).failure?.reason == .malformed)
        }
    }

    @Test("a torn tail blocks appends until an explicit repair, which keeps every complete record")
    func tornTailRepair() throws {
        let journal = JournalFixtures.journal(seed: 3, count: 3)
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/torn.jsonl"
            let torn = journal.bytes + Array(#"{"seq":4,"type":"x","payl"#.utf8)
            _ = FileManager.default.createFile(atPath: path, contents: Data(torn))
            let expected = JournalFailure(reason: .truncated, line: 5, byteOffset: Int64(journal.bytes.count))
            #expect(throws: JournalError.tornTail(expected)) { _ = try JournalWriter(path: path, key: key) }
            let before = try JournalWriter.repair(path: path, key: key)
            #expect(before.failure == expected)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(journal.bytes))
            var writer = try JournalWriter(path: path, key: key)
            #expect(try writer.append(type: "after.repair", payload: "{}") == 4)
            try writer.close()
            #expect(try JournalReader.verify(path: path, key: key).recordCount == 4)
        }
    }

    @Test("a corrupt journal is refused and repair will not touch it")
    func corruptRefused() throws {
        var bytes = JournalFixtures.journal(seed: 4, count: 3).bytes
        bytes[bytes.count - 10] = bytes[bytes.count - 10] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        try JournalFixtures.withTemporaryDirectory { directory throws in
            let path = directory + "/corrupt.jsonl"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            #expect(throws: JournalError.self) { _ = try JournalWriter(path: path, key: key) }
            do {
                _ = try JournalWriter(path: path, key: key)
            } catch {
                guard case JournalError.corrupt(let failure) = error else {
                    Issue.record("expected corrupt, got \(error)")
                    return
                }
                #expect(failure.reason == .macMismatch)
            }
            #expect(throws: JournalError.self) { try JournalWriter.repair(path: path, key: key) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        }
    }

    @Test("a second writer is locked out")
    func locking() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/locked.jsonl"
            let first = try JournalWriter(path: path, key: key)
            #expect(throws: JournalError.locked(path: path)) { _ = try JournalWriter(path: path, key: key) }
            try first.close()
            let second = try JournalWriter(path: path, key: key)
            try second.close()
        }
    }

    @Test("bad types and payloads are rejected before anything is written")
    func validation() throws {
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/valid.jsonl"
            var writer = try JournalWriter(path: path, key: key)
            for type in ["", "has space", "quote\"", String(repeating: "t", count: 65), "é"] {
                #expect(throws: JournalError.invalidType(type)) { try writer.append(type: type, payload: "{}") }
            }
            for payload in ["", "[]", "{", "{\"a\":1}\n", "{\"a\":\n1}", "{\"a\":01}", "{\"a\":\"\u{1}\"}", "{} {}", "{\"a\":1,}", "{'a':1}"] {
                #expect(throws: JournalError.self, "payload \(payload.debugDescription)") {
                    try writer.append(type: "ok", payload: payload)
                }
            }
            #expect(throws: JournalError.self) { try writer.append(type: "ok", payload: [0x7b, 0xff, 0x7d]) }
            #expect(try writer.append(type: "ok", payload: #"{"a":[1,{"b":null}],"c":-0.5e-3,"d":"\u00e9\n"}"#) == 1)
            try writer.close()
            #expect(try JournalReader.verify(path: path, key: key).recordCount == 1)
        }
    }
}

@Suite("Journal torn header")
struct JournalTornHeaderTests {
    @Test("a torn header is a torn tail; repair empties the file and the next open starts afresh")
    func tornHeader() throws {
        let key = JournalFixtures.key
        try JournalFixtures.withTemporaryDirectory { directory in
            let path = directory + "/torn-header.jsonl"
            let header = JournalEncoder(key: key).headerLine
            _ = FileManager.default.createFile(atPath: path, contents: Data(header.prefix(30)))
            #expect(throws: JournalError.tornTail(JournalFailure(reason: .truncated, line: 1, byteOffset: 0))) {
                _ = try JournalWriter(path: path, key: key)
            }
            try JournalWriter.repair(path: path, key: key)
            var writer = try JournalWriter(path: path, key: key)
            #expect(try writer.append(type: "fresh", payload: "{}") == 1)
            try writer.close()
            #expect(try JournalReader.verify(path: path, key: key).isIntact)
        }
    }
}
