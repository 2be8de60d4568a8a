/// Reads the fields of one backend message body, refusing to run past its end.
struct ByteCursor {
    private let bytes: [UInt8]
    private(set) var offset = 0
    /// The message type, for error text.
    private let type: UInt8

    init(_ bytes: [UInt8], type: UInt8) {
        self.bytes = bytes
        self.type = type
    }

    /// Bytes not yet read.
    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUInt8() throws(PostgresError) -> UInt8 {
        guard remaining >= 1 else { throw truncated() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readInt16() throws(PostgresError) -> Int16 {
        guard remaining >= 2 else { throw truncated() }
        defer { offset += 2 }
        return Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))
    }

    mutating func readInt32() throws(PostgresError) -> Int32 {
        guard remaining >= 4 else { throw truncated() }
        defer { offset += 4 }
        let value =
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        return Int32(bitPattern: value)
    }

    /// A NUL-terminated string, decoded as UTF-8 (invalid sequences become U+FFFD).
    mutating func readCString() throws(PostgresError) -> String {
        guard let end = bytes[offset...].firstIndex(of: 0) else {
            throw .protocolViolation("unterminated string in a \(typeName) message")
        }
        defer { offset = end + 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// `count` bytes as UTF-8 text.
    mutating func readText(count: Int) throws(PostgresError) -> String {
        guard count >= 0, remaining >= count else { throw truncated() }
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    /// Every byte left.
    mutating func readRest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Throws unless every byte was read.
    func expectEnd() throws(PostgresError) {
        guard isAtEnd else { throw .protocolViolation("\(remaining) stray bytes after a \(typeName) message") }
    }

    private var typeName: String { messageTypeName(type) }

    private func truncated() -> PostgresError {
        .protocolViolation("a \(typeName) message ends before its fields do")
    }
}
