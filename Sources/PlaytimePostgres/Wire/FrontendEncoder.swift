/// Builds frontend messages (protocol v3, "Message Formats") into one reusable byte buffer, so a whole
/// extended-query pipeline goes out in one write.
struct FrontendEncoder {
    /// The encoded messages, in order.
    private(set) var bytes: [UInt8] = []

    /// Forgets the messages already sent, keeping the buffer's capacity.
    mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    // MARK: Messages

    /// StartupMessage: protocol 3.0 and `name`/`value` pairs (no type byte).
    mutating func startup(parameters: [(String, String)]) throws(PostgresError) {
        let start = bytes.count
        appendInt32(0)
        appendInt32(196_608)  // 3 << 16 | 0
        for (name, value) in parameters {
            try appendCString(name, what: "startup parameter name")
            try appendCString(value, what: "startup parameter \(name)")
        }
        bytes.append(0)
        try patchLength(at: start)
    }

    /// PasswordMessage (`p`) with a cleartext password.
    mutating func password(_ password: String) throws(PostgresError) {
        let start = begin(UInt8(ascii: "p"))
        try appendCString(password, what: "password")
        try patchLength(at: start)
    }

    /// SASLInitialResponse (`p`): the mechanism and the client-first-message.
    mutating func saslInitialResponse(mechanism: String, data: [UInt8]) throws(PostgresError) {
        let start = begin(UInt8(ascii: "p"))
        try appendCString(mechanism, what: "SASL mechanism")
        appendInt32(Int32(data.count))
        bytes.append(contentsOf: data)
        try patchLength(at: start)
    }

    /// SASLResponse (`p`): the client-final-message.
    mutating func saslResponse(data: [UInt8]) throws(PostgresError) {
        let start = begin(UInt8(ascii: "p"))
        bytes.append(contentsOf: data)
        try patchLength(at: start)
    }

    /// Parse (`P`) into `statement` (`""`: the unnamed statement), every parameter type left to the server (OID 0).
    mutating func parse(_ sql: String, statement: String = "") throws(PostgresError) {
        let start = begin(UInt8(ascii: "P"))
        try appendCString(statement, what: "statement name")
        try appendCString(sql, what: "SQL text")
        appendInt16(0)
        try patchLength(at: start)
    }

    /// Bind (`B`) `statement` to the unnamed portal: text parameters (`nil` is NULL), text results.
    mutating func bind(_ parameters: [String?], statement: String = "") throws(PostgresError) {
        guard parameters.count <= Int(UInt16.max) else {
            throw .invalidArgument("\(parameters.count) parameters; the protocol carries at most 65535")
        }
        let start = begin(UInt8(ascii: "B"))
        bytes.append(0)  // portal ""
        try appendCString(statement, what: "statement name")
        appendInt16(0)  // no parameter format codes: all text
        appendUInt16(UInt16(parameters.count))
        for parameter in parameters {
            guard let parameter else {
                appendInt32(-1)
                continue
            }
            let utf8 = parameter.utf8
            guard utf8.count <= Int(Int32.max) - 1024 else { throw .invalidArgument("a parameter longer than 2 GiB") }
            appendInt32(Int32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
        appendInt16(0)  // no result format codes: all text
        try patchLength(at: start)
    }

    /// Describe (`D`) a prepared statement: the server answers ParameterDescription, then RowDescription or NoData.
    mutating func describeStatement(_ statement: String) throws(PostgresError) {
        let start = begin(UInt8(ascii: "D"))
        bytes.append(UInt8(ascii: "S"))
        try appendCString(statement, what: "statement name")
        try patchLength(at: start)
    }

    /// Close (`C`) a prepared statement; closing one that does not exist is not an error.
    mutating func closeStatement(_ statement: String) throws(PostgresError) {
        let start = begin(UInt8(ascii: "C"))
        bytes.append(UInt8(ascii: "S"))
        try appendCString(statement, what: "statement name")
        try patchLength(at: start)
    }

    /// Describe (`D`) the unnamed portal.
    mutating func describePortal() {
        bytes.append(contentsOf: [UInt8(ascii: "D"), 0, 0, 0, 6, UInt8(ascii: "P"), 0])
    }

    /// Execute (`E`) the unnamed portal, every row.
    mutating func execute() {
        bytes.append(contentsOf: [UInt8(ascii: "E"), 0, 0, 0, 9, 0, 0, 0, 0, 0])
    }

    /// Sync (`S`): end of the pipeline; the server answers ReadyForQuery.
    mutating func sync() {
        bytes.append(contentsOf: [UInt8(ascii: "S"), 0, 0, 0, 4])
    }

    /// Query (`Q`): the simple query protocol, possibly several statements.
    mutating func simpleQuery(_ sql: String) throws(PostgresError) {
        let start = begin(UInt8(ascii: "Q"))
        try appendCString(sql, what: "SQL text")
        try patchLength(at: start)
    }

    /// CopyFail (`f`): refuses a COPY FROM STDIN that a statement started.
    mutating func copyFail(_ reason: String) throws(PostgresError) {
        let start = begin(UInt8(ascii: "f"))
        try appendCString(reason, what: "CopyFail reason")
        try patchLength(at: start)
    }

    /// Terminate (`X`).
    mutating func terminate() {
        bytes.append(contentsOf: [UInt8(ascii: "X"), 0, 0, 0, 4])
    }

    /// CancelRequest: sent on a new connection, naming the backend by its BackendKeyData.
    mutating func cancelRequest(processID: Int32, secretKey: Int32) {
        appendInt32(16)
        appendInt32(80_877_102)  // 1234 << 16 | 5678
        appendInt32(processID)
        appendInt32(secretKey)
    }

    // MARK: Primitives

    private mutating func begin(_ type: UInt8) -> Int {
        bytes.append(type)
        let start = bytes.count
        appendInt32(0)
        return start
    }

    /// Writes the length of the message whose length field starts at `start` (the length counts itself).
    private mutating func patchLength(at start: Int) throws(PostgresError) {
        let length = bytes.count - start
        guard length <= Int(Int32.max) else { throw .invalidArgument("a message longer than 2 GiB") }
        let value = UInt32(length)
        bytes[start] = UInt8(value >> 24)
        bytes[start + 1] = UInt8(truncatingIfNeeded: value >> 16)
        bytes[start + 2] = UInt8(truncatingIfNeeded: value >> 8)
        bytes[start + 3] = UInt8(truncatingIfNeeded: value)
    }

    private mutating func appendInt32(_ value: Int32) {
        let bits = UInt32(bitPattern: value)
        bytes.append(UInt8(bits >> 24))
        bytes.append(UInt8(truncatingIfNeeded: bits >> 16))
        bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        bytes.append(UInt8(truncatingIfNeeded: bits))
    }

    private mutating func appendInt16(_ value: Int16) { appendUInt16(UInt16(bitPattern: value)) }

    private mutating func appendUInt16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// A NUL-terminated string; text containing NUL cannot be sent as one.
    private mutating func appendCString(_ text: String, what: String) throws(PostgresError) {
        let utf8 = text.utf8
        guard !utf8.contains(0) else { throw .invalidArgument("the \(what) contains a NUL character") }
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }
}
