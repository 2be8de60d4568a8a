/// A strict checker of JSON object keys (RFC 8259 syntax), run before decoding a request body (the service's,
/// docs/service.md) or a JSON argument (the C interface's, docs/c.md).
///
/// It parses the whole text once and refuses: invalid JSON (Foundation's decoder takes a trailing comma);
/// an object that repeats a key (keys compared byte for byte after unescaping, so `"pla\u0079er"` repeats
/// `"player"`), at any level, also inside ``JSONShape/any``; a key the ``JSONShape`` does not allow, at any
/// nesting level; a value of another kind than the shape says; nesting deeper than ``maximumDepth``. It builds
/// nothing but the keys, and never traps on any input.
package struct StrictJSON {
    /// The deepest nesting of objects and arrays accepted.
    package static let maximumDepth = 32

    private let bytes: [UInt8]
    private var offset = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Checks `bytes` against `shape`; throws the first problem found.
    package static func check(_ bytes: [UInt8], against shape: JSONShape) throws(StrictJSONError) {
        var parser = StrictJSON(bytes)
        parser.skipWhitespace()
        try parser.value(shape, path: "", depth: 0)
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw .syntax(offset: parser.offset, expected: "the end of the body") }
    }

    /// The fields of a flat object whose every value is a string — the shape of the service's request bodies —
    /// read in one pass without building anything else: each key once, only `allowed` keys, every `required` one
    /// present, strings unescaped and valid UTF-8.
    package static func stringFields(_ bytes: [UInt8], allowed: Set<String>, required: Set<String>) throws(StrictJSONError) -> [String: String] {
        var parser = StrictJSON(bytes)
        var fields: [String: String] = [:]
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: "{") else { throw .wrongKind(path: "", expected: "a JSON object") }
        parser.offset += 1
        parser.skipWhitespace()
        if parser.current == UInt8(ascii: "}") {
            parser.offset += 1
        } else {
            while true {
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: "\"") else { throw .syntax(offset: parser.offset, expected: "a key in double quotes") }
                let key = String(decoding: try parser.string(), as: UTF8.self)
                guard allowed.contains(key) else { throw .unknownKey(path: "", key: key, allowed: allowed.sorted()) }
                guard fields[key] == nil else { throw .duplicateKey(path: "", key: key) }
                parser.skipWhitespace()
                try parser.expect(UInt8(ascii: ":"), "':' after a key")
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: "\"") else { throw .wrongKind(path: key, expected: "a string") }
                fields[key] = String(decoding: try parser.string(), as: UTF8.self)
                parser.skipWhitespace()
                if parser.current == UInt8(ascii: ",") {
                    parser.offset += 1
                    continue
                }
                try parser.expect(UInt8(ascii: "}"), "',' or '}'")
                break
            }
        }
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw .syntax(offset: parser.offset, expected: "the end of the body") }
        for key in required.sorted() where fields[key] == nil { throw .missingKey(key) }
        return fields
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d { offset += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(StrictJSONError) {
        guard current == byte else { throw .syntax(offset: offset, expected: what) }
        offset += 1
    }

    /// One value of `shape` at `path`.
    private mutating func value(_ shape: JSONShape, path: String, depth: Int) throws(StrictJSONError) {
        switch (current ?? 0, shape) {
        case (UInt8(ascii: "{"), .object(let allowed)): try object(allowed, path: path, depth: depth + 1)
        case (UInt8(ascii: "{"), .any): try object(nil, path: path, depth: depth + 1)
        case (UInt8(ascii: "["), .array(let element)): try array(element, path: path, depth: depth + 1)
        case (UInt8(ascii: "["), .any): try array(.any, path: path, depth: depth + 1)
        case (UInt8(ascii: "{"), _), (UInt8(ascii: "["), _), (_, .object), (_, .array):
            throw .wrongKind(path: path, expected: Self.kind(of: shape))
        default: try scalar()
        }
    }

    /// An object whose keys are `allowed` (`nil`: any key, each value ``JSONShape/any``).
    private mutating func object(_ allowed: [String: JSONShape]?, path: String, depth: Int) throws(StrictJSONError) {
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return
        }
        var seen = Set<[UInt8]>()
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw .syntax(offset: offset, expected: "a key in double quotes") }
            let keyBytes = try string()
            let key = String(decoding: keyBytes, as: UTF8.self)
            guard seen.insert(keyBytes).inserted else { throw .duplicateKey(path: path, key: key) }
            // Byte for byte: no Unicode equivalence between a sent key and an allowed one.
            guard let shape = allowed.map({ $0.first(where: { Array($0.key.utf8) == keyBytes })?.value }) ?? .any else {
                throw .unknownKey(path: path, key: key, allowed: allowed?.keys.sorted() ?? [])
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            try value(shape, path: path.isEmpty ? key : path + "." + key, depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return
        }
    }

    private mutating func array(_ element: JSONShape, path: String, depth: Int) throws(StrictJSONError) {
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            try value(element, path: "\(path)[\(index)]", depth: depth)
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return
        }
    }

    private mutating func scalar() throws(StrictJSONError) {
        guard let byte = current else { throw .syntax(offset: offset, expected: "a value") }
        switch byte {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw .syntax(offset: offset, expected: "a value")
        }
    }

    private mutating func literal(_ word: String) throws(StrictJSONError) {
        for byte in word.utf8 { try expect(byte, "'\(word)'") }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(StrictJSONError) {
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(StrictJSONError) {
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw .syntax(offset: offset, expected: "a digit")
        }
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
    }

    /// A string at `offset` (which is `"`); returns its unescaped UTF-8 bytes.
    private mutating func string() throws(StrictJSONError) -> [UInt8] {
        offset += 1
        var output: [UInt8] = []
        while true {
            guard let byte = current else { throw .syntax(offset: offset, expected: "the closing '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard String(strictUTF8: output) != nil else { throw .syntax(offset: offset, expected: "UTF-8 text") }
                return output
            case UInt8(ascii: "\\"):
                offset += 1
                try escape(into: &output)
            case 0x00..<0x20:
                throw .syntax(offset: offset, expected: "no raw control character in a string")
            default:
                output.append(byte)
                offset += 1
            }
        }
    }

    private mutating func escape(into output: inout [UInt8]) throws(StrictJSONError) {
        guard let byte = current else { throw .syntax(offset: offset, expected: "an escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0c)
        case UInt8(ascii: "n"): output.append(0x0a)
        case UInt8(ascii: "r"): output.append(0x0d)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try hex4()
            if (0xd800..<0xdc00).contains(unit) {
                // A high surrogate must be followed by an escaped low one.
                try expect(UInt8(ascii: "\\"), "a low surrogate escape")
                try expect(UInt8(ascii: "u"), "a low surrogate escape")
                let low = try hex4()
                guard (0xdc00..<0xe000).contains(low) else { throw .syntax(offset: offset, expected: "a low surrogate") }
                unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
            } else if (0xdc00..<0xe000).contains(unit) {
                throw .syntax(offset: offset, expected: "no lone low surrogate")
            }
            guard let scalar = Unicode.Scalar(unit) else { throw .syntax(offset: offset, expected: "a Unicode scalar") }
            UTF8.encode(scalar) { output.append($0) }
        default:
            throw .syntax(offset: offset - 1, expected: "a valid escape")
        }
    }

    private mutating func hex4() throws(StrictJSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw .syntax(offset: offset, expected: "4 hex digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .syntax(offset: offset, expected: "4 hex digits")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func kind(of shape: JSONShape) -> String {
        switch shape {
        case .scalar: return "a string or number, not an object or array"
        case .object: return "a JSON object"
        case .array: return "an array"
        case .any: return "a JSON value"
        }
    }
}
