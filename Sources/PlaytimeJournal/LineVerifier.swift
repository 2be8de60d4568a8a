/// Verifies journal lines one at a time with a fixed-schema byte scanner (no JSON decoding).
///
/// Holds the chain state between lines: the previous MAC and the expected sequence number.
struct LineVerifier: Sendable {
    /// What one line turned out to be.
    enum Outcome {
        /// The header verified.
        case header(JournalHeader)
        /// A record verified; ranges index into the line.
        case record(sequence: UInt64, type: Range<Int>, payload: Range<Int>)
        /// The line is bad.
        case failed(JournalFailure.Reason)
    }

    let key: JournalKey
    /// MAC of the last verified line.
    var head = MACBytes()
    /// Sequence number of the last verified record.
    var lastSequence: UInt64 = 0
    /// True once the header verified.
    var sawHeader = false
    /// The verified header's version (1 until the header verified).
    var journalVersion = JournalFormat.version

    init(key: JournalKey) { self.key = key }

    /// Verifies `line` (without its newline) and, if good, advances the chain.
    mutating func verify(_ line: UnsafeRawBufferPointer) -> Outcome {
        sawHeader ? verifyRecord(line) : verifyHeader(line)
    }

    mutating func verifyHeader(_ line: UnsafeRawBufferPointer) -> Outcome {
        var scanner = ByteScanner(line)
        guard scanner.expect(JournalFormat.headerLead) else { return .failed(.malformed) }
        var probe = scanner
        guard let version = scanner.decimal(maxDigits: 9) else {
            // A well-formed version of more digits is a version this reader does not support, not a malformed
            // header (docs/journal-format.md §11: the version is read before the rest of the layout).
            return probe.decimalRun() ? .failed(.unsupportedVersion) : .failed(.malformed)
        }
        guard version >= UInt64(JournalFormat.supportedVersions.lowerBound), version <= UInt64(JournalFormat.supportedVersions.upperBound)
        else { return .failed(.unsupportedVersion) }
        guard scanner.expect(JournalFormat.headerKeyID),
            let keyID = scanner.lowercaseHex(byteCount: JournalFormat.keyIDByteCount),
            scanner.expect(JournalFormat.headerJournalID),
            let journalID = scanner.lowercaseHex(byteCount: JournalFormat.journalIDByteCount),
            scanner.expect(JournalFormat.headerClose),
            scanner.index == line.count - JournalFormat.suffixByteCount,
            let claimed = suffixMAC(line)
        else { return .failed(.malformed) }
        guard keyID == key.keyID else { return .failed(.wrongKey) }
        let mac = MACBytes.authenticate(key.authenticator, previous: nil, message: macCovered(line))
        guard mac.constantTimeEquals(claimed) else { return .failed(.macMismatch) }
        head = mac
        sawHeader = true
        journalVersion = Int(version)
        return .header(JournalHeader(version: Int(version), keyID: keyID, journalID: journalID))
    }

    mutating func verifyRecord(_ line: UnsafeRawBufferPointer) -> Outcome {
        guard let claimed = suffixMAC(line) else { return .failed(.malformed) }
        let payloadEnd = line.count - JournalFormat.suffixByteCount
        var scanner = ByteScanner(line)
        guard scanner.expect(JournalFormat.recordLead), let sequence = scanner.decimal(maxDigits: 20),
            scanner.expect(JournalFormat.recordType)
        else { return .failed(.malformed) }
        let typeStart = scanner.index
        guard scanner.skip(while: RecordType.isAllowed, limit: JournalFormat.maximumTypeByteCount) else {
            return .failed(.malformed)
        }
        let typeEnd = scanner.index
        guard typeEnd > typeStart, scanner.expect(JournalFormat.recordPayload) else { return .failed(.malformed) }
        let payloadStart = scanner.index
        guard payloadEnd - payloadStart >= 2, line[payloadStart] == UInt8(ascii: "{"),
            line[payloadEnd - 1] == UInt8(ascii: "}")
        else { return .failed(.malformed) }
        guard sequence == lastSequence &+ 1 else { return .failed(.sequenceGap) }
        let mac = MACBytes.authenticate(key.authenticator, previous: head, message: macCovered(line))
        guard mac.constantTimeEquals(claimed) else { return .failed(.macMismatch) }
        head = mac
        lastSequence = sequence
        return .record(sequence: sequence, type: typeStart..<typeEnd, payload: payloadStart..<payloadEnd)
    }

    /// The MAC written in the line's fixed suffix, or nil when the suffix is not exactly `,"mac":"<64 hex>"}`.
    func suffixMAC(_ line: UnsafeRawBufferPointer) -> MACBytes? {
        let start = line.count - JournalFormat.suffixByteCount
        guard start > 0 else { return nil }
        var scanner = ByteScanner(line)
        scanner.index = start
        guard scanner.expect(JournalFormat.macLead) else { return nil }
        let hexStart = scanner.index
        scanner.index += 64
        guard scanner.expect(JournalFormat.macClose) else { return nil }
        return MACBytes.decodeLowercaseHex(UnsafeRawBufferPointer(rebasing: line[hexStart..<hexStart + 64]))
    }

    /// The bytes a line's MAC covers: everything before the suffix.
    func macCovered(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: line[0..<(line.count - JournalFormat.suffixByteCount)])
    }
}
