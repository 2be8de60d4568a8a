import PropertyTesting
import Testing

@testable import PlaytimePostgres

/// Backend message decoding: known messages, malformed ones, and random bytes (never a crash).
@Suite("Backend message decoding")
struct WireDecodingTests {
    @Test("DataRow with NULL, empty and UTF-8 values")
    func dataRow() throws {
        let body: [UInt8] = [0, 3, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 2, 0xc3, 0xa9]
        #expect(try BackendMessage.decode(type: UInt8(ascii: "D"), body: body) == .dataRow([nil, "", "é"]))
    }

    @Test("ErrorResponse fields: severity (V over S), SQLSTATE, message, detail, constraint")
    func errorResponse() throws {
        var body: [UInt8] = []
        for (code, value) in [("S", "ERREUR"), ("V", "ERROR"), ("C", "23505"), ("M", "duplicate key"), ("D", "Key (id)=(1)"), ("n", "t_pkey")] {
            body.append(UInt8(ascii: Unicode.Scalar(code)!))
            body.append(contentsOf: Array(value.utf8) + [0])
        }
        body.append(0)
        let expected = PostgresServerError(severity: "ERROR", sqlState: "23505", message: "duplicate key", detail: "Key (id)=(1)", constraintName: "t_pkey")
        #expect(try BackendMessage.decode(type: UInt8(ascii: "E"), body: body) == .errorResponse(expected))
    }

    /// A message type and a body that does not fit it.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let type: Character
        let body: [UInt8]
        init(_ type: Character, _ body: [UInt8]) {
            self.type = type
            self.body = body
        }
        var testDescription: String { "\(type) \(body)" }
    }

    static let malformedBodies: [Malformed] = [
        Malformed("D", [0, 2, 0, 0, 0, 1]),  // second value missing
        Malformed("D", [0, 1, 0, 0, 0, 9, 1]),  // value longer than the body
        Malformed("D", [0, 1, 0xff, 0xff, 0xff, 0xfe]),  // length -2
        Malformed("D", [0x80, 0]),  // negative count
        Malformed("D", [0x7f, 0xff]),  // count far beyond the body
        Malformed("T", [0x7f, 0xff, 0]),
        Malformed("Z", [UInt8(ascii: "X")]),
        Malformed("Z", []),
        Malformed("K", [0, 0, 0, 1]),
        Malformed("R", [0, 0]),
        Malformed("R", [0, 0, 0, 10, UInt8(ascii: "S")]),  // unterminated mechanism
        Malformed("E", [UInt8(ascii: "C"), UInt8(ascii: "2")]),
        Malformed("C", [UInt8(ascii: "O"), UInt8(ascii: "K")]),
        Malformed("\u{0}", []),
        Malformed("~", [1, 2, 3]),
    ]

    @Test("Malformed bodies are protocol violations", arguments: malformedBodies)
    func malformed(_ testCase: Malformed) {
        let type = testCase.type.asciiValue ?? 0
        let body = testCase.body
        do {
            let message = try BackendMessage.decode(type: type, body: body)
            Issue.record("decoded \(message)")
        } catch {
            guard case .protocolViolation = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test("Random bodies of every message type decode or are refused, never crash")
    func randomBodies() throws {
        let types: [UInt8] = Array("RSKZTDCIEGWHsN A123ntvdcX".utf8)
        let byte: Gen<UInt8> = Gen<Int>.int(in: 0...255).map { UInt8($0) }
        let gen = Gen<(Int, [UInt8])>.zip(Gen<Int>.int(in: 0...(types.count - 1)), byte.array(count: 0...64))
        try PropertyCheck.check(gen, count: 3000, name: "decode is total") { (index, body) in
            _ = try? BackendMessage.decode(type: types[index], body: body)
        }
    }

    @Test("affectedRows reads the command tag's count")
    func affectedRows() {
        #expect(PostgresResult(commandTag: "INSERT 0 5").affectedRows == 5)
        #expect(PostgresResult(commandTag: "UPDATE 3").affectedRows == 3)
        #expect(PostgresResult(commandTag: "SELECT 0").affectedRows == 0)
        #expect(PostgresResult(commandTag: "CREATE TABLE").affectedRows == nil)
        #expect(PostgresResult(commandTag: "").affectedRows == nil)
        #expect(PostgresResult(commandTag: "INSERT").affectedRows == nil)
    }
}
