import PlaytimeCrypto

/// Text-format parameters and results (the client speaks the text format, docs/fleet.md): `bytea` as `\x`
/// and lowercase hex, integers in decimal.
enum SQLValue {
    /// `bytes` as a `bytea` text parameter: `\x` and two hex digits per byte (exact, byte for byte).
    static func bytea<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        "\\x" + Hex.encode(Array(bytes))
    }

    /// The bytes of a `bytea` result in the hex output format (`\x…`), or `nil` for anything else.
    static func bytes(fromBytea text: String?) -> [UInt8]? {
        guard let text, text.hasPrefix("\\x") else { return nil }
        let digits = text.dropFirst(2)
        if digits.isEmpty { return [] }
        return Hex.decode(digits)
    }

    /// A `bigint` result, or `nil` when it is absent or not a decimal 64-bit integer.
    static func int64(_ text: String?) -> Int64? {
        guard let text else { return nil }
        return Int64(text)
    }
}
