internal import PlaytimeCrypto
internal import PlaytimeSystem

/// Writes JSON objects whose keys come in a fixed order, byte for byte reproducible.
package struct FixedJSONWriter {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    package init() { bytes.reserveCapacity(320) }

    private mutating func key(_ name: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    package mutating func integer(_ name: StaticString, _ value: Int64) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func integer(_ name: StaticString, _ value: Int64?) {
        guard let value else {
            key(name)
            bytes.append(contentsOf: "null".utf8)
            return
        }
        integer(name, value)
    }

    package mutating func string(_ name: StaticString, _ value: String?) {
        key(name)
        guard let value else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        appendQuoted(value)
    }

    package mutating func strings(_ name: StaticString, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A JSON string: quotes, backslashes and control bytes escaped, everything else as UTF-8.
    private mutating func appendQuoted(_ value: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0..<0x20: bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

/// A string decoded earlier, kept so that the same bytes met again yield the same `String` without
/// decoding or allocating (boot identities, policy versions and session ids repeat from record to record).
///
/// Only strings decoded from plain bytes (no escapes) are kept, together with those raw bytes (inline, up to
/// 64 of them): payload bytes equal to them, between quotes, decode to the same string.
package struct FixedJSONStringCache: Sendable {
    /// The string, or `nil` when nothing is cached.
    var value: String?
    /// How many raw bytes `bytes` holds.
    var length = 0
    /// The raw bytes of `value` (the first `length`).
    var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The most raw bytes kept.
    static let capacity = 64

    package init() {}
}

/// Reads JSON objects written by `FixedJSONWriter`: keys must come in the expected order and spelling.
/// Anything else is malformed; the scanner never traps on any input.
///
/// Callers match each key together with its separators as one literal (`,"wall":`), so a payload is
/// accepted exactly when it is the fixed layout byte for byte, with no whitespace. Every read is
/// bounds-checked against `count`.
package struct FixedJSONScanner {
    private let base: UnsafeRawPointer
    private let count: Int
    private(set) var index = 0

    @inline(__always)
    package init(_ bytes: UnsafeRawBufferPointer) {
        if let address = bytes.baseAddress {
            base = address
            count = bytes.count
        } else {
            // An empty buffer: no byte is ever read (every read is checked against `count`).
            base = UnsafeRawPointer(bitPattern: 0x10).unsafelyUnwrapped
            count = 0
        }
    }

    @inline(__always)
    private func byte(_ offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Consumes `byte` if it is next.
    @inline(__always)
    package mutating func take(_ expected: UInt8) -> Bool {
        guard index < count, byte(index) == expected else { return false }
        index &+= 1
        return true
    }

    /// Consumes `text` if the bytes at the cursor equal it (compared a word at a time).
    @inline(__always)
    package mutating func literal(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard count &- index >= length else { return false }
        guard FixedJSONScanner.equalBytes(base + index, UnsafeRawPointer(text.utf8Start), length) else { return false }
        index &+= length
        return true
    }

    /// The last byte was read: `}` and nothing after it.
    @inline(__always)
    package mutating func end() -> Bool { take(UInt8(ascii: "}")) && index == count }

    /// Consumes `null`.
    @inline(__always)
    package mutating func takeNull() -> Bool { literal("null") }

    /// A decimal integer (optional minus, no leading plus, leading zeros allowed); `nil` when malformed or
    /// out of range.
    @inline(__always)
    package mutating func integerValue() -> Int64? {
        var position = index
        var negative = false
        if position < count, byte(position) == UInt8(ascii: "-") {
            negative = true
            position &+= 1
        }
        let start = position
        var magnitude: UInt64 = 0
        // `magnitude < 10^digits` throughout: nineteen digits cannot overflow a UInt64, so only digits
        // beyond the nineteenth (leading zeros are allowed) need checked arithmetic.
        var digits = 0
        #if _endian(little)
        while digits <= 11, count &- position >= 8 {
            let word = (base + position).loadUnaligned(as: UInt64.self)
            guard FixedJSONScanner.isEightDigits(word) else { break }
            magnitude = magnitude &* 100_000_000 &+ FixedJSONScanner.eightDigitsValue(word)
            position &+= 8
            digits &+= 8
        }
        #endif
        while position < count {
            let digit = byte(position) &- 0x30
            guard digit <= 9 else { break }
            if digits < 19 {
                magnitude = magnitude &* 10 &+ UInt64(digit)
            } else {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
                guard !o1, !o2 else { return nil }
                magnitude = sum
            }
            digits &+= 1
            position &+= 1
        }
        guard position > start else { return nil }
        // docs/journal-format.md §7: no leading zeros ("0" itself is fine, "-0" and "0600" are not).
        if byte(start) == UInt8(ascii: "0"), position - start > 1 || negative { return nil }
        index = position
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// True when all eight bytes of `word` are ASCII digits.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        // High nibble 3, and still 3 after adding 6 (so the low nibble is at most 9).
        let highNibbles = word & 0xF0F0_F0F0_F0F0_F0F0
        let carried = ((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) &>> 4
        return highNibbles | carried == 0x3333_3333_3333_3333
    }

    /// The value of eight ASCII digits loaded little-endian (first digit in the lowest byte).
    @inline(__always)
    static func eightDigitsValue(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value &>> 8)  // even bytes now hold two-digit pairs
        let pairs0 = value & 0x0000_00FF_0000_00FF
        let pairs1 = (value &>> 16) & 0x0000_00FF_0000_00FF
        return (pairs0 &* (100 &+ (1_000_000 &<< 32)) &+ pairs1 &* (1 &+ (10_000 &<< 32))) &>> 32
    }

    /// An integer or `null`: `.some(nil)` for null, `nil` when malformed.
    @inline(__always)
    package mutating func optionalIntegerValue() -> Int64?? {
        if takeNull() { return .some(nil) }
        guard let value = integerValue() else { return nil }
        return .some(value)
    }

    /// Consumes a quoted string and returns where its raw bytes (between the quotes) lie and whether they
    /// contain escapes. A raw control byte, or a missing closing quote, is malformed. After a backslash the
    /// next byte is skipped unexamined (the unescaping step validates it).
    @inline(__always)
    private mutating func scanString() -> (start: Int, end: Int, plain: Bool)? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var position = start
        var plain = true
        while true {
            // Eight bytes at a time while none is a quote, a backslash or a control byte.
            while position &+ 8 <= count {
                let word = (base + position).loadUnaligned(as: UInt64.self)
                if FixedJSONScanner.hasSpecialByte(word) { break }
                position &+= 8
            }
            guard position < count else { return nil }
            let current = byte(position)
            if current == UInt8(ascii: "\"") {
                index = position &+ 1
                return (start, position, plain)
            }
            if current == UInt8(ascii: "\\") {
                plain = false
                position &+= 2
                continue
            }
            if current < 0x20 { return nil }
            position &+= 1
        }
    }

    /// A string value; `nil` when malformed.
    package mutating func stringValue() -> String? {
        guard let (start, end, plain) = scanString() else { return nil }
        let raw = UnsafeRawBufferPointer(start: base + start, count: end &- start)
        return plain ? String(decoding: raw, as: UTF8.self) : FixedJSONScanner.unescape(raw)
    }

    /// A string value, reusing `cache` when the bytes are the same (no decoding, no allocation). The empty string
    /// is returned without touching the cache, so that a field that alternates between empty and one value (a
    /// return's empty policy between departures') keeps hitting it.
    @inline(__always)
    package mutating func cachedStringValue(_ cache: inout FixedJSONStringCache) -> String? {
        if literal(#""""#) { return "" }
        if cache.value != nil, matchesCached(&cache) { return cache.value }
        return decodeAndCache(&cache)
    }

    /// A string or `null`, reusing `cache` when the bytes repeat.
    @inline(__always)
    package mutating func optionalCachedStringValue(_ cache: inout FixedJSONStringCache) -> String?? {
        if takeNull() { return .some(nil) }
        guard let value = cachedStringValue(&cache) else { return nil }
        return .some(value)
    }

    /// True (and consumed) when the next bytes are `"`, the cached raw bytes, and `"`, with at least one
    /// byte after the closing quote.
    @inline(__always)
    private mutating func matchesCached(_ cache: inout FixedJSONStringCache) -> Bool {
        let start = index
        let length = cache.length
        guard count &- start > length &+ 1, byte(start) == UInt8(ascii: "\""),
            byte(start &+ 1 &+ length) == UInt8(ascii: "\"")
        else { return false }
        let equal = withUnsafeBytes(of: &cache.bytes) { cached in
            FixedJSONScanner.equalBytes(base + (start &+ 1), cached.baseAddress.unsafelyUnwrapped, length)
        }
        guard equal else { return false }
        index = start &+ length &+ 2
        return true
    }

    private mutating func decodeAndCache(_ cache: inout FixedJSONStringCache) -> String? {
        guard let (start, end, plain) = scanString() else { return nil }
        let raw = UnsafeRawBufferPointer(start: base + start, count: end &- start)
        guard plain else { return FixedJSONScanner.unescape(raw) }
        let value = String(decoding: raw, as: UTF8.self)
        if raw.count <= FixedJSONStringCache.capacity {
            cache.value = value
            cache.length = raw.count
            withUnsafeMutableBytes(of: &cache.bytes) { $0.copyMemory(from: raw) }
        }
        return value
    }

    /// An array of strings; `nil` when malformed.
    package mutating func stringsValue() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var values: [String] = []
        if take(UInt8(ascii: "]")) { return values }
        repeat {
            guard let value = stringValue() else { return nil }
            values.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? values : nil
    }

    /// True when some byte of `word` is `"`, `\` or below 0x20 (exact: borrows only start at such a byte).
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        return (control | quoteZero | backslashZero) & highs != 0
    }

    /// Compares `count` bytes with overlapping word loads (no call for the short keys and values here).
    @inline(__always)
    static func equalBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            var difference: UInt64 = 0
            while offset &+ 8 < count {
                difference |=
                    lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    ^ rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            difference |=
                lhs.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                ^ rhs.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            return difference == 0
        }
        if count >= 4 {
            let head = lhs.loadUnaligned(as: UInt32.self) ^ rhs.loadUnaligned(as: UInt32.self)
            let tail =
                lhs.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                ^ rhs.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            return head | tail == 0
        }
        var offset = 0
        while offset < count {
            if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset &+= 1
        }
        return true
    }

    /// Decodes the escapes of a JSON string's raw bytes; `nil` for an invalid escape.
    static func unescape(_ raw: UnsafeRawBufferPointer) -> String? {
        var output: [UInt8] = []
        var position = 0
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            guard position + 1 < raw.count else { return nil }
            let code = raw[position + 1]
            position += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "u"):
                // Exactly four hex digits (either case, docs/journal-format.md §11): no sign, which a number
                // parser would take (`\u+001` is not `\u0001`).
                guard position + 4 <= raw.count else { return nil }
                var value: UInt32 = 0
                for offset in 0..<4 {
                    guard let digit = Hex.value(ofDigit: raw[position + offset]) else { return nil }
                    value = value << 4 | UInt32(digit)
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                position += 4
            default: return nil
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
