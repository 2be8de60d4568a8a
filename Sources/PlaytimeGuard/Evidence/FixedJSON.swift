import PlaytimeSystem

/// Writes JSON objects whose keys come in a fixed order, byte for byte reproducible.
struct FixedJSONWriter {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    init() { bytes.reserveCapacity(320) }

    private mutating func key(_ name: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    mutating func integer(_ name: StaticString, _ value: Int64) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func integer(_ name: StaticString, _ value: Int64?) {
        guard let value else { key(name); bytes.append(contentsOf: "null".utf8); return }
        integer(name, value)
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        key(name)
        guard let value else { bytes.append(contentsOf: "null".utf8); return }
        appendQuoted(value)
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
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

    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

/// Reads JSON objects written by `FixedJSONWriter`: keys must come in the expected order and spelling.
/// Anything else is malformed; the scanner never traps on any input.
struct FixedJSONScanner {
    private let bytes: UnsafeRawBufferPointer
    private(set) var index = 0
    private var first = true

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func begin() -> Bool { take(UInt8(ascii: "{")) }

    mutating func end() -> Bool { take(UInt8(ascii: "}")) && index == bytes.count }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func key(_ name: StaticString) -> Bool {
        if !first, !take(UInt8(ascii: ",")) { return false }
        first = false
        guard take(UInt8(ascii: "\"")) else { return false }
        let length = name.utf8CodeUnitCount
        guard index + length + 2 <= bytes.count, let base = bytes.baseAddress,
              memoryEqual(base + index, UnsafeRawPointer(name.utf8Start), length) else { return false }
        index += length
        return take(UInt8(ascii: "\"")) && take(UInt8(ascii: ":"))
    }

    /// Reads a string value and returns it only if it is one of `choices` (no allocation); `nil` otherwise.
    mutating func choice<T>(_ name: StaticString, _ choices: [(StaticString, T)]) -> T? {
        guard key(name), take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return nil }
        for (text, value) in choices {
            let length = text.utf8CodeUnitCount
            if index + length + 1 <= bytes.count, bytes[index + length] == UInt8(ascii: "\""),
               memoryEqual(base + index, UnsafeRawPointer(text.utf8Start), length) {
                index += length + 1
                return value
            }
        }
        return nil
    }

    /// A string value, reusing `cached` when the bytes are the same (no allocation for repeated values).
    mutating func string(_ name: StaticString, reusing cached: inout (bytes: [UInt8], value: String)?) -> String? {
        guard key(name) else { return nil }
        return cachedStringValue(&cached)
    }

    /// A string or `null`, reusing `cached` when the bytes repeat.
    mutating func optionalString(_ name: StaticString, reusing cached: inout (bytes: [UInt8], value: String)?) -> String?? {
        guard key(name) else { return nil }
        if takeNull() { return .some(nil) }
        guard let value = cachedStringValue(&cached) else { return nil }
        return .some(value)
    }

    private mutating func cachedStringValue(_ cached: inout (bytes: [UInt8], value: String)?) -> String? {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        // A plain string (no escapes) whose bytes equal the cached one is returned without decoding.
        if let entry = cached, let base = bytes.baseAddress, start + entry.bytes.count + 1 < bytes.count,
           bytes[start + 1 + entry.bytes.count] == UInt8(ascii: "\""),
           entry.bytes.withUnsafeBytes({ raw in raw.isEmpty || memoryEqual(base + start + 1, raw.baseAddress!, raw.count) }),
           !entry.bytes.contains(UInt8(ascii: "\\")) {
            index = start + entry.bytes.count + 2
            return entry.value
        }
        guard let value = stringValue() else { return nil }
        let raw = Array(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)]))
        if !raw.contains(UInt8(ascii: "\\")) { cached = (raw, value) }
        return value
    }

    private mutating func takeNull() -> Bool {
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// A decimal integer field (optional minus, no leading plus); `nil` when malformed or out of range.
    mutating func integer(_ name: StaticString) -> Int64? {
        guard key(name) else { return nil }
        return integerValue()
    }

    /// An integer or `null`: `.some(nil)` for null, `nil` when malformed.
    mutating func optionalInteger(_ name: StaticString) -> Int64?? {
        guard key(name) else { return nil }
        if takeNull() { return .some(nil) }
        guard let value = integerValue() else { return nil }
        return .some(value)
    }

    private mutating func integerValue() -> Int64? {
        let negative = take(UInt8(ascii: "-"))
        var magnitude: UInt64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(bytes[index] - 0x30))
            guard !o1, !o2 else { return nil }
            magnitude = sum
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// A string field; `nil` when malformed.
    mutating func string(_ name: StaticString) -> String? {
        guard key(name) else { return nil }
        return stringValue()
    }

    /// A string or `null`: `.some(nil)` for null, `nil` when malformed.
    mutating func optionalString(_ name: StaticString) -> String?? {
        guard key(name) else { return nil }
        if takeNull() { return .some(nil) }
        guard let value = stringValue() else { return nil }
        return .some(value)
    }

    /// An array of strings; `nil` when malformed.
    mutating func strings(_ name: StaticString) -> [String]? {
        guard key(name), take(UInt8(ascii: "[")) else { return nil }
        var values: [String] = []
        if take(UInt8(ascii: "]")) { return values }
        repeat {
            guard let value = stringValue() else { return nil }
            values.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? values : nil
    }

    mutating func stringValue() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var plain = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return plain ? String(decoding: raw, as: UTF8.self) : unescape(raw)
            }
            if byte == UInt8(ascii: "\\") {
                plain = false
                index += 2
                continue
            }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    private func unescape(_ raw: UnsafeRawBufferPointer) -> String? {
        var output: [UInt8] = []
        var position = 0
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else { output.append(byte); position += 1; continue }
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
                guard position + 4 <= raw.count,
                      let value = UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: raw[position..<position + 4]), as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(value) else { return nil }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                position += 4
            default: return nil
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

@inline(__always)
private func memoryEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    MemoryScan.equal(lhs, rhs, count: count)
}
