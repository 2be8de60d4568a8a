import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Journal format version 2 (docs/journal-format.md §13): boot segments instead of raw boot readings, a keyed
/// pseudonym instead of the raw boot id, the device-local sidecar, and the device's asserted reboot credit —
/// recorded with a manual clock, read back, and audited as a server would.
@Suite("Journal format version 2: boot segments")
struct JournalVersion2Tests {
    static let s: Int64 = 1_000_000_000
    static let hour: Int64 = 3_600 * s
    let s = JournalVersion2Tests.s
    let hour = JournalVersion2Tests.hour

    struct Fixture {
        let directory: TemporaryJournalDirectory
        let clock: ManualClock
        let network: ManualNetworkTimeSource
        var path: String { directory.file("journal.jsonl") }
        var sidecarPath: String { path + ".boot" }

        init(bootNanoseconds: Int64 = 1_000 * JournalVersion2Tests.s, bootID: String? = "boot-A") throws {
            directory = try TemporaryJournalDirectory(prefix: "journal-v2")
            clock = ManualClock(bootNanoseconds: bootNanoseconds, bootID: bootID)
            network = ManualNetworkTimeSource(clock: clock, mode: .offline)
        }

        func recorder(version: Int = JournalFormat.currentVersion) throws -> SessionRecorder {
            var configuration = RecorderConfiguration()
            configuration.newJournalVersion = version
            return try SessionRecorder(
                journalPath: path, key: directory.key, clock: clock, networkTime: network,
                connectivity: ConnectivityMonitor(probe: Online(), clock: clock), configuration: configuration)
        }

        func audit(now: Int64) throws -> (AuditSummary, [AuditedSession]) {
            let auditor = SessionAuditor(key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: now), crossDeviceChecks: false)
            var sessions: [AuditedSession] = []
            let file = try OpenFile(path: path, options: [])
            _ = try auditor.audit(file: file, name: "j") { sessions.append($0) }
            return (auditor.finish(), sessions)
        }

        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

        /// The session payloads, decoded.
        func evidence() throws -> [Evidence] {
            var result: [Evidence] = []
            let verification = try JournalReader.read(path: path, key: directory.key) { record in
                if record.type.hasPrefix("session."), let evidence = EvidenceCodec.decode(record.payload) { result.append(evidence) }
            }
            #expect(verification.isIntact)
            return result
        }

        func cleanUp() { directory.cleanUp() }
    }

    struct Online: ConnectivityProbe {
        func localConnectivity() -> Connectivity { .unknown }
    }

    @Test("a new journal is version 2: pseudonymous boot ids, boot readings from 0, neither raw value in the bytes")
    func roundTrip() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let recorder = try fixture.recorder()
        try recorder.heartbeat(goldPerHour: 600, policyVersion: "p1")
        fixture.clock.advance(nanoseconds: 90 * s)
        let departure = try recorder.enteredBackground(goldPerHour: 600, policyVersion: "p1")
        fixture.clock.advance(nanoseconds: 2 * hour)
        let arrival = try await recorder.enteredForeground()
        #expect(fixture.text.hasPrefix(#"{"journal":"playtime","version":2,"#))
        let evidence = try fixture.evidence()
        #expect(evidence.map(\.clock.bootNanoseconds) == [0, 90 * s, 90 * s + 2 * hour])
        let pseudonym = try #require(evidence.first?.clock.bootID)
        #expect(pseudonym.utf8.count == 32 && pseudonym.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        #expect(evidence.allSatisfy { $0.clock.bootID == pseudonym && $0.payloadVersion == 2 && $0.rebootCreditNanoseconds == nil })
        #expect(!fixture.text.contains("boot-A"))
        #expect(!fixture.text.contains(String(1_000 * s)))
        #expect(fixture.text.contains(#","rebootCredit":null}"#))
        // What the recorder returned is what the journal holds, so the device judges what the server sees.
        #expect(departure.evidence == evidence[1])
        #expect(arrival.evidence == evidence[2])
        #expect(FileManager.default.fileExists(atPath: fixture.sidecarPath))
        #expect(!(try String(contentsOfFile: fixture.sidecarPath, encoding: .utf8)).contains("boot-A"))
    }

    @Test("same boot: the credit is exactly what version 1 gives for the same raw clocks, on the device and the server")
    func sameBootMatchesVersion1() async throws {
        var figures: [Int: (device: ElapsedVerdict, server: ElapsedVerdict)] = [:]
        for version in [1, 2] {
            let fixture = try Fixture()
            defer { fixture.cleanUp() }
            fixture.network.set(.answer)
            let recorder = try fixture.recorder(version: version)
            try recorder.enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
            fixture.clock.advance(nanoseconds: 5 * hour + 17 * s)
            let arrival = try await recorder.enteredForeground()
            let now = fixture.clock.read().wallNanoseconds
            let device = ElapsedVerdict(timeline: try #require(arrival.timeline), serverNowNanoseconds: now)
            let (summary, sessions) = try fixture.audit(now: now)
            #expect(summary.isClean, "\(summary.findings)")
            figures[version] = (device, try #require(sessions.first?.verdict))
        }
        let v1 = try #require(figures[1])
        let v2 = try #require(figures[2])
        var renamed = v2.device
        renamed.sessionID = v1.device.sessionID  // session ids are random
        #expect(renamed == v1.device)
        #expect(v2.server == v2.device)
        #expect(v1.server == v1.device)
        #expect(v2.device.method == .bootClock && v2.device.status == .verified)
        #expect(v2.device.creditedSeconds == 5 * 3_600 + 17 - 2)  // less 100 ppm of the drift allowance
    }

    @Test("a reboot while away: the device asserts the new boot's uptime; provisional, flagged, the same on the server")
    func rebootAssertsUptime() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        try fixture.recorder().enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: 3 * hour, uptimeNanoseconds: 1_800 * s)
        let arrival = try await fixture.recorder().appLaunched()
        let uptime = 1_799 * s  // 1800 s less 100 ppm (0.18 s), in whole seconds
        #expect(arrival.evidence.rebootCreditNanoseconds == uptime)
        #expect(arrival.evidence.clock.bootNanoseconds == 0)
        #expect(arrival.evidence.clock.bootID != arrival.departure?.clock.bootID)
        #expect(fixture.text.contains(#","rebootCredit":\#(uptime)}"#))
        let now = fixture.clock.read().wallNanoseconds
        let device = ElapsedVerdict(timeline: try #require(arrival.timeline), serverNowNanoseconds: now)
        #expect(device.method == .uptimeBound && device.status == .provisional)
        #expect(device.lowerNanoseconds == uptime)
        #expect(device.has(.uptimeAssertedByDevice) && device.has(.reboot))
        let (_, sessions) = try fixture.audit(now: now)
        #expect(sessions.first?.verdict == device)
    }

    @Test("a reboot with network time at the return and E known: version 1 verifies the uptime, version 2 never does")
    func assertedUptimeIsNeverVerified() {
        let t0: Int64 = 1_796_083_200 * s
        func timeline(version: Int64, credit: Int64) -> SessionTimeline {
            var departure = Evidence(
                event: .background, sessionID: "0000000000000001", clock: ClockReading(wallNanoseconds: t0, bootNanoseconds: 50 * s, bootID: "a"),
                network: nil, connectivity: .unknown, goldPerHour: 600, policyVersion: RewardPolicy.default.version)
            var arrival = Evidence(
                event: .launch, sessionID: "0000000000000001",
                clock: ClockReading(wallNanoseconds: t0 + hour, bootNanoseconds: version == 1 ? 600 * s : 0, bootID: "b"),
                network: NetworkTime(unixNanoseconds: t0 + hour, errorBoundNanoseconds: 10_000_000), connectivity: .unknown)
            departure.payloadVersion = version
            arrival.payloadVersion = version
            if version == 2 { arrival.rebootCreditNanoseconds = credit }
            // Earlier records proved the departure happened at t0 - 1 s or later (§10b).
            return SessionTimeline(sessionID: "0000000000000001", departure: departure, arrival: arrival, departureNotBeforeNanoseconds: t0 - s)
        }
        let v1 = ElapsedVerdict(timeline: timeline(version: 1, credit: 0))
        #expect(v1.status == .verified && v1.has(.bootStartAfterDeparture))
        #expect(v1.lowerNanoseconds == 600 * s - 60_000_000)
        let v2 = ElapsedVerdict(timeline: timeline(version: 2, credit: 600 * s - 60_000_000))
        #expect(v2.status == .provisional && !v2.has(.bootStartAfterDeparture) && v2.has(.uptimeAssertedByDevice))
        #expect(v2.method == .uptimeBound && v2.lowerNanoseconds == v1.lowerNanoseconds)
        // An asserted uptime longer than the time since the proven departure: the new boot began before the
        // player left, which no honest reboot does. Withheld (rule 3d), as in version 1.
        let greedy = ElapsedVerdict(timeline: timeline(version: 2, credit: 2 * hour))
        #expect(greedy.has(.bootStartedBeforeDeparture) && greedy.lowerNanoseconds == 0 && greedy.status == .provisional)
        // No credit asserted (the device did not know of a reboot): nothing proven.
        var unknown = timeline(version: 2, credit: 0)
        unknown.arrival?.rebootCreditNanoseconds = nil
        let none = ElapsedVerdict(timeline: unknown)
        #expect(none.method == .none && none.lowerNanoseconds == 0 && none.status == .provisional)
    }

    @Test("attack: deleting the sidecar in the same boot does not turn 10 days of uptime into a reboot credit")
    func lostSidecarSameBoot() async throws {
        let fixture = try Fixture(bootNanoseconds: 10 * 24 * JournalVersion2Tests.hour)
        defer { fixture.cleanUp() }
        let departure = try fixture.recorder().enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        try FileManager.default.removeItem(atPath: fixture.sidecarPath)
        fixture.clock.advance(nanoseconds: 60 * s)
        let arrival = try await fixture.recorder().appLaunched()
        // A new generation of the same raw boot: a different pseudonym, a new origin, and no uptime asserted.
        #expect(arrival.evidence.clock.bootID != departure.evidence.clock.bootID)
        #expect(arrival.evidence.clock.bootNanoseconds == 0)
        #expect(arrival.evidence.rebootCreditNanoseconds == nil)
        let now = fixture.clock.read().wallNanoseconds
        let device = ElapsedVerdict(timeline: try #require(arrival.timeline), serverNowNanoseconds: now)
        #expect(device.creditedSeconds == 0)
        #expect(device.status == .provisional)
        let (summary, sessions) = try fixture.audit(now: now)
        #expect(sessions.first?.verdict == device)
        #expect(summary.creditedSeconds == 0)
        #expect(!summary.findings.contains { $0.kind == .bootIDReused })
    }

    @Test("an edited, forged or foreign sidecar is refused: the next record begins a new segment")
    func forgedSidecarRefused() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let departure = try fixture.recorder().enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        let genuine = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.sidecarPath)))
        // The origin moved back by an hour (so that the boot clock would show an hour more): the MAC breaks.
        let text = String(decoding: genuine, as: UTF8.self)
        let edited = text.replacingOccurrences(of: #""origin":\#(1_000 * s)"#, with: #""origin":\#(1_000 * s - hour)"#)
        #expect(edited != text)
        // A sidecar of another journal under the same key (a valid MAC, another journal id).
        let foreignPath = fixture.directory.file("other.jsonl")
        _ = try SessionRecorder(
            journalPath: foreignPath, key: fixture.directory.key, clock: fixture.clock, networkTime: nil,
            connectivity: ConnectivityMonitor(probe: Online(), clock: fixture.clock)
        ).heartbeat(goldPerHour: 1, policyVersion: "p")
        let foreign = try String(contentsOfFile: foreignPath + ".boot", encoding: .utf8)
        for forged in [edited, foreign, "garbage\n"] {
            try Data(forged.utf8).write(to: URL(fileURLWithPath: fixture.sidecarPath))
            fixture.clock.advance(nanoseconds: 10 * s)
            let recorder = try fixture.recorder()
            #expect(recorder.refusedBootSidecar)
            let beat = try recorder.heartbeat(goldPerHour: 600, policyVersion: "p1")
            #expect(beat.evidence.clock.bootNanoseconds == 0)
            #expect(beat.evidence.clock.bootID != departure.evidence.clock.bootID)
        }
        // The genuine sidecar is never trusted again once its segment ended: it is older than the journal's.
        try Data(genuine).write(to: URL(fileURLWithPath: fixture.sidecarPath))
        let recorder = try fixture.recorder()
        #expect(!recorder.refusedBootSidecar)
        let beat = try recorder.heartbeat(goldPerHour: 600, policyVersion: "p1")
        #expect(beat.evidence.clock.bootID != departure.evidence.clock.bootID)
        #expect(beat.evidence.clock.bootNanoseconds == 0)
        let ids = Set(try fixture.evidence().compactMap(\.clock.bootID))
        #expect(ids.count == 5, "every segment its own pseudonym: \(ids)")
    }

    @Test("killed and relaunched in the same boot: the same segment continues, the boot clock credits the time away")
    func relaunchContinuesSegment() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let departure = try fixture.recorder().enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        let sidecar = try Data(contentsOf: URL(fileURLWithPath: fixture.sidecarPath))
        fixture.clock.advance(nanoseconds: 2 * hour)
        let relaunched = try fixture.recorder()
        #expect(!relaunched.refusedBootSidecar)
        let arrival = try await relaunched.appLaunched()
        #expect(arrival.evidence.clock.bootID == departure.evidence.clock.bootID)
        #expect(arrival.evidence.clock.bootNanoseconds == 2 * hour)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.sidecarPath)) == sidecar)
        let now = fixture.clock.read().wallNanoseconds
        let device = ElapsedVerdict(timeline: try #require(arrival.timeline), serverNowNanoseconds: now)
        #expect(device.method == .bootClock && device.status == .verified && device.creditedSeconds == 7_199)
        let (_, sessions) = try fixture.audit(now: now)
        #expect(sessions.first?.verdict == device)
    }

    @Test("a version-1 journal stays version 1 when a version-2 recorder appends to it")
    func version1Continues() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        try fixture.recorder(version: 1).enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        fixture.clock.advance(nanoseconds: hour)
        let arrival = try await fixture.recorder().appLaunched()
        #expect(fixture.text.hasPrefix(#"{"journal":"playtime","version":1,"#))
        #expect(arrival.evidence.clock.bootID == "boot-A")
        #expect(arrival.evidence.clock.bootNanoseconds == 1_000 * s + hour)
        #expect(try fixture.evidence().allSatisfy { $0.payloadVersion == 1 })
        #expect(!FileManager.default.fileExists(atPath: fixture.sidecarPath))
        #expect(!fixture.text.contains("rebootCredit"))
    }

    @Test("a platform without boot identity: bootId null and boot 0, nothing credited on the boot clock")
    func unknownBoot() async throws {
        let fixture = try Fixture(bootID: nil)
        defer { fixture.cleanUp() }
        try fixture.recorder().enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
        fixture.clock.advance(nanoseconds: hour)
        let arrival = try await fixture.recorder().appLaunched()
        #expect(try fixture.evidence().allSatisfy { $0.clock.bootID == nil && $0.clock.bootNanoseconds == 0 })
        #expect(ElapsedVerdict(timeline: try #require(arrival.timeline)).creditedSeconds == 0)
    }

    @Test("a payload of the other version is malformed: v1 in a version-2 journal, v2 in a version-1 journal")
    func mixedVersionsAreMalformed() throws {
        for journalVersion in [1, 2] {
            let fixture = try Fixture()
            defer { fixture.cleanUp() }
            var writer = try JournalWriter(path: fixture.path, key: fixture.directory.key, newJournalVersion: journalVersion)
            var departure = Evidence(
                event: .background, sessionID: "0000000000000001", clock: ClockReading(wallNanoseconds: 1_796_083_200 * s, bootNanoseconds: 0, bootID: "b"),
                network: nil, connectivity: .unknown, goldPerHour: 600, policyVersion: RewardPolicy.default.version)
            var arrival = Evidence(
                event: .foreground, sessionID: "0000000000000001",
                clock: ClockReading(wallNanoseconds: 1_796_083_200 * s + hour, bootNanoseconds: hour, bootID: "b"),
                network: nil, connectivity: .unknown)
            departure.payloadVersion = Int64(3 - journalVersion)
            arrival.payloadVersion = Int64(journalVersion)
            try writer.append(type: departure.event.recordType, payload: EvidenceCodec.encode(departure))
            try writer.append(type: arrival.event.recordType, payload: EvidenceCodec.encode(arrival))
            try writer.close()
            let (summary, sessions) = try fixture.audit(now: 1_796_083_200 * s + 2 * hour)
            #expect(summary.findings.contains { $0.kind == .malformedPayload && $0.sequence == 1 }, "\(summary.findings)")
            #expect(sessions.allSatisfy { $0.verdict.creditedSeconds == 0 })
            var timelines: [SessionTimeline] = []
            _ = try SessionJournal.read(path: fixture.path, key: fixture.directory.key) { timelines.append($0) }
            #expect(timelines.isEmpty)
        }
    }

    @Test("the version-2 payload grammar: rebootCredit last, never negative, only on a return")
    func payloadGrammar() throws {
        var arrival = Evidence(
            event: .launch, sessionID: "0000000000000001", clock: ClockReading(wallNanoseconds: 5, bootNanoseconds: 0, bootID: "ab"),
            network: nil, connectivity: .unknown)
        arrival.payloadVersion = 2
        arrival.rebootCreditNanoseconds = 42
        let bytes = EvidenceCodec.encode(arrival)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(#","policy":"","rebootCredit":42}"#))
        #expect(EvidenceCodec.decode(bytes) == arrival)
        let text = String(decoding: bytes, as: UTF8.self)
        for bad in [
            text.replacingOccurrences(of: ":42}", with: ":-42}"),
            text.replacingOccurrences(of: #","rebootCredit":42"#, with: ""),
            text.replacingOccurrences(of: #""v":2"#, with: #""v":1"#),
            text.replacingOccurrences(of: #""v":2"#, with: #""v":3"#),
            text.replacingOccurrences(of: #""event":"launch""#, with: #""event":"heartbeat""#),
        ] {
            #expect(EvidenceCodec.decode(Array(bad.utf8)) == nil, "\(bad)")
        }
        #expect(EvidenceCodec.decode(Array(text.replacingOccurrences(of: ":42}", with: ":null}").utf8))?.rebootCreditNanoseconds == nil)
    }

    /// One step of a scripted life of a device; every step runs in a fresh recorder (a relaunch), as `playtime record` does.
    enum Step: Sendable, CustomStringConvertible {
        case background, foreground, launch, heartbeat, settle
        case advance(seconds: Int64)
        case reboot(downSeconds: Int64, upSeconds: Int64)
        case network(Bool)
        case loseSidecar

        var description: String {
            switch self {
            case .background: "bg"
            case .foreground: "fg"
            case .launch: "launch"
            case .heartbeat: "hb"
            case .settle: "settle"
            case .advance(let seconds): "+\(seconds)s"
            case .reboot(let down, let up): "reboot(\(down)s down, \(up)s up)"
            case .network(let on): on ? "online" : "offline"
            case .loseSidecar: "rm sidecar"
            }
        }
    }

    static let scripts: [(name: String, steps: [Step], sameRawClocksSameCredit: Bool)] = [
        ("same boot, online", [.network(true), .heartbeat, .background, .advance(seconds: 7_200), .foreground], true),
        (
            "same boot, offline, two sessions",
            [
                .network(false), .background, .advance(seconds: 600), .foreground, .advance(seconds: 60),
                .background, .advance(seconds: 3_000), .launch,
            ], true
        ),
        ("killed in the foreground", [.network(true), .heartbeat, .advance(seconds: 30), .heartbeat, .advance(seconds: 1_800), .launch], true),
        ("reboot, online at both ends", [.network(true), .heartbeat, .background, .reboot(downSeconds: 3_600, upSeconds: 900), .launch], false),
        (
            "reboot offline, settled later",
            [
                .network(true), .background, .network(false), .reboot(downSeconds: 3_600, upSeconds: 900),
                .launch, .advance(seconds: 120), .network(true), .settle,
            ], false
        ),
        ("reboot offline, never settled", [.network(false), .background, .reboot(downSeconds: 7_200, upSeconds: 1_200), .launch], false),
        (
            "lost sidecar while away",
            [
                .network(false), .background, .advance(seconds: 900), .loseSidecar, .launch,
                .advance(seconds: 60), .background, .advance(seconds: 300), .foreground,
            ], false
        ),
    ]

    @Test(
        "for the same raw clocks version 2 never credits more than version 1, and the same without reboots or lost sidecars",
        arguments: 0..<7)
    func sameRawClocksAcrossVersions(script index: Int) async throws {
        let script = Self.scripts[index]
        var credits: [Int: [ElapsedVerdict]] = [:]
        for version in [1, 2] {
            let fixture = try Fixture()
            defer { fixture.cleanUp() }
            for step in script.steps {
                switch step {
                case .background: try fixture.recorder(version: version).enteredBackground(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
                case .foreground: _ = try await fixture.recorder(version: version).enteredForeground()
                case .launch: _ = try await fixture.recorder(version: version).appLaunched()
                case .heartbeat: try fixture.recorder(version: version).heartbeat(goldPerHour: 600, policyVersion: RewardPolicy.default.version)
                case .settle: _ = try await fixture.recorder(version: version).settlePending()
                case .advance(let seconds): fixture.clock.advance(nanoseconds: seconds * s)
                case .reboot(let down, let up):
                    fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: down * s, uptimeNanoseconds: up * s)
                case .network(let on): fixture.network.set(on ? .answer : .offline)
                case .loseSidecar: try? FileManager.default.removeItem(atPath: fixture.sidecarPath)
                }
            }
            let now = fixture.clock.read().wallNanoseconds
            let (_, sessions) = try fixture.audit(now: now)
            // The server's verdicts are what the journal's own timelines give (device and server agree).
            var timelines: [SessionTimeline] = []
            _ = try SessionJournal.read(path: fixture.path, key: fixture.directory.key) { timelines.append($0) }
            let own = Dictionary(uniqueKeysWithValues: timelines.map { ($0.sessionID, ElapsedVerdict(timeline: $0, serverNowNanoseconds: now)) })
            for session in sessions { #expect(own[session.sessionID] == session.verdict, "\(script.name) v\(version)") }
            credits[version] = sessions.map(\.verdict)
        }
        let v1 = try #require(credits[1])
        let v2 = try #require(credits[2])
        #expect(v1.count == v2.count && !v1.isEmpty, "\(script.name)")
        for (old, new) in zip(v1, v2) {
            #expect(new.creditedSeconds <= old.creditedSeconds, "\(script.name): v2 \(new.creditedSeconds) s > v1 \(old.creditedSeconds) s")
            if script.sameRawClocksSameCredit {
                #expect(
                    new.lowerNanoseconds == old.lowerNanoseconds && new.method == old.method && new.status == old.status && new.flags == old.flags,
                    "\(script.name): \(new.explanation) | \(old.explanation)")
            }
        }
    }
}
