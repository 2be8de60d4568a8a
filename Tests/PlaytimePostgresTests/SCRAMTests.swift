import Testing

@testable import PlaytimePostgres

/// The SCRAM-SHA-256 arithmetic, pinned to RFC 7677 §3's example exchange, and its refusals.
@Suite("SCRAM-SHA-256 client")
struct SCRAMTests {
    // RFC 7677 §3: user "user", password "pencil".
    static let clientNonce = "rOprNGfwEbeRWgbNEkqO"
    static let serverFirst = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
    static let clientFinal = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
    static let serverFinal = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="

    func rfcClient() -> SCRAMSHA256Client {
        SCRAMSHA256Client(user: "user", password: "pencil", clientNonce: Self.clientNonce, maximumIterations: 1_000_000)
    }

    @Test("RFC 7677 §3: client-first, client-final with proof, server signature verified")
    func rfc7677Example() throws {
        var client = rfcClient()
        #expect(client.clientFirstMessage == "n,,n=user,r=rOprNGfwEbeRWgbNEkqO")
        #expect(try client.clientFinalMessage(serverFirst: Self.serverFirst) == Self.clientFinal)
        #expect(!client.isServerVerified)
        try client.verifyServerFinal(Self.serverFinal)
        #expect(client.isServerVerified)
    }

    @Test("PostgreSQL's form: an empty n= (the role comes from the startup message)")
    func postgresClientFirst() {
        let client = SCRAMSHA256Client(password: "x", clientNonce: "abc", maximumIterations: 10)
        #expect(client.clientFirstMessage == "n,,n=,r=abc")
    }

    @Test("A fresh nonce is 24 printable characters without a comma, different each time")
    func nonces() {
        let first = SCRAMSHA256Client.makeNonce()
        let second = SCRAMSHA256Client.makeNonce()
        #expect(first.count == 24)
        #expect(!first.contains(","))
        #expect(first != second)
    }

    @Test("A wrong server signature is an error, and leaves the server unverified")
    func wrongServerSignature() throws {
        var client = rfcClient()
        _ = try client.clientFinalMessage(serverFirst: Self.serverFirst)
        // The right signature with its first byte changed (base64 "6" → "7").
        expectAuthenticationFailure { try client.verifyServerFinal("v=7rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=") }
        expectAuthenticationFailure { try client.verifyServerFinal("v=") }
        expectAuthenticationFailure { try client.verifyServerFinal("v=not base64!") }
        expectAuthenticationFailure { try client.verifyServerFinal("e=invalid-proof") }
        expectAuthenticationFailure { try client.verifyServerFinal("") }
        #expect(!client.isServerVerified)
    }

    @Test("A server-final before server-first is refused")
    func finalBeforeFirst() {
        var client = rfcClient()
        expectAuthenticationFailure { try client.verifyServerFinal(Self.serverFinal) }
    }

    @Test(
        "Hostile server-first messages are refused",
        arguments: [
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=0",  // iteration count 0
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=-1",
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=99999999999999999999",
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=2000000",  // over the limit
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=",
            "r=someoneElsesNonce,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",  // does not extend ours
            "r=rOprNGfwEbeRWgbNEkqO,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",  // adds nothing
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=,i=4096",
            "r=rOprNGfwEbeRWgbNEkqO%hvY,s=%%%,i=4096",
            "m=ext,r=rOprNGfwEbeRWgbNEkqO%hvY,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
            "s=W22ZaJ0SNY7soEsUEjb6gQ==,r=rOprNGfwEbeRWgbNEkqO%hvY,i=4096",
            "", ",,,", "r=", "garbage",
        ])
    func hostileServerFirst(_ serverFirst: String) {
        var client = rfcClient()
        expectAuthenticationFailure { _ = try client.clientFinalMessage(serverFirst: serverFirst) }
    }

    @Test("SASLprep: ASCII unchanged; non-ASCII spaces mapped, soft hyphen dropped, NFKC; prohibited → raw bytes")
    func saslPrep() {
        #expect(SASLprep.prepare("pencil") == Array("pencil".utf8))
        #expect(SASLprep.prepare("a\u{7}b") == Array("a\u{7}b".utf8))  // ASCII control: PostgreSQL keeps it
        #expect(SASLprep.prepare("I\u{AD}X") == Array("IX".utf8))  // RFC 4013 §3 example 1
        #expect(SASLprep.prepare("a\u{A0}b") == Array("a b".utf8))
        #expect(SASLprep.prepare("\u{2168}") == Array("IX".utf8))  // RFC 4013 §3 example 4 (ROMAN NUMERAL NINE)
        #expect(SASLprep.prepare("\u{AA}") == Array("a".utf8))  // example 3
        #expect(SASLprep.prepare("é\u{7}") == Array("é\u{7}".utf8))  // prohibited control after non-ASCII: raw
    }

    private func expectAuthenticationFailure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            guard case .authenticationFailed = error as? PostgresError else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }
}
