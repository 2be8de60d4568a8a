/// A backend message, decoded (protocol v3, "Message Formats"). Only what this client acts on is kept.
enum BackendMessage: Equatable {
    /// `R`: an authentication request or its outcome.
    case authentication(AuthenticationRequest)
    /// `S`: a run-time parameter's current value.
    case parameterStatus(name: String, value: String)
    /// `K`: the key that cancels this session's queries.
    case backendKeyData(processID: Int32, secretKey: Int32)
    /// `Z`: the server is ready; the transaction status.
    case readyForQuery(PostgresTransactionStatus)
    /// `T`: the result's column names.
    case rowDescription([String])
    /// `D`: one row, text values, `nil` for NULL.
    case dataRow([String?])
    /// `C`: a statement finished; its command tag.
    case commandComplete(String)
    /// `I`: the query string was empty.
    case emptyQueryResponse
    /// `E`: an error.
    case errorResponse(PostgresServerError)
    /// `1`: ParseComplete.
    case parseComplete
    /// `n`: NoData (a statement without result columns).
    case noData
    /// `N` (notice), `A` (notification), `2` `3` (bind/close complete),
    /// `t` (parameter description), `v` (protocol version negotiation), `d` `c` (copy data/done): nothing to do.
    case ignorable(UInt8)
    /// `G` (copy in) or `W` (copy both): the server waits for COPY data this client never sends.
    case copyInResponse
    /// `H`: copy out starts; its `d` and `c` messages follow.
    case copyOutResponse
    /// `s`: a portal ran out of its row limit (never asked for by this client).
    case portalSuspended

    /// Decodes a message of `type` from its `body`.
    static func decode(type: UInt8, body: [UInt8]) throws(PostgresError) -> BackendMessage {
        var cursor = ByteCursor(body, type: type)
        switch type {
        case UInt8(ascii: "R"):
            return .authentication(try AuthenticationRequest.decode(&cursor))
        case UInt8(ascii: "S"):
            let name = try cursor.readCString()
            let value = try cursor.readCString()
            return .parameterStatus(name: name, value: value)
        case UInt8(ascii: "K"):
            let processID = try cursor.readInt32()
            let secretKey = try cursor.readInt32()
            try cursor.expectEnd()
            return .backendKeyData(processID: processID, secretKey: secretKey)
        case UInt8(ascii: "Z"):
            let status = try cursor.readUInt8()
            try cursor.expectEnd()
            guard let transaction = PostgresTransactionStatus(indicator: status) else {
                throw .protocolViolation("ReadyForQuery with the unknown status \(messageTypeName(status))")
            }
            return .readyForQuery(transaction)
        case UInt8(ascii: "T"):
            return .rowDescription(try decodeRowDescription(&cursor))
        case UInt8(ascii: "D"):
            return .dataRow(try decodeDataRow(&cursor))
        case UInt8(ascii: "C"):
            return .commandComplete(try cursor.readCString())
        case UInt8(ascii: "I"):
            return .emptyQueryResponse
        case UInt8(ascii: "E"):
            return .errorResponse(try decodeError(&cursor))
        case UInt8(ascii: "G"), UInt8(ascii: "W"):
            return .copyInResponse
        case UInt8(ascii: "H"):
            return .copyOutResponse
        case UInt8(ascii: "s"):
            return .portalSuspended
        case UInt8(ascii: "1"):
            return .parseComplete
        case UInt8(ascii: "n"):
            return .noData
        case UInt8(ascii: "N"), UInt8(ascii: "A"), UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "t"), UInt8(ascii: "v"), UInt8(ascii: "d"),
            UInt8(ascii: "c"):
            return .ignorable(type)
        default:
            throw .protocolViolation("unknown message type \(messageTypeName(type))")
        }
    }

    private static func decodeRowDescription(_ cursor: inout ByteCursor) throws(PostgresError) -> [String] {
        let count = Int(try cursor.readInt16())
        guard count >= 0 else { throw .protocolViolation("RowDescription with a negative column count") }
        // Each field takes at least 19 bytes: a name's NUL and 18 bytes of attributes.
        guard count * 19 <= cursor.remaining else { throw .protocolViolation("RowDescription shorter than its \(count) columns") }
        var names: [String] = []
        names.reserveCapacity(count)
        for _ in 0..<count {
            names.append(try cursor.readCString())
            // table OID, column number, type OID, type size, type modifier, format code.
            _ = try cursor.readInt32()
            _ = try cursor.readInt16()
            _ = try cursor.readInt32()
            _ = try cursor.readInt16()
            _ = try cursor.readInt32()
            let format = try cursor.readInt16()
            guard format == 0 else { throw .protocolViolation("a binary-format column, which this client never asks for") }
        }
        try cursor.expectEnd()
        return names
    }

    private static func decodeDataRow(_ cursor: inout ByteCursor) throws(PostgresError) -> [String?] {
        let count = Int(try cursor.readInt16())
        guard count >= 0 else { throw .protocolViolation("DataRow with a negative column count") }
        guard count * 4 <= cursor.remaining else { throw .protocolViolation("DataRow shorter than its \(count) columns") }
        var values: [String?] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(try cursor.readInt32())
            if length == -1 {
                values.append(nil)
            } else {
                guard length >= 0 else { throw .protocolViolation("DataRow value of length \(length)") }
                values.append(try cursor.readText(count: length))
            }
        }
        try cursor.expectEnd()
        return values
    }

    private static func decodeError(_ cursor: inout ByteCursor) throws(PostgresError) -> PostgresServerError {
        var fields: [UInt8: String] = [:]
        while true {
            let code = try cursor.readUInt8()
            if code == 0 { break }
            fields[code] = try cursor.readCString()
        }
        try cursor.expectEnd()
        return PostgresServerError(
            severity: fields[UInt8(ascii: "V")] ?? fields[UInt8(ascii: "S")] ?? "ERROR",
            sqlState: fields[UInt8(ascii: "C")] ?? "XX000",
            message: fields[UInt8(ascii: "M")] ?? "(the server sent no message)",
            detail: fields[UInt8(ascii: "D")],
            hint: fields[UInt8(ascii: "H")],
            constraintName: fields[UInt8(ascii: "n")]
        )
    }
}

/// The contents of an Authentication (`R`) message.
enum AuthenticationRequest: Equatable {
    /// 0: authenticated.
    case ok
    /// 3: send the password in cleartext.
    case cleartextPassword
    /// 5: MD5 (refused by this client).
    case md5Password
    /// 10: SASL, with the mechanisms the server offers.
    case sasl(mechanisms: [String])
    /// 11: a SASL challenge (server-first-message).
    case saslContinue([UInt8])
    /// 12: the SASL outcome (server-final-message).
    case saslFinal([UInt8])
    /// Anything else: 2 Kerberos V5, 6 SCM credentials, 7/8 GSSAPI, 9 SSPI, …
    case other(Int32)

    static func decode(_ cursor: inout ByteCursor) throws(PostgresError) -> AuthenticationRequest {
        let code = try cursor.readInt32()
        switch code {
        case 0:
            try cursor.expectEnd()
            return .ok
        case 3:
            try cursor.expectEnd()
            return .cleartextPassword
        case 5:
            return .md5Password
        case 10:
            var mechanisms: [String] = []
            while true {
                let name = try cursor.readCString()
                if name.isEmpty { break }
                mechanisms.append(name)
            }
            try cursor.expectEnd()
            return .sasl(mechanisms: mechanisms)
        case 11:
            return .saslContinue(cursor.readRest())
        case 12:
            return .saslFinal(cursor.readRest())
        default:
            return .other(code)
        }
    }
}

/// A message type byte for error text: the character when printable, else its hex value.
func messageTypeName(_ type: UInt8) -> String {
    (0x21...0x7e).contains(type) ? "'\(String(UnicodeScalar(type)))'" : "0x" + String(type, radix: 16)
}
