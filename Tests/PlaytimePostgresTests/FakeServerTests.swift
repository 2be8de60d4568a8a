import PlaytimePostgres
import PlaytimeSystem
import PropertyTesting
import Testing

/// Hostile and broken servers over a loopback socket: every case ends in a typed error, none in a crash or a hang.
@Suite("Hostile servers (in-process, loopback)")
struct FakeServerTests {
    typealias Fake = FakePostgresServer

    func connectError(_ script: [Fake.Step], password: String? = "secret", timeout: Int64 = 2_000_000_000) throws -> PostgresError? {
        let fake = try Fake(script)
        do {
            let connection = try PostgresConnection.connect(fake.configuration(password: password, timeout: timeout))
            connection.close()
            return nil
        } catch {
            return error
        }
    }

    @Test("A correct SCRAM exchange with the fake logs in (the fake itself is right)")
    func honestSCRAM() throws {
        let fake = try Fake([.scram(password: "secret", iterations: 4096, corruptSignature: false, skipFinal: false)])
        let connection = try PostgresConnection.connect(fake.configuration())
        #expect(connection.isOpen)
        #expect(connection.transactionStatus == .idle)
        connection.close()
    }

    @Test("A wrong SCRAM server signature is authenticationFailed")
    func wrongServerSignature() throws {
        let error = try connectError([.scram(password: "secret", iterations: 4096, corruptSignature: true, skipFinal: false)])
        guard case .authenticationFailed(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("signature"))
    }

    @Test("A server that does not know the password (signs with another) is authenticationFailed")
    func impostor() throws {
        let fake = try Fake([.scram(password: "other", iterations: 16, corruptSignature: false, skipFinal: false)])
        do {
            _ = try PostgresConnection.connect(fake.configuration(password: "secret"))
            Issue.record("logged in to an impostor")
        } catch {
            guard case .authenticationFailed = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test("AuthenticationOk without the SCRAM server signature is refused")
    func skippedFinal() throws {
        let error = try connectError([.scram(password: "secret", iterations: 16, corruptSignature: false, skipFinal: true)])
        guard case .authenticationFailed = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("SCRAM iteration count 0 (and absurd counts) is authenticationFailed", arguments: [0, 2_000_000_000])
    func iterationCount(_ iterations: Int) throws {
        let error = try connectError([.scram(password: "secret", iterations: iterations, corruptSignature: false, skipFinal: false)])
        guard case .authenticationFailed = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("An announced 2 GiB message is messageTooLarge, nothing allocated")
    func oversize() throws {
        let error = try connectError([.send([UInt8(ascii: "R"), 0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 0])])
        #expect(error == .messageTooLarge(announcedBytes: Int(Int32.max), limitBytes: 64 << 20))
    }

    @Test("A message length below 4 is a protocol violation")
    func negativeLength() throws {
        let error = try connectError([.send([UInt8(ascii: "R"), 0xff, 0xff, 0xff, 0xf0])])
        guard case .protocolViolation = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test(
        "Garbage bytes (an HTTP answer, an unknown type) are typed errors",
        arguments: [
            Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8), [0, 0, 0, 0, 8, 1, 2, 3, 4],
            FakePostgresServer.message("D", [0, 0]),  // a row before authentication
        ])
    func garbage(_ bytes: [UInt8]) throws {
        let error = try connectError([.send(bytes)])
        switch error {
        case .protocolViolation?, .messageTooLarge?: break
        default: Issue.record("\(String(describing: error))")
        }
    }

    @Test("The server closing in the middle of a message is connectionClosed")
    func closedMidMessage() throws {
        let error = try connectError([.send([UInt8(ascii: "R"), 0, 0, 0, 12, 0, 0])])
        guard case .connectionClosed(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("middle"))
    }

    @Test("The server closing before any answer is connectionClosed")
    func closedAtOnce() throws {
        let error = try connectError([])
        guard case .connectionClosed = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("A server that never answers the startup is timedOut at the connect deadline")
    func silentAtStartup() async throws {
        try await onOwnThread {
            let started = SystemClock.bootNanoseconds()
            let error = try connectError([.hang], timeout: 300_000_000)
            let elapsed = SystemClock.bootNanoseconds() - started
            guard case .timedOut = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(elapsed >= 290_000_000)
            #expect(elapsed < 3_000_000_000)
        }
    }

    @Test(
        "MD5, GSSAPI and SCRAM-SHA-256-PLUS only are unsupportedAuthentication",
        arguments: [
            FakePostgresServer.authentication(5, [1, 2, 3, 4]), FakePostgresServer.authentication(7),
            FakePostgresServer.authentication(10, Array("SCRAM-SHA-256-PLUS\u{0}\u{0}".utf8)),
        ])
    func unsupported(_ request: [UInt8]) throws {
        let error = try connectError([.send(request)])
        guard case .unsupportedAuthentication = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("A cleartext password request without a configured password fails before sending anything")
    func cleartextWithoutPassword() throws {
        let error = try connectError([.send(Fake.authentication(3))], password: nil)
        guard case .authenticationFailed = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("A query the server never answers is timedOut at the query deadline, and the connection is closed")
    func silentQuery() async throws {
        try await onOwnThread {
            let fake = try Fake([.send(Fake.startupDone), .hang])
            let connection = try PostgresConnection.connect(fake.configuration(timeout: 300_000_000))
            let started = SystemClock.bootNanoseconds()
            do throws(PostgresError) {
                _ = try connection.query("SELECT 1")
                Issue.record("an answer from silence")
            } catch {
                guard case .timedOut = error else {
                    Issue.record("\(error)")
                    return
                }
            }
            #expect(SystemClock.bootNanoseconds() - started < 3_000_000_000)
            #expect(!connection.isOpen)
            do throws(PostgresError) {
                _ = try connection.query("SELECT 1")
                Issue.record("a closed connection answered")
            } catch {
                guard case .connectionClosed = error else {
                    Issue.record("\(error)")
                    return
                }
            }
        }
    }

    @Test("A row with more values than columns is a protocol violation")
    func rowShape() throws {
        let row = Fake.message("D", [0, 2, 0, 0, 0, 1, UInt8(ascii: "a"), 0, 0, 0, 0])
        let fake = try Fake([.send(Fake.startupDone), .receive, .send(Fake.message("1", []) + Fake.message("2", []) + Fake.message("n", []) + row)])
        let connection = try PostgresConnection.connect(fake.configuration())
        do {
            _ = try connection.query("SELECT")
            Issue.record("accepted a misshapen row")
        } catch {
            guard case .protocolViolation = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(!connection.isOpen)
    }

    @Test("A FATAL error during a query closes the connection and is the server's error")
    func fatalDuringQuery() throws {
        var body: [UInt8] = []
        for (code, value) in [("V", "FATAL"), ("C", "57P01"), ("M", "terminating connection due to administrator command")] {
            body += [UInt8(ascii: Unicode.Scalar(code)!)] + Array(value.utf8) + [0]
        }
        let fake = try Fake([.send(Fake.startupDone), .receive, .send(Fake.message("E", body + [0]))])
        let connection = try PostgresConnection.connect(fake.configuration())
        do {
            _ = try connection.query("SELECT 1")
            Issue.record("no error")
        } catch {
            #expect(error.sqlState == "57P01")
        }
        #expect(!connection.isOpen)
    }

    @Test("Random bytes after startup: a typed error or a result, never a crash or a hang")
    func randomAnswers() async throws {
        try await onOwnThread {
            let byte: Gen<UInt8> = Gen<Int>.int(in: 0...255).map { UInt8($0) }
            // Half the cases start with a plausible type byte, so decoding gets past the first check.
            let plausible: Gen<UInt8?> = Gen<Int>.int(in: 0...21).map { $0 < 11 ? Array("1 2TDCZEnNS".utf8)[$0] : nil }
            let gen = Gen<(UInt8?, [UInt8])>.zip(plausible, byte.array(count: 1...48))
            try PropertyCheck.check(gen, count: 40, name: "hostile answers end in a typed error") { (first, tail) in
                var bytes = tail
                if let first { bytes[0] = first }
                let fake = try Fake([.send(Fake.startupDone), .receive, .send(bytes)])
                let connection = try PostgresConnection.connect(fake.configuration(timeout: 200_000_000))
                defer { connection.close() }
                // Any PostgresError is fine; after one that is not the server's, the connection must be closed.
                switch Result(catching: { () throws(PostgresError) in try connection.query("SELECT 1") }) {
                case .success, .failure(.server): break
                case .failure(let error): try PropertyCheck.expect(!connection.isOpen, "open after \(error)")
                }
            }
        }
    }
}
