/// Decimal integers as anchors write them: digits only, no sign, no leading zeros (one spelling per value).
enum AnchorDecimal {
    /// The value of canonical decimal `text` when it fits in UInt64.
    static func uint64(_ text: String) -> UInt64? {
        let ascii = Array(text.utf8)
        guard !ascii.isEmpty, ascii.count <= 20, ascii.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            ascii.count == 1 || ascii[0] != UInt8(ascii: "0")
        else { return nil }
        return UInt64(text)
    }

    /// The value of canonical decimal `text` when it fits in Int64 (never negative).
    static func int64(_ text: String) -> Int64? {
        uint64(text).flatMap { Int64(exactly: $0) }
    }
}
