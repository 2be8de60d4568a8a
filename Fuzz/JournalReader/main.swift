import PlaytimeJournal

/// libFuzzer entry point: feeds arbitrary bytes to the journal reader under a fixed key.
///
/// Besides "no crash", it checks the reader's own promises: the verified prefix is a whole number of
/// lines inside the input, records are numbered 1…n, and re-verifying just the verified prefix gives an
/// intact journal with the same records.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let key = try? JournalKey(bytes: Array(0..<32)) else { return 0 }
    var sequences: [UInt64] = []
    let result = JournalReader.verify(bytes: bytes, key: key) { sequences.append($0.sequence) }
    precondition(result.verifiedByteCount >= 0 && result.verifiedByteCount <= Int64(size))
    precondition(sequences == Array(stride(from: 1, through: result.recordCount, by: 1)))
    precondition(result.isIntact || result.failure?.byteOffset == result.verifiedByteCount)
    if result.header != nil {
        let prefix = UnsafeRawBufferPointer(rebasing: bytes[0..<Int(result.verifiedByteCount)])
        precondition(prefix.last == 0x0a)
        let again = JournalReader.verify(bytes: prefix, key: key)
        precondition(again.isIntact && again.recordCount == result.recordCount && again.headMAC == result.headMAC)
    }
    return 0
}
