/// Builds journal lines in memory: the header and then each record chained to the one before.
///
/// ``JournalWriter`` uses it for files; it is public so servers and tests can produce
/// journals without touching the file system.
package struct JournalEncoder: Sendable {
    /// The signing key.
    let key: JournalKey
    /// MAC of the last line produced (or resumed from).
    var head: MACBytes
    /// The sequence number of the last record produced; 0 before the first record.
    package private(set) var lastSequence: UInt64
    /// The header line (with its newline) when this encoder started a new journal; empty when resumed.
    package let headerLine: [UInt8]

    /// The header's version: what the journal's session payloads mean (docs/journal-format.md §13).
    package let version: Int

    /// Starts a new journal with `journalID` (16 bytes; random by default) and header `version` (one of
    /// ``JournalFormat/supportedVersions``, clamped to them; 1 by default, the layout is the same in each).
    package init(key: JournalKey, journalID: [UInt8]? = nil, version: Int = JournalFormat.version) {
        let version = min(max(version, JournalFormat.supportedVersions.lowerBound), JournalFormat.supportedVersions.upperBound)
        var random = SystemRandomNumberGenerator()
        let id = journalID ?? (0..<JournalFormat.journalIDByteCount).map { _ in UInt8.random(in: 0...255, using: &random) }
        var line = JournalFormat.headerLead
        line.append(contentsOf: String(version).utf8)
        line.append(contentsOf: JournalFormat.headerKeyID)
        key.keyID.withUnsafeBytes { LowercaseHex.append($0, to: &line) }
        line.append(contentsOf: JournalFormat.headerJournalID)
        id.withUnsafeBytes { LowercaseHex.append($0, to: &line) }
        line.append(contentsOf: JournalFormat.headerClose)
        let mac = line.withUnsafeBytes { MACBytes.authenticate(key.authenticator, previous: nil, message: $0) }
        JournalEncoder.appendSuffix(mac, to: &line)
        self.key = key
        self.head = mac
        self.lastSequence = 0
        self.headerLine = line
        self.version = version
        self.journalID = id
    }

    /// Continues a journal whose last verified line has MAC `headMAC` and whose last record is `lastSequence`.
    package init(key: JournalKey, resumingAfter lastSequence: UInt64, headMAC: [UInt8]) {
        self.init(key: key, resumingAfter: lastSequence, headMAC: headMAC, header: nil)
    }

    /// Continues a journal with the verified `header` (its version and id), as the writer does.
    package init(key: JournalKey, resumingAfter lastSequence: UInt64, headMAC: [UInt8], header: JournalHeader?) {
        self.key = key
        self.head = MACBytes(headMAC)
        self.lastSequence = lastSequence
        self.headerLine = []
        self.version = header?.version ?? JournalFormat.version
        self.journalID = header?.journalID ?? []
    }

    /// The journal id (16 bytes), when this encoder created the journal or resumed it from a verified header.
    package let journalID: [UInt8]

    /// The MAC of the last line produced: the chain head.
    package var headMAC: [UInt8] { head.array }

    /// Returns the next record line (with its newline) and advances the chain.
    ///
    /// The type must be 1–64 bytes of `[A-Za-z0-9._:-]`; the payload one JSON object on one line.
    package mutating func encodeRecord(type: String, payload: [UInt8]) throws(JournalError) -> [UInt8] {
        guard RecordType.isValid(type) else { throw JournalError.invalidType(type) }
        if let problem = PayloadValidator.problem(with: payload) { throw JournalError.invalidPayload(reason: problem) }
        let sequence = lastSequence + 1
        var line: [UInt8] = []
        line.reserveCapacity(payload.count + type.utf8.count + 120)
        line.append(contentsOf: JournalFormat.recordLead)
        line.append(contentsOf: String(sequence).utf8)
        line.append(contentsOf: JournalFormat.recordType)
        line.append(contentsOf: type.utf8)
        line.append(contentsOf: JournalFormat.recordPayload)
        line.append(contentsOf: payload)
        let mac = line.withUnsafeBytes { MACBytes.authenticate(key.authenticator, previous: head, message: $0) }
        JournalEncoder.appendSuffix(mac, to: &line)
        head = mac
        lastSequence = sequence
        return line
    }

    /// Appends `,"mac":"<64 hex>"}` and the newline.
    static func appendSuffix(_ mac: MACBytes, to line: inout [UInt8]) {
        line.append(contentsOf: JournalFormat.macLead)
        withUnsafeBytes(of: mac.words) { LowercaseHex.append($0, to: &line) }
        line.append(contentsOf: JournalFormat.macClose)
        line.append(0x0a)
    }
}
