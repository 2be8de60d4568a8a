/// Checks that payload bytes are exactly one JSON object (RFC 8259) that fits on one journal line:
/// valid UTF-8, no raw control bytes, and only space or tab as whitespace (never CR or LF).
enum PayloadValidator {
    /// Nesting deeper than this is rejected.
    static let maximumDepth = 64

    /// Returns nil when `bytes` is acceptable, otherwise a short reason.
    static func problem(with bytes: [UInt8]) -> String? {
        guard bytes.count <= JournalFormat.maximumLineByteCount / 2 else { return "larger than 512 KiB" }
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else {
            return "must start with { and end with }"
        }
        guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else { return "not valid UTF-8" }
        var parser = Parser(bytes: bytes)
        guard parser.value(depth: 0), parser.index == bytes.count else {
            return "not a single JSON object (error near byte \(parser.index))"
        }
        return nil
    }

    /// A recursive-descent recogniser that only answers "valid or not".
    struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        mutating func literal(_ text: String) -> Bool {
            for byte in text.utf8 where !take(byte) { return false }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < PayloadValidator.maximumDepth else { return false }
            skipSpace()
            guard let byte = current else { return false }
            let ok: Bool
            switch byte {
            case UInt8(ascii: "{"): ok = object(depth: depth)
            case UInt8(ascii: "["): ok = array(depth: depth)
            case UInt8(ascii: "\""): ok = string()
            case UInt8(ascii: "t"): ok = literal("true")
            case UInt8(ascii: "f"): ok = literal("false")
            case UInt8(ascii: "n"): ok = literal("null")
            default: ok = number()
            }
            skipSpace()
            return ok
        }

        mutating func object(depth: Int) -> Bool {
            index += 1
            skipSpace()
            if take(UInt8(ascii: "}")) { return true }
            while true {
                skipSpace()
                guard string() else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")), value(depth: depth + 1) else { return false }
                if take(UInt8(ascii: "}")) { return true }
                guard take(UInt8(ascii: ",")) else { return false }
            }
        }

        mutating func array(depth: Int) -> Bool {
            index += 1
            skipSpace()
            if take(UInt8(ascii: "]")) { return true }
            while true {
                guard value(depth: depth + 1) else { return false }
                if take(UInt8(ascii: "]")) { return true }
                guard take(UInt8(ascii: ",")) else { return false }
            }
        }

        mutating func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let digit = current, isHexDigit(digit) else { return false }
                            index += 1
                        }
                    default: return false
                    }
                case 0x00..<0x20: return false
                default: continue
                }
            }
            return false
        }

        mutating func number() -> Bool {
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // no further integer digits after a leading zero
            } else {
                guard digits() else { return false }
            }
            if take(UInt8(ascii: ".")) { guard digits() else { return false } }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() else { return false }
            }
            return true
        }

        mutating func digits() -> Bool {
            let start = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index > start
        }

        func isHexDigit(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
        }
    }
}
