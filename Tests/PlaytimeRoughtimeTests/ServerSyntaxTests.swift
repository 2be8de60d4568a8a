import PlaytimeCrypto
import Testing

@testable import PlaytimeRoughtime

@Suite("SERVER=KEY configuration syntax")
struct ServerSyntaxTests {
    static let key = "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="

    @Test(
        "Hosts as for NTP, port 2002 unless given, the key in padded base64",
        arguments: [
            ("roughtime.example.com=\(key)", "roughtime.example.com", UInt16(2002)),
            ("roughtime.example.com:2003=\(key)", "roughtime.example.com", 2003),
            ("127.0.0.1=\(key)", "127.0.0.1", 2002),
            ("127.0.0.1:123=\(key)", "127.0.0.1", 123),
            ("[::1]=\(key)", "::1", 2002),
            ("[::1]:5=\(key)", "::1", 5),
            ("2001:db8::2:33=\(key)", "2001:db8::2:33", 2002),
        ])
    func valid(text: String, host: String, port: UInt16) throws {
        let server = try RoughtimeServer(parsing: text)
        #expect(server.host == host && server.port == port)
        #expect(Base64.encode(server.publicKey.rawRepresentation) == Self.key)
        #expect(try RoughtimeServer(parsing: server.description) == server)
    }

    @Test(
        "Malformed configurations are named",
        arguments: [
            ("roughtime.example.com", RoughtimeConfigurationError.missingKey),
            ("=\(key)", .badServer("")),
            ("host:99999=\(key)", .badServer("host:99999")),
            ("999.1.1.1=\(key)", .badServer("999.1.1.1")),
            ("host=", .badKeyEncoding),
            ("host=A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg", .badKeyEncoding),
            ("host=AAAA", .badKeyEncoding),
            ("host=A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=", .badKeyEncoding),
            // y = 1 encodes the identity point: a small-order key, refused by PlaytimeCrypto.
            ("host=AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", .invalidKey),
        ])
    func invalid(text: String, expected: RoughtimeConfigurationError) {
        #expect(throws: expected) { try RoughtimeServer(parsing: text) }
    }

    @Test("RoughtimeRequest.nonce(of:) reads a request's nonce, nil for anything else")
    func nonceOf() throws {
        let nonce = (0..<32).map { UInt8(255 - $0) }
        #expect(RoughtimeRequest.nonce(of: RoughtimeRequest.make(nonce: nonce)) == nonce)
        #expect(RoughtimeRequest.nonce(of: try base64(AppendixB.pairs[0].response)) == nil)
        #expect(RoughtimeRequest.nonce(of: []) == nil)
    }

    @Test("Requests: versions deduplicated, sorted and capped at 32")
    func versions() throws {
        let many = RoughtimeRequest.make(nonce: [UInt8](repeating: 0, count: 32), versions: (0..<40).map { UInt32(40 - $0) } + [3, 3])
        #expect(try RoughtimeRequest.parse(many[...]).versions == Array(1...32))
    }
}
