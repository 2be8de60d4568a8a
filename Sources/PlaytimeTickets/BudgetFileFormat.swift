/// The byte layout of a budget file, format 1 (see `docs/tickets.md`).
///
/// A 43-byte header `playtime-budget v1 latest <16 hex>\n` (the latest ledger time at the last compaction)
/// followed by 99-byte records `<64 hex player digest> <16 hex at> <16 hex gold>\n`, one per grant. Hex is
/// lowercase; instants and amounts are written as their 64-bit two's-complement bit pattern.
enum BudgetFileFormat {
    /// The header text before the latest-time digits.
    static let headerPrefix: [UInt8] = Array("playtime-budget v1 latest ".utf8)
    /// What every budget header starts with, whatever its version.
    static let familyPrefix: [UInt8] = Array("playtime-budget v".utf8)
    /// Header length in bytes.
    static let headerByteCount = 43
    /// Record length in bytes.
    static let recordByteCount = 99

    /// The header recording `latest`.
    static func header(latest: Int64) -> [UInt8] {
        var bytes = headerPrefix
        StoreHex.append(latest, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The record of one grant.
    static func record(player: StoreDigest, _ entry: BudgetEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordByteCount)
        StoreHex.append(player, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        StoreHex.append(entry.at, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        StoreHex.append(entry.gold, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The latest time of a header, or `nil` when `bytes` is not a format-1 header.
    static func parseHeader(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard bytes.count == headerByteCount, bytes.prefix(headerPrefix.count).elementsEqual(headerPrefix),
            bytes.last == UInt8(ascii: "\n")
        else { return nil }
        return StoreHex.int64(bytes, at: headerPrefix.count)
    }

    /// The player and grant of a record, or `nil` when `bytes` is not a valid record (or grants no gold).
    static func parseRecord(_ bytes: ArraySlice<UInt8>) -> (player: StoreDigest, entry: BudgetEntry)? {
        guard bytes.count == recordByteCount else { return nil }
        let start = bytes.startIndex
        let space = UInt8(ascii: " ")
        guard bytes[start + 64] == space, bytes[start + 81] == space, bytes[start + 98] == UInt8(ascii: "\n"),
            let player = StoreDigest.parse(bytes, at: 0),
            let at = StoreHex.int64(bytes, at: 65),
            let gold = StoreHex.int64(bytes, at: 82), gold > 0
        else { return nil }
        return (player, BudgetEntry(at: at, gold: gold))
    }
}

extension StoreDigest {
    /// 64 hex digits at `offset` of `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>, at offset: Int) -> StoreDigest? { StoreHex.digest(bytes, at: offset) }
}
