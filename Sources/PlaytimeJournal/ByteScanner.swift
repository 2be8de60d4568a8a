internal import PlaytimeSystem

/// A cursor over one line's bytes with the few matchers the fixed layout needs. Never reads out of bounds.
struct ByteScanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Consumes `literal` if the bytes at the cursor equal it.
    mutating func expect(_ literal: [UInt8]) -> Bool {
        let count = literal.count
        guard index >= 0, bytes.count - index >= count, let base = bytes.baseAddress else { return count == 0 }
        let start = index
        let equal = literal.withUnsafeBytes { raw in
            count == 0 || MemoryScan.equal(base + start, raw.baseAddress.unsafelyUnwrapped, count: count)
        }
        if equal { index += count }
        return equal
    }

    /// Consumes a canonical decimal number (no sign, no leading zeros) of at most `maxDigits` digits.
    mutating func decimal(maxDigits: Int) -> UInt64? {
        var value: UInt64 = 0
        var count = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if count == 1 && value == 0 { return nil }
            let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            count += 1
            index += 1
            guard count <= maxDigits else { return nil }
        }
        return count > 0 ? value : nil
    }

    /// Consumes a run of decimal digits; true when it is a well-formed decimal of any length (at least one
    /// digit, no leading zero): what a version too large for ``decimal(maxDigits:)`` still is.
    mutating func decimalRun() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > start && (index - start == 1 || bytes[start] != UInt8(ascii: "0"))
    }

    /// Consumes `2 × byteCount` lowercase hex digits and returns the bytes.
    mutating func lowercaseHex(byteCount: Int) -> [UInt8]? {
        guard bytes.count - index >= 2 * byteCount else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(byteCount)
        for _ in 0..<byteCount {
            guard let high = LowercaseHex.value(bytes[index]), let low = LowercaseHex.value(bytes[index + 1]) else {
                return nil
            }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }

    /// Consumes bytes while `predicate` holds; false if more than `limit` matched.
    mutating func skip(while predicate: (UInt8) -> Bool, limit: Int) -> Bool {
        let start = index
        while index < bytes.count, predicate(bytes[index]) {
            index += 1
            if index - start > limit { return false }
        }
        return true
    }
}
