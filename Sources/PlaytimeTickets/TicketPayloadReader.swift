internal import PlaytimeSystem

/// Reads the fields of a canonical payload in order, throwing on truncation; never traps.
struct TicketPayloadReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next `count` bytes.
    mutating func take(_ count: Int, field: String) throws(TicketFormatError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated(field: field) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// The next byte.
    mutating func uint8(field: String) throws(TicketFormatError) -> UInt8 {
        try take(1, field: field).first ?? 0
    }

    /// The next big-endian 16-bit unsigned integer.
    mutating func uint16(field: String) throws(TicketFormatError) -> Int {
        try take(2, field: field).reduce(0) { $0 << 8 | Int($1) }
    }

    /// The next big-endian 64-bit two's-complement integer.
    mutating func int64(field: String) throws(TicketFormatError) -> Int64 {
        Int64(bitPattern: try take(8, field: field).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// A length-prefixed UTF-8 string (length read with `length`).
    mutating func text(field: String, lengthBytes: Int) throws(TicketFormatError) -> String {
        let length = lengthBytes == 1 ? Int(try uint8(field: field)) : try uint16(field: field)
        let raw = try take(length, field: field)
        guard let text = String(strictUTF8: raw) else { throw .invalidText(field: field) }
        return text
    }

    /// Bytes not yet read.
    var remaining: Int { bytes.count - offset }
}
