import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// SIGKILL: it cannot be blocked or ignored.
private func killHard(_ pid: Int32) {
    #if canImport(Glibc)
    _ = Glibc.kill(pid, SIGKILL)
    #elseif canImport(Darwin)
    _ = Darwin.kill(pid, SIGKILL)
    #endif
}

/// The example executables (`idle-game`, `game-server`, `game-client`), run as built binaries: they sit next to
/// `playtime` in the build folder.
enum ExampleBinary {
    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/Samples/NAME`.
    static func sample(_ name: String) -> String { root.appendingPathComponent("Examples/Samples/" + name).path }

    static func url(_ name: String) throws -> URL {
        var directories: [URL] = []
        if let playtime = PlaytimeBinary.url { directories.append(playtime.deletingLastPathComponent()) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        for candidate in directories.map({ $0.appendingPathComponent(name) }) where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw CLIError("the \(name) binary was not found next to the tests; run 'swift build' first")
    }

    /// Runs an example to completion on a thread of its own, capturing its output.
    static func run(_ name: String, _ arguments: [String]) async throws -> PlaytimeBinary.Run {
        let url = try url(name)
        return try await runOffCooperativePool {
            let process = Process()
            process.executableURL = url
            process.arguments = arguments
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            process.standardInput = FileHandle.nullDevice
            let started = Date()
            try process.run()
            let outData = output.fileHandleForReading.readDataToEndOfFile()
            let errData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return PlaytimeBinary.Run(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                                      standardError: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
        }
    }

    static func temporaryDirectory(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + prefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A running `game-server`. Started with `--seconds`, so it ends by itself even if a test forgets it; `kill()`
/// (non-blocking, safe in `defer`) and `stop()` (waits, off the pool) end it early, abruptly: what it
/// acknowledged must already be on disk.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    /// The port from the first line, `listening on 127.0.0.1:PORT`.
    private(set) var port: UInt16 = 0

    static func start(_ arguments: [String]) async throws -> ServerProcess {
        let server = ServerProcess()
        let url = try ExampleBinary.url("game-server")
        try await runOffCooperativePool {
            server.process.executableURL = url
            server.process.arguments = arguments
            server.process.standardOutput = server.output
            server.process.standardError = server.errors
            server.process.standardInput = FileHandle.nullDevice
            try server.process.run()
            // Read up to the first newline (EOF if the server could not start).
            var first: [UInt8] = []
            while !first.contains(0x0a) {
                let chunk = server.output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                first += chunk
            }
            let line = String(decoding: first.prefix { $0 != 0x0a }, as: UTF8.self)
            guard line.hasPrefix("listening on 127.0.0.1:"), let port = UInt16(line.dropFirst("listening on 127.0.0.1:".count)) else {
                server.kill()
                let problem = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw CLIError("game-server did not start: first line '\(line)', stderr: \(problem)")
            }
            server.port = port
        }
        return server
    }

    var address: String { "127.0.0.1:\(port)" }

    /// Kills it (SIGKILL, as a crash would) if it still runs; returns at once. Not SIGTERM: a child spawned from
    /// a test thread can inherit a signal mask that blocks it.
    func kill() {
        if process.isRunning { killHard(process.processIdentifier) }
    }

    /// Ends the server and returns the rest of its standard output (its request log).
    @discardableResult
    func stop() async throws -> String {
        try await runOffCooperativePool {
            self.kill()
            self.process.waitUntilExit()
            return String(decoding: self.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    /// Sends raw bytes to the server and returns everything it answers (it closes after one response).
    func raw(_ request: String) async throws -> String {
        let port = self.port
        return try await runOffCooperativePool {
            guard let address = SocketAddress(numericHost: "127.0.0.1", port: port) else { throw CLIError("bad address") }
            let connection = try TCPConnection(connectingTo: address)
            defer { connection.close() }
            try connection.writeAll(Array(request.utf8))
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                guard try Poller.waitReadable([connection.descriptor], timeoutNanoseconds: 5_000_000_000).first == true else {
                    throw CLIError("no answer within 5 s; got so far: \(String(decoding: answer, as: UTF8.self))")
                }
                let count = try connection.read(into: &buffer)
                if count == 0 { break }
                answer += buffer[..<count]
            }
            return String(decoding: answer, as: UTF8.self)
        }
    }

    /// A journal upload to POST /audit for `player`, as raw HTTP/1.1.
    func upload(_ journal: String, player: String) async throws -> String {
        try await raw("POST /audit HTTP/1.1\r\nHost: \(address)\r\nX-Player: \(player)\r\nContent-Length: \(journal.utf8.count)\r\n"
                      + "Connection: close\r\n\r\n\(journal)")
    }

    /// A JSON POST as raw HTTP/1.1.
    func post(_ path: String, json: String) async throws -> String {
        try await raw("POST \(path) HTTP/1.1\r\nHost: \(address)\r\nContent-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)")
    }
}

@Suite("Examples (built binaries, real clocks, loopback only)")
struct ExamplesTests {
    /// The first whole number after `marker` in `output`.
    static func number(after marker: String, in output: String) -> Int? {
        guard let range = output.range(of: marker) else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// The `gold  N paid this run` line of the idle game.
    static func goldPaid(_ output: String) -> Int? {
        for line in output.split(separator: "\n") where line.hasPrefix("gold ") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    @Test("idle-game --away 1 (no NTP: the boot clock decides) exits 0, pays gold, and its journal audits clean")
    func idleGame() async throws {
        let directory = try ExampleBinary.temporaryDirectory("idle-game-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await ExampleBinary.run("idle-game", ["--dir", directory, "--away", "1"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.seconds >= 1, "the game really waits")
        // At least the second away is proven (more only if this machine stalled the return); 36 000 gold/h at
        // 100 % efficiency is exactly 10 gold per second.
        let credited = try #require(Self.number(after: "verified by bootClock: credited ", in: run.standardOutput), "\(run.standardOutput)")
        #expect(credited >= 1)
        #expect(Self.goldPaid(run.standardOutput) == 10 * credited, "\(run.standardOutput)")
        // What the game claimed is what a server recomputes from the journal.
        let audit = try await PlaytimeBinary.run(["audit", "--key-file", directory + "/player.key", "--policy",
                                                  ExampleBinary.sample("demo-policy.json"), directory + "/journal.jsonl"])
        #expect(audit.status == 0, "\(audit.standardOutput)\n\(audit.standardError)")
        #expect(audit.standardOutput.contains("\(10 * credited) gold claimed"), "\(audit.standardOutput)")
    }

    @Test("idle-game with a loopback NTP server: the return carries network time; --ad is shown pending, never paid by the device")
    func idleGameWithNetworkTime() async throws {
        let fake = try FakeNTPServer(.honest(stratum: 2))
        defer { fake.stop() }
        let directory = try ExampleBinary.temporaryDirectory("idle-game-ntp-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await ExampleBinary.run("idle-game", ["--dir", directory, "--away", "1", "--ntp", fake.serverArgument, "--ad"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let foreground = run.standardOutput.components(separatedBy: "foreground").last ?? ""
        #expect(foreground.contains(", network 20"), "the return's evidence has network time: \(run.standardOutput)")
        #expect(fake.requestCount >= 1)
        let credited = try #require(Self.number(after: "credited ", in: run.standardOutput), "\(run.standardOutput)")
        #expect(credited >= 1)
        #expect(Self.goldPaid(run.standardOutput) == 10 * credited, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("pending    ad +\(10 * credited) gold once the game's server grants it"), "\(run.standardOutput)")
    }

    @Test("The demo policy is the same in idle-game, game-server and Examples/Samples/demo-policy.json")
    func policiesAgree() async throws {
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ExampleBinary.sample("demo-policy.json")))) as? NSDictionary
        for binary in ["idle-game", "game-server"] {
            let run = try await ExampleBinary.run(binary, ["--print-policy"])
            #expect(run.status == 0)
            let printed = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? NSDictionary
            #expect(printed != nil && printed == file, "\(binary) --print-policy differs from demo-policy.json")
        }
    }

    @Test("The sample journal audits clean with playtime and the public demo key")
    func sampleAuditsClean() async throws {
        let run = try await PlaytimeBinary.run(["audit", "--key-file", ExampleBinary.sample("demo.key"), ExampleBinary.sample("sample-journal.jsonl")])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("result: clean"))
        // The demo key says what it is to anyone who decodes it.
        let hex = try String(contentsOfFile: ExampleBinary.sample("demo.key"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), let byte = UInt8(hex[index..<next], radix: 16) {
            bytes.append(byte)
            index = next
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("PUBLIC DEMO KEY"))
    }

    @Test("game-client --earnings: enrolled once, an anchor at every contact, and the ticket and the upload never pay one hour twice")
    func anchoredClient() async throws {
        let state = try ExampleBinary.temporaryDirectory("game-server-test-")
        let game = try ExampleBinary.temporaryDirectory("game-client-test-")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: game)
        }
        let server = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "360", "--idle-seconds", "240"])
        defer { server.kill() }
        for run in 0..<2 {
            let client = try await ExampleBinary.run("game-client", ["--server", server.address, "--player", "ann", "--wait", "1.1",
                                                                     "--earnings", game + "/ann"])
            #expect(client.status == 0, "\(client.standardOutput)\n\(client.standardError)")
            let lines = client.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("anchor ") }.count == 4, "\(client.standardOutput)")
            #expect(lines.contains { $0.hasPrefix("enrolled ") && $0.contains(run == 0 ? "the server keeps none" : "kept in") }, "\(client.standardOutput)")
            let redeemed = try #require(lines.first { $0.hasPrefix("redeemed ") }, "\(client.standardOutput)")
            let uploaded = try #require(lines.first { $0.hasPrefix("uploaded ") }, "\(client.standardOutput)")
            // The demo policy pays 10 gold a second: the ticket and the upload together are paid for the server time
            // from the ticket's issue to its redemption at most (about 1.1 s, under 3 s here).
            let ticketGold = try #require(Self.number(after: "s by the server's clock: ", in: redeemed), "\(redeemed)")
            let uploadGold = try #require(Self.number(after: "session(s), ", in: uploaded), "\(uploaded)")
            #expect(ticketGold + uploadGold <= 30, "\(redeemed)\n\(uploaded)")
        }
        let log = try await server.stop()
        #expect(log.components(separatedBy: "POST /enroll").count - 1 == 1, "\(log)")
        #expect(log.components(separatedBy: "200 POST /anchor").count - 1 == 8, "\(log)")
    }

    @Test("game-client --earnings --ad: the game shows its gold and the ad's as pending; after POST /grant the upload pays exactly both")
    func adGrantedByTheServer() async throws {
        let state = try ExampleBinary.temporaryDirectory("game-server-test-")
        let game = try ExampleBinary.temporaryDirectory("game-client-test-")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: game)
        }
        let server = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "300", "--idle-seconds", "240",
                                                    "--ad-network-secret", "the ad network's secret"])
        defer { server.kill() }
        let client = try await ExampleBinary.run("game-client", ["--server", server.address, "--player", "bea", "--wait", "2.1",
                                                                 "--earnings", game + "/bea", "--ad", "--ad-network-secret", "the ad network's secret"])
        #expect(client.status == 0, "\(client.standardOutput)\n\(client.standardError)")
        let lines = client.standardOutput.split(separator: "\n").map(String.init)
        // The demo policy: 10 gold a second, the ad doubles it; the device pays the first half and names the second.
        let shown = try #require(lines.first { $0.hasPrefix("shown ") && $0.contains("You earned") }, "\(client.standardOutput)")
        let gold = try #require(Self.number(after: "You earned ", in: shown), "\(shown)")
        #expect(gold >= 20, "\(shown)")
        #expect(lines.contains { $0.hasPrefix("shown ") && $0.contains("+\(gold) gold when your ad is confirmed.") }, "\(client.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("uploaded ") && $0.contains("the server paid \(2 * gold) gold") && $0.hasSuffix("(clean)") },
                "\(client.standardOutput)")
        let log = try await server.stop()
        #expect(log.contains("200 POST /grant"), "\(log)")
    }

    @Test("game-server + game-client: redeemed once, the replay refused (409), bad input 400, and still refused after a restart")
    func serverAndClient() async throws {
        let state = try ExampleBinary.temporaryDirectory("game-server-test-")
        defer { try? FileManager.default.removeItem(atPath: state) }
        // The ad multiplier is the server's grant, not something the client asks for.
        let server = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "360", "--idle-seconds", "240",
                                                    "--grant-multiplier", "alice=ad"])
        defer { server.kill() }
        let client = try await ExampleBinary.run("game-client", [
            "--server", server.address, "--player", "alice", "--wait", "1.1",
            "--journal", ExampleBinary.sample("sample-journal.jsonl"), "--key-file", ExampleBinary.sample("demo.key"),
        ])
        #expect(client.status == 0, "\(client.standardOutput)\n\(client.standardError)")
        let lines = client.standardOutput.split(separator: "\n").map(String.init)
        let redeemed = try #require(lines.first { $0.hasPrefix("redeemed ") }, "\(client.standardOutput)")
        // The server's clock measured at least the 1.1 s wait; ×2 for the ad: 20 gold per whole second.
        let elapsed = try #require(Self.number(after: "redeemed   ", in: redeemed), "\(redeemed)")
        #expect(elapsed >= 1)
        #expect(redeemed.hasSuffix("s away by the server's clock at 36000 gold/h: \(20 * elapsed) gold (ad applied)"), "\(redeemed)")
        #expect(lines.contains { $0.hasPrefix("replay ") && $0.contains("409 already-redeemed") }, "\(client.standardOutput)")
        // The sample journal names the library's default policy; nothing anchors its sessions on this server's clock,
        // so the server's own policy (demo-1) pays them, and says so (docs/anchors.md): its only findings.
        #expect(lines.contains { $0.hasPrefix("audit ") && $0.hasSuffix("2 finding(s)") }, "\(client.standardOutput)")
        #expect(lines.filter { $0.contains("retired-policy") }.count == 2, "\(client.standardOutput)")
        let ticketLine = try #require(lines.first { $0.hasPrefix("ticket ") })
        let ticket = try #require(ticketLine.split(separator: " ").last.map(String.init))
        #expect(ticket.hasPrefix("pt1."))

        // Bad input gets a 400 with a message, and the server keeps serving.
        let garbage = try await server.post("/redeem", json: "{not json")
        #expect(garbage.hasPrefix("HTTP/1.1 400"), "\(garbage)")
        #expect(garbage.contains("bad-request"))
        let wrongPlayer = try await server.post("/redeem", json: #"{"player":"mallory","ticket":"\#(ticket)"}"#)
        #expect(wrongPlayer.hasPrefix("HTTP/1.1 422") && wrongPlayer.contains("other-player"), "\(wrongPlayer)")
        let log = try await server.stop()
        #expect(log.contains("200 POST /redeem: alice paid \(20 * elapsed) gold"), "\(log)")

        // The server was killed (SIGKILL, as a crash). A new process on the same state directory: the replay
        // file remembers the ticket, and the ticket secret still verifies it (409, not "forged").
        let restarted = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "80", "--max-requests", "1"])
        defer { restarted.kill() }
        let again = try await restarted.post("/redeem", json: #"{"player":"alice","ticket":"\#(ticket)"}"#)
        #expect(again.hasPrefix("HTTP/1.1 409"), "\(again)")
        #expect(again.contains("already-redeemed"))
        let restartLog = try await restarted.stop()
        #expect(restartLog.contains("409 POST /redeem: refused, already-redeemed"), "\(restartLog)")
    }

    @Test("game-server POST /audit: an upload pays what it proves once; the same upload again and a rolled-back copy pay nothing")
    func uploadsExtend() async throws {
        let state = try ExampleBinary.temporaryDirectory("game-server-upload-test-")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let server = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "240", "--idle-seconds", "120"])
        defer { server.kill() }
        let journal = try String(contentsOfFile: ExampleBinary.sample("sample-journal.jsonl"), encoding: .utf8)
        let first = Self.body(try await server.upload(journal, player: "alice"))
        #expect(first["outcome"] as? String == "accepted", "\(first)")
        let paid = try #require(first["paidGold"] as? Int)
        #expect(paid > 0)
        #expect(paid == first["payableGold"] as? Int)
        let again = Self.body(try await server.upload(journal, player: "alice"))
        #expect(again["outcome"] as? String == "replayed", "\(again)")
        #expect(again["paidGold"] as? Int == 0)
        #expect((again["findings"] as? [String])?.contains { $0.hasPrefix("upload-replay") } == true, "\(again)")
        // The journal without its last two records: what the server saw before, rolled back.
        let lines = journal.split(separator: "\n", omittingEmptySubsequences: false)
        let older = lines.dropLast(3).joined(separator: "\n") + "\n"
        let rolledBack = Self.body(try await server.upload(older, player: "alice"))
        #expect(rolledBack["outcome"] as? String == "rejected", "\(rolledBack)")
        #expect(rolledBack["paidGold"] as? Int == 0)
        #expect((rolledBack["findings"] as? [String])?.contains { $0.hasPrefix("upload-rollback") } == true, "\(rolledBack)")
    }

    @Test("game-server pays a session once across tickets and uploads: a session a ticket paid is not paid again by the upload")
    func ticketThenUpload() async throws {
        let journal = try String(contentsOfFile: ExampleBinary.sample("sample-journal.jsonl"), encoding: .utf8)
        let firstSession = try #require(journal.range(of: #""session":"[0-9a-f]{16}""#, options: .regularExpression)
            .map { String(journal[$0].dropFirst(11).dropLast()) })
        var payable: [Int] = []
        for redeemFirst in [false, true] {
            let state = try ExampleBinary.temporaryDirectory("game-server-cross-test-")
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "240", "--idle-seconds", "120"])
            defer { server.kill() }
            if redeemFirst {
                let ticket = try Self.ticket(try await server.post("/tickets", json: #"{"player":"bob","session":"\#(firstSession)"}"#))
                let redeemed = try await server.post("/redeem", json: #"{"player":"bob","ticket":"\#(ticket)"}"#)
                #expect(redeemed.hasPrefix("HTTP/1.1 200"), "\(redeemed)")
            }
            let upload = Self.body(try await server.upload(journal, player: "bob"))
            #expect(upload["outcome"] as? String == "accepted", "\(upload)")
            payable.append(try #require(upload["payableGold"] as? Int))
        }
        #expect(payable[0] > payable[1], "the session the ticket paid was paid again: \(payable)")
    }

    /// The JSON body of a raw HTTP answer, as a dictionary (empty if it is not one).
    static func body(_ answer: String) -> [String: Any] {
        guard let range = answer.range(of: "\r\n\r\n"),
              let object = try? JSONSerialization.jsonObject(with: Data(answer[range.upperBound...].utf8)) as? [String: Any]
        else { return [:] }
        return object
    }

    /// The `ticket` of a 200 answer to POST /tickets.
    static func ticket(_ answer: String) throws -> String {
        try #require(body(answer)["ticket"] as? String, "\(answer)")
    }

    @Test("game-server decides what is paid: request rates and multipliers refused (400), duplicate keys 400, one payment per session (409), NFD ≠ NFC, the daily budget caps, also after a restart")
    func serverDecides() async throws {
        let state = try ExampleBinary.temporaryDirectory("game-server-hostile-test-")
        defer { try? FileManager.default.removeItem(atPath: state) }
        // bob earns 2 000 000 gold per second by the server's own configuration; the demo budget is 1 000 000 a day.
        let arguments = ["--port", "0", "--state", state, "--seconds", "240", "--idle-seconds", "120", "--player-rate", "bob=7200000000"]
        let server = try await ServerProcess.start(arguments)
        defer { server.kill() }

        let first = try Self.ticket(try await server.post("/tickets", json: #"{"player":"bob","session":"s1"}"#))
        let second = try Self.ticket(try await server.post("/tickets", json: #"{"session":"s1","player":"bob"}"#))
        let other = try Self.ticket(try await server.post("/tickets", json: #"{"player":"bob","session":"s2"}"#))
        let nfd = try Self.ticket(try await server.post("/tickets", json: #"{"player":"cafe\u0301","session":"s"}"#))
        let issued = Date()

        // Fields the client must not decide, and bodies that say one thing twice: 400, nothing issued or paid.
        let hostile: [(String, String, String)] = [
            ("/tickets", #"{"player":"eve","session":"x","rate":1000000000000}"#, "unknown field 'rate'"),
            ("/tickets", #"{"player":"eve","player":"bob","session":"x"}"#, "duplicate key 'player'"),
            ("/tickets", #"{"player":"eve","pla\u0079er":"bob","session":"x"}"#, "duplicate key 'player'"),
            ("/tickets", #"{"player":{"name":"eve"},"session":"x"}"#, "field 'player' must be"),
            ("/redeem", #"{"player":"bob","ticket":"\#(first)","multipliers":["ad","ad"]}"#, "unknown field 'multipliers'"),
            ("/redeem", #"{"player":"bob","ticket":"\#(first)","ticket":"\#(second)"}"#, "duplicate key 'ticket'"),
        ]
        for (path, json, message) in hostile {
            let answer = try await server.post(path, json: json)
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(json) → \(answer)")
            #expect((Self.body(answer)["message"] as? String)?.contains(message) == true, "\(json) → \(answer)")
        }

        // A ticket issued to NFD café is not redeemed by NFC café (they are equal as Swift strings, not as bytes).
        let wrongForm = try await server.post("/redeem", json: #"{"player":"caf\u00e9","ticket":"\#(nfd)"}"#)
        #expect(wrongForm.hasPrefix("HTTP/1.1 422") && wrongForm.contains("other-player"), "\(wrongForm)")

        // At least one whole second away by the server's clock.
        let left = 1.1 - Date().timeIntervalSince(issued)
        if left > 0 { try await Task.sleep(nanoseconds: UInt64(left * 1e9)) }
        let paid = try await server.post("/redeem", json: #"{"player":"bob","ticket":"\#(first)"}"#)
        #expect(paid.hasPrefix("HTTP/1.1 200"), "\(paid)")
        let reply = Self.body(paid)
        let elapsed = try #require(reply["elapsedSeconds"] as? Int, "\(paid)")
        #expect(elapsed >= 1)
        #expect(reply["goldPerHour"] as? Int == 7_200_000_000)
        #expect(reply["multipliers"] as? [String] == [])
        #expect(reply["gold"] as? Int == 1_000_000, "capped by the daily budget: \(paid)")
        #expect(reply["withheldByBudget"] as? Int == 2_000_000 * elapsed - 1_000_000, "\(paid)")
        // The second ticket of the same session: one payment per (player, session).
        let again = try await server.post("/redeem", json: #"{"player":"bob","ticket":"\#(second)"}"#)
        #expect(again.hasPrefix("HTTP/1.1 409") && again.contains("already-redeemed"), "\(again)")
        #expect(try await server.post("/health", json: "").contains("405"))
        _ = try await server.stop()

        // Killed and restarted on the same state: the session is still paid, the budget still spent.
        let restarted = try await ServerProcess.start(["--port", "0", "--state", state, "--seconds", "120", "--max-requests", "2",
                                                       "--player-rate", "bob=7200000000"])
        defer { restarted.kill() }
        let replay = try await restarted.post("/redeem", json: #"{"player":"bob","ticket":"\#(second)"}"#)
        #expect(replay.hasPrefix("HTTP/1.1 409"), "\(replay)")
        let spent = try await restarted.post("/redeem", json: #"{"player":"bob","ticket":"\#(other)"}"#)
        #expect(spent.hasPrefix("HTTP/1.1 200"), "\(spent)")
        #expect(Self.body(spent)["gold"] as? Int == 0, "the day's budget is spent: \(spent)")
        // Its interval overlaps the first ticket's, whose hours are paid once (docs/anchors.md): only the part after
        // the first redemption is worth anything, and that is withheld.
        #expect((Self.body(spent)["withheldByBudget"] as? Int ?? 0) > 0, "\(spent)")
        let log = try await restarted.stop()
        #expect(log.contains("withheld by the daily budget"), "\(log)")
    }
}
