/// Rules for record type strings: 1–64 bytes of `[A-Za-z0-9._:-]`, so they never need JSON escaping.
enum RecordType {
    /// True when `byte` may appear in a record type.
    @inline(__always)
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: ":"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// True when `type` is a valid record type.
    static func isValid(_ type: String) -> Bool {
        let bytes = type.utf8
        return !bytes.isEmpty && bytes.count <= JournalFormat.maximumTypeByteCount && bytes.allSatisfy(isAllowed)
    }
}
