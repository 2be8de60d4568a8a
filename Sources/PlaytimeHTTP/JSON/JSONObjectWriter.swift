/// A JSON object written field by field as bytes (strings escaped as RFC 8259 requires), for the answers a server
/// sends many times a second, where a general encoder would cost more than the work behind them.
package struct JSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    /// An empty object.
    package init() { bytes.reserveCapacity(256) }

    /// Adds `"key":"value"`.
    package mutating func string(_ key: String, _ value: String) {
        self.key(key)
        Self.append(quoted: value, to: &bytes)
    }

    /// Adds `"key":number`.
    package mutating func integer(_ key: String, _ value: Int64) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// The object's bytes.
    package func finished() -> [UInt8] { bytes + [UInt8(ascii: "}")] }

    private mutating func key(_ key: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        Self.append(quoted: key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// `text` in double quotes: `"` and `\` escaped, control characters as `\u00XX`.
    package static func append(quoted text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xf)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
