import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import PropertyTesting
import Testing

@Suite("Session recorder")
struct RecorderTests {
    let hour: Int64 = 3_600_000_000_000

    @Test("Background then foreground: a session with both ends on disk, boot delta equal to the time away")
    func backgroundForeground() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        let departure = try recorder.enteredBackground(goldPerHour: 600, policyVersion: "p1")
        #expect(departure.sequence == 1)
        #expect(departure.evidence.goldPerHour == 600)
        fixture.clock.advance(nanoseconds: 2 * hour)
        let arrival = try await recorder.enteredForeground()
        #expect(arrival.departure?.sessionID == departure.evidence.sessionID)
        #expect(arrival.evidence.clock.bootNanoseconds - departure.evidence.clock.bootNanoseconds == 2 * hour)
        #expect(arrival.evidence.network != nil)
        #expect(!arrival.needsSettlement)
        let types = try fixture.records().map(\.type)
        #expect(types == ["session.background", "session.foreground"])
    }

    @Test("Repeated events write nothing new")
    func idempotent() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        let first = try recorder.enteredBackground(goldPerHour: 600, policyVersion: "p1")
        let second = try recorder.enteredBackground(goldPerHour: 9_999, policyVersion: "p2")
        #expect(second.duplicate)
        #expect(second.evidence == first.evidence)
        fixture.clock.advance(nanoseconds: hour)
        let back = try await recorder.enteredForeground()
        let again = try await recorder.enteredForeground()
        #expect(again.duplicate)
        #expect(again.evidence == back.evidence)
        #expect(try fixture.records().count == 2)
    }

    @Test("The open session survives the process: a cold start closes it")
    func coldStartClosesOpenBackground() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let departure = try fixture.recorder().enteredBackground(goldPerHour: 60, policyVersion: "p1")  // that recorder is released at once
        fixture.clock.advance(nanoseconds: 3 * hour)
        let relaunched = try fixture.recorder()
        #expect(relaunched.openDeparture == departure.evidence)
        let arrival = try await relaunched.appLaunched()
        #expect(arrival.evidence.event == .launch)
        #expect(arrival.departure?.sessionID == departure.evidence.sessionID)
        #expect(relaunched.openDeparture == nil)
    }

    @Test("Killed in the foreground: the last heartbeat becomes the departure")
    func killedInForeground() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        // The first process records heartbeats and is killed (its recorder, and the journal lock, go away).
        let last = try {
            let first = try fixture.recorder()
            _ = try first.heartbeat(goldPerHour: 120, policyVersion: "p1")
            fixture.clock.advance(nanoseconds: 60_000_000_000)
            return try first.heartbeat(goldPerHour: 180, policyVersion: "p2")
        }()
        fixture.clock.advance(nanoseconds: hour)
        let arrival = try await fixture.recorder().appLaunched()
        let departure = try #require(arrival.departure)
        #expect(departure.origin == "heartbeat")
        #expect(departure.clock == last.evidence.clock)
        #expect(departure.goldPerHour == 180)
        #expect(try fixture.records().map(\.type) == ["session.heartbeat", "session.heartbeat", "session.background", "session.launch"])
    }

    @Test("Offline: the foreground returns at once without asking the network")
    func offlineForeground() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        try recorder.enteredBackground(goldPerHour: 60, policyVersion: "p1")
        fixture.probe.set(Connectivity(state: .offline, reason: "no-interface"))
        fixture.clock.advance(nanoseconds: hour)
        let callsBefore = fixture.network.calls
        let arrival = try await recorder.enteredForeground()
        #expect(fixture.network.calls == callsBefore)
        #expect(arrival.evidence.connectivity.state == .offline)
    }

    @Test("Online: the foreground asks for a fresh fix within the 1.5 s budget")
    func foregroundBudget() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        try recorder.enteredBackground(goldPerHour: 60, policyVersion: "p1")
        _ = try await recorder.enteredForeground()
        #expect(fixture.network.budgets == [1_500_000_000])
    }

    @Test("A reboot without network proof stays open for settlement, and a later fix in the new boot settles it")
    func settlementAfterReboot() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let departure = try await {
            let recorder = try fixture.recorder()
            _ = try await recorder.appLaunched()  // a fix in the first boot anchors network time
            return try recorder.enteredBackground(goldPerHour: 60, policyVersion: "p1")
        }()
        #expect(departure.evidence.network != nil)
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 5 * hour, uptimeNanoseconds: 120_000_000_000)
        fixture.network.set(.unreachable)
        let rebooted = try fixture.recorder()
        let arrival = try await rebooted.appLaunched()
        #expect(arrival.needsSettlement)
        #expect(arrival.evidence.network == nil)
        #expect(rebooted.sessionsAwaitingSettlement == [departure.evidence.sessionID])
        fixture.network.set(.answer)
        fixture.clock.advance(nanoseconds: 600_000_000_000)
        let settled = try await rebooted.settlePending()
        #expect(settled.map(\.evidence.sessionID) == [departure.evidence.sessionID])
        #expect(settled.first?.evidence.network != nil)
        #expect(rebooted.sessionsAwaitingSettlement.isEmpty)
        #expect(try fixture.records().last?.type == "session.settlement")
    }

    @Test("A torn last line left by a crash is cut when the recorder opens; earlier records survive")
    func tornTail() throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        try fixture.recorder().enteredBackground(goldPerHour: 60, policyVersion: "p1")
        let handle = try #require(FileHandle(forWritingAtPath: fixture.journalPath))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":2,\"type\":\"session.fore".utf8))
        handle.closeFile()
        let reopened = try fixture.recorder()
        #expect(reopened.repairedTornTail)
        #expect(reopened.openDeparture != nil)
        #expect(try fixture.records().count == 1)
    }

    @Test("A wall clock moved while away shows in the wall delta, never in the boot delta")
    func wallMovedWhileAway() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        _ = try await recorder.appLaunched()  // anchors network time in this boot
        let departure = try recorder.enteredBackground(goldPerHour: 60, policyVersion: "p1")
        fixture.clock.advance(nanoseconds: hour)
        fixture.clock.setWall(byAdding: 5 * hour)
        fixture.network.wallMoved(by: 5 * hour)
        let arrival = try await recorder.enteredForeground()
        #expect(arrival.evidence.clock.bootNanoseconds - departure.evidence.clock.bootNanoseconds == hour)
        #expect(arrival.evidence.clock.wallNanoseconds - departure.evidence.clock.wallNanoseconds == 6 * hour)
        let networkDelta = try #require(arrival.evidence.network).unixNanoseconds - (try #require(departure.evidence.network)).unixNanoseconds
        #expect(abs(networkDelta - hour) < 10_000_000)
    }

    @Test("Concurrent calls from many tasks serialise: every record verifies, one departure per session")
    func concurrentCalls() async throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    switch index % 3 {
                    case 0: _ = try? recorder.enteredBackground(goldPerHour: 60, policyVersion: "p1")
                    case 1: _ = try? await recorder.enteredForeground()
                    default: _ = try? recorder.heartbeat(goldPerHour: 60, policyVersion: "p1")
                    }
                }
            }
        }
        let records = try fixture.records()
        var open = false
        for record in records {
            if record.type == "session.background" {
                #expect(!open)
                open = true
            }
            if record.type == "session.foreground" {
                #expect(open)
                open = false
            }
        }
    }

    @Test("Connectivity loss is recorded as an event")
    func connectivityLoss() throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        #expect(try recorder.noteConnectivity()?.state == .unknown)
        #expect(try recorder.noteConnectivity() == nil)
        fixture.probe.set(Connectivity(state: .offline, reason: "no-route"))
        #expect(try recorder.noteConnectivity()?.state == .offline)
        #expect(try fixture.records().filter { $0.type == "connectivity" }.count == 2)
    }

    @Test("A negative rate is refused")
    func negativeRate() throws {
        let fixture = try RecorderFixture()
        defer { fixture.cleanUp() }
        #expect(throws: RecorderError.invalidRate(-1)) { try fixture.recorder().enteredBackground(goldPerHour: -1, policyVersion: "p") }
    }
}

@Suite("Evidence codec")
struct EvidenceCodecTests {
    static let evidence: Gen<Evidence> = Gen.zip(
        Gen.zip(Gen<Int>.int(in: 0...4), Gen<Int64>.int(in: Int64.min...Int64.max), Gen<Int64>.int(in: 0...Int64.max)),
        Gen.zip(Gen<Int64?>.optional(Gen<Int64>.int(in: Int64.min...Int64.max)), Gen<Int64>.int(in: 0...1_000_000_000_000), Gen<Bool>.bool),
        Gen.zip(
            Gen<Int64>.int(in: 0...1_000_000_000), Gen<Int>.int(in: 0...2),
            Gen<String>.element(of: ["", "p1", "quote\"back\\slash", "tab\tnew\nline", "ünïcödé ✓", "\u{1}"]))
    ).map { clocks, network, other in
        let kinds = SessionEventKind.allCases
        let states: [Connectivity.State] = [.online, .offline, .unknown]
        let kind = kinds[clocks.0 % kinds.count]
        // docs/journal-format.md §7: only a departure can be recovered from a heartbeat.
        return Evidence(
            event: kind, sessionID: other.2.isEmpty && kind != .background ? "" : "0123456789abcdef",
            origin: network.2 || kind != .background ? "lifecycle" : "heartbeat",
            clock: ClockReading(wallNanoseconds: clocks.1, bootNanoseconds: clocks.2, bootID: network.2 ? "3f1c-\(other.2)" : nil),
            network: network.0.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: network.1) },
            connectivity: Connectivity(state: states[other.1], reason: other.2),
            goldPerHour: other.0, policyVersion: other.2)
    }

    @Test("Evidence round-trips through the payload exactly")
    func roundTrip() throws {
        try PropertyCheck.forAll(Self.evidence, name: "evidence round trip") { evidence in
            EvidenceCodec.decode(EvidenceCodec.encode(evidence)) == evidence
        }
    }

    @Test("Payloads outside the grammar are refused: leading zeros, unknown origins, a heartbeat origin on a return")
    func strictGrammar() throws {
        let departure = Evidence(
            event: .background, sessionID: "0123456789abcdef", clock: ClockReading(wallNanoseconds: 5, bootNanoseconds: 7, bootID: "b"),
            network: nil, connectivity: .unknown, goldPerHour: 600, policyVersion: "p")
        let text = String(decoding: EvidenceCodec.encode(departure), as: UTF8.self)
        #expect(EvidenceCodec.decode(Array(text.utf8)) == departure)
        for (from, to) in [
            (#""rate":600"#, #""rate":0600"#), (#""rate":600"#, #""rate":-0"#), (#""boot":7"#, #""boot":07"#),
            (#""origin":"lifecycle""#, #""origin":"cron""#), (#""origin":"lifecycle""#, #""origin":"Lifecycle""#),
        ] {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text)
            #expect(EvidenceCodec.decode(Array(edited.utf8)) == nil, "accepted \(edited)")
        }
        #expect(EvidenceCodec.decode(Array(text.replacingOccurrences(of: #""session":"0123456789abcdef""#, with: #""session":"""#).utf8)) == nil)
        let heartbeatReturn = text.replacingOccurrences(of: #""event":"background""#, with: #""event":"foreground""#)
            .replacingOccurrences(of: #""origin":"lifecycle""#, with: #""origin":"heartbeat""#)
        #expect(EvidenceCodec.decode(Array(heartbeatReturn.utf8)) == nil)
        #expect(EvidenceCodec.decode(Array(text.replacingOccurrences(of: #""rate":600"#, with: #""rate":0"#).utf8))?.goldPerHour == 0)
    }

    @Test("Payloads are valid JSON that Foundation reads back")
    func validJSON() throws {
        try PropertyCheck.forAll(Self.evidence, count: 300, name: "payload is JSON") { evidence in
            (try? JSONSerialization.jsonObject(with: Data(EvidenceCodec.encode(evidence)))) is [String: Any]
        }
    }

    @Test("Garbage, truncations and reordered keys are refused, never trapped on")
    func garbage() throws {
        let gen = Gen.zip(Self.evidence, Gen<Int>.int(in: 0...400), Gen<UInt64>.uint64)
        try PropertyCheck.forAll(gen, name: "codec refuses damage") { evidence, cut, noise in
            var bytes = EvidenceCodec.encode(evidence)
            let position = cut % bytes.count
            if noise % 2 == 0 {
                bytes = Array(bytes.prefix(position))
                return EvidenceCodec.decode(bytes) == nil
            }
            bytes[position] ^= UInt8(truncatingIfNeeded: noise >> 8) | 1
            // A flipped byte either fails to decode or decodes to something different.
            return EvidenceCodec.decode(bytes) != evidence
        }
        let reordered = Array(#"{"session":"","v":1}"#.utf8)
        #expect(EvidenceCodec.decode(reordered) == nil)
    }
}

@Suite("Evidence codec: escapes")
struct EvidenceEscapeTests {
    @Test("a \\u escape takes exactly four hex digits: a sign is refused (a flipped byte once decoded to the same evidence)")
    func unicodeEscapeNeedsFourHexDigits() {
        let good = Array(
            #"{"v":1,"session":"0123456789abcdef","event":"background","origin":"lifecycle","wall":1,"boot":1,"bootId":"b-\u0001","net":null,"netErr":null,"conn":"offline","connReason":"x","rate":1,"policy":"p"}"#
                .utf8)
        #expect(EvidenceCodec.decode(good)?.clock.bootID == "b-\u{01}")
        for bad in [#"\u+001"#, #"\u-001"#, #"\u 001"#, #"\u001"#, #"\u00g1"#] {
            let text = String(decoding: good, as: UTF8.self).replacingOccurrences(of: #"\u0001"#, with: bad)
            #expect(EvidenceCodec.decode(Array(text.utf8)) == nil, "\(bad)")
        }
        let upper = String(decoding: good, as: UTF8.self).replacingOccurrences(of: #"\u0001"#, with: #"\u000A"#)
        #expect(EvidenceCodec.decode(Array(upper.utf8))?.clock.bootID == "b-\n")
    }
}
