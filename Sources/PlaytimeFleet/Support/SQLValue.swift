internal import PlaytimeCrypto

/// Text-format parameters and results (the client speaks the text format, docs/fleet.md): `bytea` as `\x`
/// and lowercase hex, integers in decimal.
enum SQLValue {
    /// `bytes` as a `bytea` text parameter: `\x` and two hex digits per byte (exact, byte for byte).
    static func bytea<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        "\\x" + Hex.encode(Array(bytes))
    }

    /// A `bigint` result, or `nil` when it is absent or not a decimal 64-bit integer.
    static func int64(_ text: String?) -> Int64? {
        guard let text else { return nil }
        return Int64(text)
    }
}
