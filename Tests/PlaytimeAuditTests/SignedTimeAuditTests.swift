import Foundation
import PlaytimeAudit
import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRoughtime
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Signed time end to end: the recorder stamps and answers with real signed Roughtime responses (in process,
/// deterministic), the journal carries them (docs/journal-format.md §12), and the auditor verifies them
/// against the operator's keys alone — including journals rewritten by a player who holds the journal key.
@Suite("Signed time: recorder → journal → auditor")
struct SignedTimeAuditTests {
    static let s: Int64 = 1_000_000_000
    static let hour: Int64 = 3_600 * s
    let s = SignedTimeAuditTests.s
    let hour = SignedTimeAuditTests.hour
    static let serverA = FakeRoughtimeResponder(seed: (0..<32).map { UInt8($0 + 11) }, radiusSeconds: 1)
    static let serverB = FakeRoughtimeResponder(seed: (0..<32).map { UInt8(200 - $0) }, radiusSeconds: 2)

    struct Fixture {
        let directory: TemporaryJournalDirectory
        let clock = ManualClock()
        let network: ManualNetworkTimeSource
        let signed: ScriptedSignedTimeSource
        var path: String { directory.file("j") }

        init(responders: [FakeRoughtimeResponder] = [SignedTimeAuditTests.serverA, SignedTimeAuditTests.serverB]) throws {
            directory = try TemporaryJournalDirectory()
            network = ManualNetworkTimeSource(clock: clock)
            signed = ScriptedSignedTimeSource(responders: responders, nowSeconds: UInt64(clock.read().wallNanoseconds / SignedTimeAuditTests.s))
        }

        func recorder() throws -> SessionRecorder {
            try SessionRecorder(
                journalPath: path, key: directory.key, clock: clock, networkTime: network,
                connectivity: ConnectivityMonitor(probe: FixedProbe(), clock: clock), signedTime: signed)
        }

        /// True time passes: clocks, NTP and the signed servers move together.
        func pass(_ nanoseconds: Int64) {
            clock.advance(nanoseconds: nanoseconds)
            signed.advance(seconds: UInt64(nanoseconds / SignedTimeAuditTests.s))
        }

        func audit(keys: [Ed25519PublicKey], now: Int64, requireSigned: Bool = false) throws -> (AuditSummary, [AuditedSession]) {
            var configuration = AuditConfiguration(serverNowNanoseconds: now)
            configuration.roughtimeKeys = keys
            configuration.verdict.requireSignedTime = requireSigned
            let auditor = SessionAuditor(key: directory.key, configuration: configuration)
            var sessions: [AuditedSession] = []
            let file = try OpenFile(path: path, options: [])
            _ = try auditor.audit(file: file, name: "j") { sessions.append($0) }
            return (auditor.finish(), sessions)
        }

        func records() throws -> [JournalRecord] {
            var records: [JournalRecord] = []
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            _ = JournalReader.verify(bytes: bytes, key: directory.key) { records.append($0) }
            return records
        }

        /// What a player holding the journal key does: keeps the first `keeping` records, then writes `rest`.
        func rewrite(keeping: Int, then rest: [(type: String, payload: [UInt8])]) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            try (lines.prefix(1 + keeping).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            var writer = try JournalWriter(path: path, key: directory.key)
            for record in rest { _ = try writer.append(type: record.type, payload: record.payload) }
            try writer.close()
        }

        func cleanUp() { directory.cleanUp() }
    }

    /// Always online.
    struct FixedProbe: ConnectivityProbe {
        func localConnectivity() -> Connectivity { .unknown }
    }

    static var keys: [Ed25519PublicKey] { [serverA.publicKey, serverB.publicKey] }

    /// A 5 h away session with a reboot, the wall clock and NTP both moved +5 h at the return.
    static func rebootWithLies(_ fixture: Fixture) async throws -> (departure: RecordedEvent, arrival: RecordedEvent, trueNow: Int64) {
        let recorder = try fixture.recorder()
        let departure = try recorder.enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        let stamp = try await recorder.stampDeparture()
        #expect(stamp?.links.count == 2)
        let start = fixture.clock.read().wallNanoseconds
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 5 * hour - 60 * s, uptimeNanoseconds: 60 * s)
        fixture.signed.advance(seconds: 5 * 3_600)
        fixture.clock.setWall(byAdding: 5 * hour)  // NTP believes the wall clock: it lies +5 h too
        let arrival = try await recorder.enteredForeground()
        return (departure, arrival, start + 5 * hour)
    }

    @Test("a reboot while away, NTP and the wall clock +5 h, Roughtime at both ends: the signed bound, verified, on device and server")
    func rebootLiesSigned() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let (_, arrival, trueNow) = try await Self.rebootWithLies(fixture)
        #expect(try fixture.records().map(\.type) == ["session.background", "roughtime", "roughtime", "session.foreground"])
        // On the device: the recorder's own verdict.
        let timeline = try #require(arrival.timeline)
        let device = ElapsedVerdict(timeline: timeline, serverNowNanoseconds: trueNow)
        #expect(device.method == .signedTime)
        #expect(device.status == .verified)
        // Radii 1 s and 2 s: the bound lies within 4 s (plus the drift of the 0-length projection) of the truth.
        #expect(device.lowerNanoseconds <= 5 * hour && device.lowerNanoseconds >= 5 * hour - 4 * s)
        // On the server, from the journal and the operator's keys alone.
        let (summary, sessions) = try fixture.audit(keys: Self.keys, now: trueNow + 10 * s)
        let verdict = try #require(sessions.first?.verdict)
        #expect(verdict.method == device.method && verdict.lowerNanoseconds == device.lowerNanoseconds && verdict.status == device.status)
        #expect(verdict.creditedSeconds >= 5 * 3_600 - 4 && verdict.creditedSeconds <= 5 * 3_600)
        #expect(summary.findings.allSatisfy { $0.kind == .suspiciousVerdict }, "\(summary.findings)")
        // Without the keys the same journal is judged by the old rules: the lying NTP is refused, only uptime.
        let (_, unsigned) = try fixture.audit(keys: [], now: trueNow + 10 * s)
        #expect(unsigned.first?.verdict.method == .uptimeBound)
        #expect(unsigned.first?.verdict.status == .provisional)
        #expect(unsigned.first?.verdict.has(.networkAheadOfServer) == true)
    }

    @Test("an honest same-boot session with signed time is clean, and credited within the radii of the boot clock")
    func honestSameBoot() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        try recorder.enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        try await recorder.stampDeparture()
        fixture.pass(2 * hour)
        let arrival = try await recorder.enteredForeground()
        let now = fixture.clock.read().wallNanoseconds
        let (summary, sessions) = try fixture.audit(keys: Self.keys, now: now)
        #expect(summary.isClean, "\(summary.findings)")
        let verdict = try #require(sessions.first?.verdict)
        #expect(verdict.method == .signedTime)
        #expect(!verdict.isFlagged)
        #expect(verdict.creditedSeconds >= 2 * 3_600 - 4)
        #expect(verdict == ElapsedVerdict(timeline: try #require(arrival.timeline), serverNowNanoseconds: now))
    }

    @Test("no answer at the departure: no stamp, the old rules apply; requiring signed time makes it provisional")
    func noStamp() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        try recorder.enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        fixture.signed.setAnswering(false)
        #expect(try await recorder.stampDeparture() == nil)
        fixture.signed.setAnswering(true)
        fixture.pass(2 * hour)
        try await recorder.enteredForeground()
        let now = fixture.clock.read().wallNanoseconds
        let (_, sessions) = try fixture.audit(keys: Self.keys, now: now)
        #expect(sessions.first?.verdict.method == .bootClock)
        #expect(sessions.first?.verdict.status == .verified)
        let (_, required) = try fixture.audit(keys: Self.keys, now: now, requireSigned: true)
        #expect(required.first?.verdict.status == .provisional)
        #expect(required.first?.verdict.has(.signedTimeMissing) == true)
    }

    @Test("a key holder's rewrites: a transplanted stamp, a flipped response byte, a forged boot clock — signatures decide")
    func keyHolderRewrites() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        _ = try await Self.rebootWithLies(fixture)
        let original = try fixture.records()
        let originalBytes = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        let restore = { try originalBytes.write(to: URL(fileURLWithPath: fixture.path)) }
        let now = fixture.clock.read().wallNanoseconds - 5 * hour + 10 * s
        // 1. A stamp and answer copied onto another departure (a new session written with the key): the first
        //    nonce commits to the original departure record, not this one.
        var other = try #require(EvidenceCodec.decode(original[0].payload))
        other.sessionID = "0123456789abcdef"
        other.clock.wallNanoseconds -= 20 * hour
        var moved = try #require(SignedTimeCodec.decode(original[1].payload))
        moved.sessionID = other.sessionID
        var movedAnswer = try #require(SignedTimeCodec.decode(original[2].payload))
        movedAnswer.sessionID = other.sessionID
        var arrival = try #require(EvidenceCodec.decode(original[3].payload))
        arrival.sessionID = other.sessionID
        try fixture.rewrite(
            keeping: 0,
            then: [
                (type: "session.background", payload: EvidenceCodec.encode(other)),
                ("roughtime", SignedTimeCodec.encode(moved)),
                ("roughtime", SignedTimeCodec.encode(movedAnswer)),
                ("session.foreground", EvidenceCodec.encode(arrival)),
            ])
        var (summary, sessions) = try fixture.audit(keys: Self.keys, now: now)
        #expect(summary.findings.filter { $0.kind == .signedTimeRejected }.count == 2)
        #expect(sessions.first?.verdict.method != .signedTime)
        #expect((sessions.first?.verdict.creditedSeconds ?? .max) <= 3_600)

        // 2. The original journal with one byte of the stamp's first response flipped (re-MACed with the key).
        try restore()
        var flipped = try #require(SignedTimeCodec.decode(original[1].payload))
        flipped.links[0].response[flipped.links[0].response.count - 1] ^= 0x01
        try fixture.rewrite(
            keeping: 1,
            then: [
                ("roughtime", SignedTimeCodec.encode(flipped)),
                ("roughtime", original[2].payload), ("session.foreground", original[3].payload),
            ])
        (summary, sessions) = try fixture.audit(keys: Self.keys, now: now)
        #expect(summary.findings.contains { $0.kind == .signedTimeRejected && $0.detail.contains("link 0") }, "\(summary.findings)")
        #expect(sessions.first?.verdict.method != .signedTime)

        // 2b. The flipped stamp followed by the genuine one: only the first stamp is checked, so stuffing
        //     records (or retrying until one passes) buys nothing and costs the server one check.
        try restore()
        try fixture.rewrite(
            keeping: 1,
            then: [
                ("roughtime", SignedTimeCodec.encode(flipped)), ("roughtime", original[1].payload),
                ("roughtime", original[2].payload), ("session.foreground", original[3].payload),
            ])
        (summary, sessions) = try fixture.audit(keys: Self.keys, now: now)
        #expect(summary.findings.filter { $0.kind == .signedTimeRejected }.count == 1)
        #expect(sessions.first?.verdict.method != .signedTime)

        // 3. Genuine signatures, forged device clocks: a 30-day boot clock in one boot is not added.
        try restore()
        var stayed = try #require(EvidenceCodec.decode(original[3].payload))
        stayed.clock.bootID = try #require(EvidenceCodec.decode(original[0].payload)).clock.bootID
        stayed.clock.bootNanoseconds = try #require(EvidenceCodec.decode(original[0].payload)).clock.bootNanoseconds + 30 * 24 * hour
        var answer = try #require(SignedTimeCodec.decode(original[2].payload))
        answer.bootID = stayed.clock.bootID
        answer.bootNanoseconds = stayed.clock.bootNanoseconds
        try fixture.rewrite(keeping: 2, then: [("roughtime", SignedTimeCodec.encode(answer)), ("session.foreground", EvidenceCodec.encode(stayed))])
        (summary, sessions) = try fixture.audit(keys: Self.keys, now: now)
        let verdict = try #require(sessions.first?.verdict)
        #expect(verdict.method == .signedTime, "\(summary.findings) \(verdict)")
        #expect(verdict.creditedSeconds <= 5 * 3_600)
    }

    @Test("answers under keys the operator does not trust prove nothing and accuse no one")
    func untrustedKeys() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        _ = try await Self.rebootWithLies(fixture)
        let stranger = FakeRoughtimeResponder(seed: Array(repeating: 9, count: 32)).publicKey
        let (summary, sessions) = try fixture.audit(keys: [stranger], now: fixture.clock.read().wallNanoseconds - 5 * hour + 10 * s)
        #expect(!summary.findings.contains { $0.kind == .signedTimeRejected })
        #expect(sessions.first?.verdict.method == .uptimeBound)
    }

    @Test("the verifier: chain, commitment and consistency are each required")
    func verifierRules() async throws {
        let source = ScriptedSignedTimeSource(responders: [Self.serverA, Self.serverB], nowSeconds: 1_800_000_000)
        let mac = [UInt8](repeating: 7, count: 32)
        let blind = [UInt8](repeating: 3, count: 32)
        let nonce = SignedTimeCommitment.firstNonce(proves: .departure, departureMAC: mac, blind: blind)
        var links = await source.links(firstNonce: nonce, withinNanoseconds: Self.s)
        links[0].blind = blind
        let verifier = SignedTimeVerifier(trustedKeys: Self.keys)
        let record = SignedTimeRecord(sessionID: "x", proves: .departure, bootNanoseconds: 0, bootID: nil, links: links)
        #expect(verifier.bound(of: record, departureMAC: mac) == .success((1_800_000_000 + 2) * Self.s))
        var wrongMAC = mac
        wrongMAC[0] ^= 1
        #expect(verifier.bound(of: record, departureMAC: wrongMAC) == .failure(.commitmentMismatch))
        var broken = record
        broken.links[1].blind[5] ^= 1
        #expect(verifier.bound(of: broken, departureMAC: mac) == .failure(.chainBroken(link: 1)))
        var answer = record
        answer.proves = .arrival
        #expect(verifier.bound(of: answer, departureMAC: mac) == .failure(.commitmentMismatch))
        // Server A a day ahead of B, A asked first: A's interval lies after B's — malfeasance, not averaged.
        source.offset(server: 0, bySeconds: 86_400)
        var ahead = await source.links(firstNonce: nonce, withinNanoseconds: Self.s)
        ahead[0].blind = blind
        let inconsistent = SignedTimeRecord(sessionID: "x", proves: .departure, bootNanoseconds: 0, bootID: nil, links: ahead)
        #expect(verifier.bound(of: inconsistent, departureMAC: mac) == .failure(.inconsistent(earlier: 0, later: 1)))
        // Trusting only the first server: its (day-ahead) bound alone; trusting only the second: nothing, since
        // the link before it is not one this verifier can check.
        #expect(
            SignedTimeVerifier(trustedKeys: [Self.serverA.publicKey]).bound(of: inconsistent, departureMAC: mac)
                == .success((1_800_000_000 + 86_400 + 1) * Self.s))
        #expect(
            SignedTimeVerifier(trustedKeys: [Self.serverB.publicKey]).bound(of: inconsistent, departureMAC: mac)
                == .failure(.noTrustedAnswer))
    }

    @Test("a trusted answer fetched before the departure, chained behind a made-up untrusted link, proves nothing")
    func untrustedPrefix() async throws {
        // The key holder asks the trusted server early with a nonce derived from bytes of their own choosing,
        // and later writes link 0 (their own key, the commitment nonce) with those bytes as its "response".
        let made = [UInt8](repeating: 0x5a, count: 300)
        let blind = [UInt8](repeating: 4, count: 32)
        let early = ScriptedSignedTimeSource(responders: [Self.serverA], nowSeconds: 1_800_000_000)
        var trusted = await early.links(firstNonce: RoughtimeChain.nextNonce(previousResponse: made, blind: blind), withinNanoseconds: Self.s)
        trusted[0].blind = blind
        let mac = [UInt8](repeating: 8, count: 32)
        let commitBlind = [UInt8](repeating: 6, count: 32)
        let ownKey = FakeRoughtimeResponder(seed: Array(repeating: 1, count: 32)).publicKey
        let fake = SignedTimeLink(
            publicKey: ownKey.rawRepresentation, blind: commitBlind,
            request: RoughtimeRequest.make(nonce: SignedTimeCommitment.firstNonce(proves: .departure, departureMAC: mac, blind: commitBlind)),
            response: made)
        let record = SignedTimeRecord(sessionID: "x", proves: .departure, bootNanoseconds: 0, bootID: nil, links: [fake, trusted[0]])
        #expect(SignedTimeVerifier(trustedKeys: Self.keys).bound(of: record, departureMAC: mac) == .failure(.noTrustedAnswer))
    }

    @Test("the roughtime payload round-trips and refuses every other spelling")
    func codec() async throws {
        let source = ScriptedSignedTimeSource(responders: [Self.serverA], nowSeconds: 1_800_000_000)
        let links = await source.links(firstNonce: Array(repeating: 1, count: 32), withinNanoseconds: Self.s)
        let record = SignedTimeRecord(
            sessionID: "00ff", proves: .arrival, bootNanoseconds: 42, bootID: "b",
            links: links.map {
                var link = $0
                link.blind = Array(repeating: 2, count: 32)
                return link
            })
        let bytes = SignedTimeCodec.encode(record)
        #expect(SignedTimeCodec.decode(bytes) == record)
        let text = String(decoding: bytes, as: UTF8.self)
        for broken in [
            text.replacingOccurrences(of: "\"v\":1", with: "\"v\":2"),
            text.replacingOccurrences(of: "\"proves\":\"return\"", with: "\"proves\":\"arrival\""),
            text.replacingOccurrences(of: "\"keys\":[\"", with: "\"keys\":[\"A"),
            text.replacingOccurrences(of: "\"blinds\":[\"02", with: "\"blinds\":[\"0"),
            text.replacingOccurrences(of: "\"session\":\"00ff\"", with: "\"session\":\"\""),
            text.replacingOccurrences(of: "],\"responses\":[", with: ",\"00\"],\"responses\":["),
            text + " ", String(text.dropLast()),
        ] {
            #expect(SignedTimeCodec.decode(Array(broken.utf8)) == nil, "\(broken.prefix(120))")
        }
    }
}
