import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Testing

/// Interoperability with the Python reference in Benchmarks/python/, written only from docs/journal-format.md:
/// a journal written by Python verifies in Swift with the same credited seconds, and the other way round.
@Suite("Interop with the Python reference implementation")
struct InteropTests {
    static var python: String? {
        ["/usr/bin/python3", "/usr/local/bin/python3", "/root/.pyenv/shims/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var scripts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/python")
    }

    /// Runs a Python script; returns status and standard output.
    func runPython(_ script: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let python = try #require(Self.python, "python3 is needed for the interop tests")
        let path = Self.scripts.appendingPathComponent(script).path
        return try await runOffCooperativePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [path] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

    /// What both implementations must agree on for a session: credited and held seconds (§10 rule 5) and the status.
    struct Figures: Equatable, CustomStringConvertible {
        var credited: Int
        var held: Int
        var status: String
        var description: String { "\(credited) s + \(held) s held, \(status)" }
    }

    /// Each session's figures as Python's auditor computes them (judged as of `now` when given: `--now`).
    func pythonFigures(journal: String, key: String, now: Int64? = nil) async throws -> [String: Figures] {
        let run = try await runPython("auditor.py", ["--key-file", key, journal, "--json"] + (now.map { ["--now", String($0)] } ?? []))
        #expect(run.status == 0, "python auditor exit \(run.status)")
        var figures: [String: Figures] = [:]
        for line in run.output.split(separator: "\n") {
            let object = try jsonObject(String(line))
            if let id = object["sessionId"] as? String, let seconds = object["creditedSeconds"] as? Int, let held = object["heldSeconds"] as? Int,
                let status = object["status"] as? String
            {
                figures[id] = Figures(credited: seconds, held: held, status: status)
            }
        }
        return figures
    }

    /// Each session's figures as Swift computes them (journal → assembler → verdict), judged as of `now` when given.
    func swiftFigures(journal: String, key: JournalKey, now: Int64? = nil) throws -> [String: Figures] {
        var figures: [String: Figures] = [:]
        let verification = try SessionJournal.read(path: journal, key: key, networkJudge: NetworkTimeJudge(serverNowNanoseconds: now)) { timeline in
            let verdict = now.map { ElapsedVerdict(timeline: timeline, serverNowNanoseconds: $0) } ?? ElapsedVerdict(timeline: timeline)
            figures[timeline.sessionID] = Figures(credited: Int(verdict.creditedSeconds), held: Int(verdict.heldSeconds), status: "\(verdict.status)")
        }
        #expect(verification.failure == nil, "\(String(describing: verification.failure))")
        return figures
    }

    /// Sessions whose figures differ between the two implementations, for the failure message.
    func differences(_ swift: [String: Figures], _ python: [String: Figures]) -> [String] {
        swift.filter { python[$0.key] != $0.value }.map { "\($0.key): Swift \($0.value), Python \(python[$0.key].map(String.init(describing:)) ?? "missing")" }
            .sorted()
    }

    @Test(
        "A journal written by Python verifies in Swift, with the same credited seconds per session (versions 1 and 2)",
        .enabled(if: python != nil), arguments: [1, 2])
    func pythonToSwift(version: Int) async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-py")
        defer { directory.cleanUp() }
        let keyPath = directory.file("py.key")
        let journal = directory.file("py.jsonl")
        let written = try await runPython(
            "write_journal.py",
            [
                "--key-file", keyPath, "--out", journal, "--sessions", "1000", "--seed", "11",
                "--version", String(version),
            ])
        #expect(written.status == 0)
        #expect(try String(contentsOfFile: journal, encoding: .utf8).hasPrefix(#"{"journal":"playtime","version":\#(version),"#))
        let key = try KeyFile.load(path: keyPath)
        let swift = try swiftFigures(journal: journal, key: key)
        let python = try await pythonFigures(journal: journal, key: keyPath)
        #expect(swift.count >= 1000)
        let differing = differences(swift, python)
        #expect(differing.isEmpty, "\(differing.count) sessions differ, e.g. \(differing.prefix(5))")
        #expect(Set(swift.keys) == Set(python.keys))
    }

    @Test("A journal written by Swift verifies in Python, with the same credited seconds per session", .enabled(if: python != nil))
    func swiftToPython() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-swift")
        defer { directory.cleanUp() }
        let journal = directory.file("swift.jsonl")
        var builder = try JournalBuilder(path: journal, key: directory.key)
        var wall: Int64 = 1_796_083_200_000_000_000
        var boot: Int64 = 3_000_000_000_000
        for index in 0..<50 {
            try builder.honestSession(
                id: String(format: "%016x", index + 1), bootID: "boot-\(index / 10)", departWall: wall, departBoot: boot,
                awaySeconds: Int64(60 + index * 97), withNetwork: index % 3 != 0)
            wall += 9_000_000_000_000
            boot += 9_000_000_000_000
        }
        // A reboot while away without network, settled by a later fix in the new boot.
        let departure = Evidence(
            event: .background, sessionID: "00000000000000ff", clock: ClockReading(wallNanoseconds: wall, bootNanoseconds: boot, bootID: "boot-old"),
            network: NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: 3_000_000), connectivity: .unknown, goldPerHour: 600, policyVersion: "default-1")
        let arrival = Evidence(
            event: .launch, sessionID: "00000000000000ff",
            clock: ClockReading(wallNanoseconds: wall + 7_200_000_000_000, bootNanoseconds: 120_000_000_000, bootID: "boot-new"),
            network: nil, connectivity: .unknown)
        let settlement = Evidence(
            event: .settlement, sessionID: "00000000000000ff",
            clock: ClockReading(wallNanoseconds: wall + 7_500_000_000_000, bootNanoseconds: 420_000_000_000, bootID: "boot-new"),
            network: NetworkTime(unixNanoseconds: wall + 7_500_000_000_000, errorBoundNanoseconds: 4_000_000),
            connectivity: Connectivity(state: .online, reason: "ntp-ok"))
        try builder.append(departure)
        try builder.append(arrival)
        try builder.append(settlement)
        try builder.close()
        let swift = try swiftFigures(journal: journal, key: directory.key)
        let python = try await pythonFigures(journal: journal, key: directory.keyPath)
        #expect(swift.count == 51)
        #expect(swift["00000000000000ff"]?.credited == 7_199)
        let differing = differences(swift, python)
        #expect(differing.isEmpty, "\(differing.count) sessions differ, e.g. \(differing.prefix(5))")
        #expect(Set(swift.keys) == Set(python.keys))
    }

    /// One hand-written session of each situation of the rewritten §10 (docs/journal-format.md), judged without and
    /// with a server clock. The figures in `expected` are worked out from the document alone.
    @Test(
        "The §10 server-truth situations (rules 0, 2 within T, 2b/2c, 3 proof scope and search, 3b, 3d) credit the same in Swift and Python",
        .enabled(if: python != nil))
    func serverTruthSituations() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-rules")
        defer { directory.cleanUp() }
        let journal = directory.file("rules.jsonl")
        var builder = try JournalBuilder(path: journal, key: directory.key)
        let s: Int64 = 1_000_000_000
        var t: Int64 = 1_796_083_200 * s  // true time; each boot's clock is t - its start
        func evidence(
            _ event: SessionEventKind, _ id: String = "", origin: String = "lifecycle", wall: Int64? = nil, boot: Int64, bootID: String?,
            net: Int64? = nil
        ) -> Evidence {
            let snapshot = event == .background || event == .heartbeat
            return Evidence(
                event: event, sessionID: id, origin: origin,
                clock: ClockReading(wallNanoseconds: wall ?? t, bootNanoseconds: boot, bootID: bootID),
                network: net.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: 20_000_000) },
                connectivity: net == nil ? .unknown : Connectivity(state: .online, reason: "ntp-ok"),
                goldPerHour: snapshot ? 600 : 0, policyVersion: snapshot ? "default-1" : "")
        }
        // Boot A, with a fix at the start.
        let startA = t - 10 * 86_400 * s
        try builder.append(evidence(.launch, boot: t - startA, bootID: "boot-a", net: t))
        // 01: same boot, the return's network time 1800 s short of the boot clock (rule 2b); a later disagreeing fix
        //     does not settle it, the first later agreeing one does (2c): the boot clock's 3600 s - drift.
        t += 600 * s
        try builder.append(evidence(.background, "0000000000000001", boot: t - startA, bootID: "boot-a", net: t))
        t += 3600 * s
        try builder.append(evidence(.foreground, "0000000000000001", boot: t - startA, bootID: "boot-a", net: t - 1800 * s))
        t += 60 * s
        try builder.append(evidence(.heartbeat, boot: t - startA, bootID: "boot-a", net: t - 1800 * s))
        t += 60 * s
        try builder.append(evidence(.settlement, "0000000000000001", boot: t - startA, bootID: "boot-a", net: t))
        // 03: killed in the foreground, the recovered departure (origin heartbeat) and a 600 s short return in the
        //     same boot; settled by the next session's departure (an agreeing fix), less the 60 s heartbeat interval.
        t += 600 * s
        let heartbeatWall = t
        let heartbeatBoot = t - startA
        try builder.append(evidence(.heartbeat, boot: heartbeatBoot, bootID: "boot-a", net: t))
        t += 1800 * s
        try builder.append(
            evidence(.background, "0000000000000003", origin: "heartbeat", wall: heartbeatWall, boot: heartbeatBoot, bootID: "boot-a", net: heartbeatWall))
        try builder.append(evidence(.launch, "0000000000000003", boot: t - startA, bootID: "boot-a", net: t - 600 * s))
        // 02: 900 s short, only disagreeing fixes before the boot ends: provisional, the network's 1500 s - errors.
        t += 1200 * s
        try builder.append(evidence(.background, "0000000000000002", boot: t - startA, bootID: "boot-a", net: t))
        t += 2400 * s
        try builder.append(evidence(.foreground, "0000000000000002", boot: t - startA, bootID: "boot-a", net: t - 900 * s))
        t += 120 * s
        try builder.append(evidence(.heartbeat, boot: t - startA, bootID: "boot-a", net: t - 900 * s))
        // 04: an honest reboot while away; the departure has no network time, earlier records give E (§10b), the
        //     return's network time shows the new boot began after it: uptime verified (3b), 1800 s - drift.
        t += 600 * s
        try builder.append(evidence(.background, "0000000000000004", boot: t - startA, bootID: "boot-a"))
        t += 7200 * s
        let startB = t - 1800 * s
        try builder.append(evidence(.launch, "0000000000000004", boot: t - startB, bootID: "boot-b", net: t))
        // 05: a forged reboot (new boot id, the boot clock kept counting), departure without network time: the "new
        //     boot" began before the departure (3b), withheld (3d): 0.
        t += 600 * s
        try builder.append(evidence(.background, "0000000000000005", boot: t - startB, bootID: "boot-b"))
        t += 3600 * s
        try builder.append(evidence(.launch, "0000000000000005", boot: t - startB, bootID: "boot-c", net: t))
        // 06: a forged reboot with the wall clock honest and no network time at the return: the wall clock advanced
        //     less than the uptime by more than 120 s, withheld (3d): 0. A cold start in a real new boot ends boot d.
        t += 600 * s
        try builder.append(evidence(.background, "0000000000000006", boot: t - startB, bootID: "boot-c", net: t))
        t += 1200 * s
        try builder.append(evidence(.launch, "0000000000000006", boot: t - startB, bootID: "boot-d"))
        t += 60 * s
        let startE = t - 30 * s
        try builder.append(evidence(.launch, boot: t - startE, bootID: "boot-e"))
        // 07: proof scope (rule 3): a reboot, a return without network time, another reboot, then a record of the
        //     return's boot with network time: not a proof (the boot ended). Uptime 600 s - drift, provisional.
        t += 300 * s
        try builder.append(evidence(.background, "0000000000000007", boot: t - startE, bootID: "boot-e", net: t))
        t += 3600 * s
        let startF = t - 600 * s
        try builder.append(evidence(.launch, "0000000000000007", boot: t - startF, bootID: "boot-f"))
        t += 30 * s
        let startG = t - 20 * s
        try builder.append(evidence(.launch, boot: t - startG, bootID: "boot-g"))
        t += 30 * s
        try builder.append(evidence(.settlement, "0000000000000007", boot: t - startF, bootID: "boot-f", net: t))
        t += 30 * s
        try builder.append(evidence(.heartbeat, boot: t - startG, bootID: "boot-g", net: t))
        // 08: the wall clock set back an hour at a departure without network time: more than 120 s before E,
        //     the unproven uptime is withheld (3d): 0.
        t += 600 * s
        try builder.append(evidence(.background, "0000000000000008", wall: t - 3600 * s, boot: t - startG, bootID: "boot-g"))
        t += 3600 * s
        let startH = t - 900 * s
        try builder.append(evidence(.launch, "0000000000000008", wall: t - 3600 * s, boot: t - startH, bootID: "boot-h"))
        // 09: the same wall clock, but the return's network time proves the new boot began after the departure
        //     (3b verified): read here as not withheld (3d withholds *unproven* uptime), 900 s - drift.
        t += 600 * s
        try builder.append(evidence(.background, "0000000000000009", wall: t - 3600 * s, boot: t - startH, bootID: "boot-h"))
        t += 3600 * s
        let startI = t - 900 * s
        try builder.append(evidence(.launch, "0000000000000009", wall: t - 3600 * s, boot: t - startI, bootID: "boot-i", net: t))
        // 10: the wall clock went back 600 s across a reboot, no network time at the return, no proof: withheld, 0.
        t += 600 * s
        try builder.append(evidence(.background, "000000000000000a", boot: t - startI, bootID: "boot-i", net: t))
        let departureWall = t
        t += 1800 * s
        let startJ = t - 600 * s
        try builder.append(evidence(.launch, "000000000000000a", wall: departureWall - 600 * s, boot: t - startJ, bootID: "boot-j"))
        t += 10 * s
        let startK = t - 5 * s
        try builder.append(evidence(.launch, boot: t - startK, bootID: "boot-k"))
        // 11: the same, then settled by a later fix in the return's boot: network, 1800 s less errors and drift.
        t += 300 * s
        try builder.append(evidence(.background, "000000000000000b", boot: t - startK, bootID: "boot-k", net: t))
        let departureWall2 = t
        t += 1800 * s
        let startL = t - 600 * s
        try builder.append(evidence(.launch, "000000000000000b", wall: departureWall2 - 600 * s, boot: t - startL, bootID: "boot-l"))
        t += 120 * s
        try builder.append(evidence(.settlement, "000000000000000b", boot: t - startL, bootID: "boot-l", net: t))
        // 12: a return's network time two days ahead: network time without a server clock; with one (rule 0) it
        //     is absent, and the uptime (300 s - drift) is what is left.
        t += 300 * s
        try builder.append(evidence(.background, "000000000000000c", boot: t - startL, bootID: "boot-l", net: t))
        t += 1200 * s
        let startM = t - 300 * s
        try builder.append(evidence(.launch, "000000000000000c", boot: t - startM, bootID: "boot-m", net: t + 2 * 86_400 * s))
        t += 10 * s
        let startN = t - 5 * s
        try builder.append(evidence(.launch, boot: t - startN, bootID: "boot-n"))
        // 13: a return whose wall clock reads a day ahead: uptime without a server clock, withheld with one (3d).
        t += 300 * s
        try builder.append(evidence(.background, "000000000000000d", boot: t - startN, bootID: "boot-n", net: t))
        t += 1200 * s
        let startO = t - 300 * s
        try builder.append(evidence(.launch, "000000000000000d", wall: t + 86_400 * s, boot: t - startO, bootID: "boot-o"))
        t += 10 * s
        let startP = t - 5 * s
        try builder.append(evidence(.launch, boot: t - startP, bootID: "boot-p"))
        // 14: a recovered departure (origin heartbeat) whose same-boot return is 600 s short, never settled before the
        //     boot ends: the network's 1200 s less errors and the 60 s interval; 600 s held (rules 2b, 4 and 5).
        t += 300 * s
        let heartbeatWall2 = t
        let heartbeatBoot2 = t - startP
        try builder.append(evidence(.heartbeat, boot: heartbeatBoot2, bootID: "boot-p", net: t))
        t += 1800 * s
        try builder.append(
            evidence(
                .background, "000000000000000e", origin: "heartbeat", wall: heartbeatWall2, boot: heartbeatBoot2, bootID: "boot-p",
                net: heartbeatWall2))
        try builder.append(evidence(.launch, "000000000000000e", boot: t - startP, bootID: "boot-p", net: t - 600 * s))
        t += 10 * s
        let startQ = t - 5 * s
        try builder.append(evidence(.launch, boot: t - startQ, bootID: "boot-q"))
        // 15: same boot, the departure's network time 60 s fast (an imperfect server, or one that stepped): within
        //     the clock-step tolerance T (rule 2), the boot clock's 1800 s - drift, verified, nothing held.
        t += 300 * s
        try builder.append(evidence(.background, "000000000000000f", boot: t - startQ, bootID: "boot-q", net: t + 60 * s))
        t += 1800 * s
        try builder.append(evidence(.foreground, "000000000000000f", boot: t - startQ, bootID: "boot-q", net: t))
        // 16: the same 130 s fast, beyond T and never settled: the network's 1670 s less errors (2b), 130 s held.
        t += 300 * s
        try builder.append(evidence(.background, "0000000000000010", boot: t - startQ, bootID: "boot-q", net: t + 130 * s))
        t += 1800 * s
        try builder.append(evidence(.foreground, "0000000000000010", boot: t - startQ, bootID: "boot-q", net: t))
        t += 10 * s
        let startR = t - 5 * s
        try builder.append(evidence(.launch, boot: t - startR, bootID: "boot-r"))
        // 17: a reboot, the return met a spoofer two days ahead; a later answer of the spoofer, then an honest fix of
        //     the return's boot. Without a server clock the return's own network time; with one (rules 0 and 3) the
        //     spoofer's answers are passed over and the honest fix proves 1200 s less errors and drift.
        t += 300 * s
        try builder.append(evidence(.background, "0000000000000011", boot: t - startR, bootID: "boot-r", net: t))
        t += 1200 * s
        let startS = t - 300 * s
        try builder.append(evidence(.launch, "0000000000000011", boot: t - startS, bootID: "boot-s", net: t + 2 * 86_400 * s))
        t += 30 * s
        try builder.append(evidence(.settlement, "0000000000000011", boot: t - startS, bootID: "boot-s", net: t + 2 * 86_400 * s))
        t += 30 * s
        try builder.append(evidence(.settlement, "0000000000000011", boot: t - startS, bootID: "boot-s", net: t))
        try builder.close()
        let now = t + 60 * s

        let expected = [
            "0000000000000001": 3_599, "0000000000000002": 1_499, "0000000000000003": 1_739, "0000000000000004": 1_799,
            "0000000000000005": 0, "0000000000000006": 0, "0000000000000007": 599, "0000000000000008": 0, "0000000000000009": 899,
            "000000000000000a": 0, "000000000000000b": 1_799, "000000000000000c": 173_999, "000000000000000d": 299,
            "000000000000000e": 1_139, "000000000000000f": 1_799, "0000000000000010": 1_669, "0000000000000011": 173_999,
        ]
        var expectedNow = expected
        expectedNow["000000000000000c"] = 299
        expectedNow["000000000000000d"] = 0
        expectedNow["0000000000000011"] = 1_199
        for (judgedAt, figures) in [(nil, expected), (now, expectedNow)] as [(Int64?, [String: Int])] {
            let swift = try swiftFigures(journal: journal, key: directory.key, now: judgedAt)
            let python = try await pythonFigures(journal: journal, key: directory.keyPath, now: judgedAt)
            let differing = differences(swift, python)
            #expect(differing.isEmpty, "now \(judgedAt.map(String.init) ?? "none"): \(differing.count) sessions differ: \(differing)")
            #expect(Set(swift.keys) == Set(python.keys))
            #expect(python["0000000000000002"] == Figures(credited: 1_499, held: 900, status: "provisional"))
            #expect(python["000000000000000e"] == Figures(credited: 1_139, held: 600, status: "provisional"))
            #expect(python["000000000000000f"] == Figures(credited: 1_799, held: 0, status: "verified"))
            #expect(python["0000000000000010"] == Figures(credited: 1_669, held: 130, status: "provisional"))
            let credited = python.mapValues(\.credited)
            #expect(credited == figures, "now \(judgedAt.map(String.init) ?? "none"): Python \(credited.sorted { $0.key < $1.key })")
        }
    }

    /// Version 2 (docs/journal-format.md §13): boot segments and the device's asserted reboot credit, hand-written
    /// situations with figures worked out from the document, judged the same in Swift and Python.
    @Test(
        "Version-2 situations (§13: segments, asserted uptime, lost sidecar, 3b never verified) credit the same in Swift and Python",
        .enabled(if: python != nil))
    func version2Situations() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-v2")
        defer { directory.cleanUp() }
        let journal = directory.file("v2.jsonl")
        var records: [Evidence] = []
        let s: Int64 = 1_000_000_000
        var t: Int64 = 1_796_083_200 * s
        func append(
            _ event: SessionEventKind, _ id: String = "", wall: Int64? = nil, boot: Int64, segment: String?, net: Int64? = nil,
            credit: Int64? = nil
        ) throws {
            let snapshot = event == .background || event == .heartbeat
            var evidence = Evidence(
                event: event, sessionID: id, clock: ClockReading(wallNanoseconds: wall ?? t, bootNanoseconds: boot, bootID: segment),
                network: net.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: 20_000_000) },
                connectivity: net == nil ? .unknown : Connectivity(state: .online, reason: "ntp-ok"),
                goldPerHour: snapshot ? 600 : 0, policyVersion: snapshot ? "default-1" : "")
            evidence.payloadVersion = 2
            evidence.rebootCreditNanoseconds = credit
            records.append(evidence)
        }
        // Segment a (origin = its first record): a fix, then 01: same segment, 3600 s by the boot clock, less drift.
        let originA = t
        try append(.launch, boot: t - originA, segment: "aaaa", net: t)
        t += 60 * s
        try append(.background, "0000000000000001", boot: t - originA, segment: "aaaa")
        t += 3_600 * s
        try append(.foreground, "0000000000000001", boot: t - originA, segment: "aaaa")
        // 02: a reboot while away, no network time: the asserted 1200 s (provisional).
        t += 60 * s
        try append(.background, "0000000000000002", boot: t - originA, segment: "aaaa")
        t += 7_200 * s
        let originB = t
        try append(.launch, "0000000000000002", boot: 0, segment: "bbbb", credit: 1_200 * s)
        // 03: a new segment without an asserted credit (a lost sidecar in the same boot): nothing.
        t += 60 * s
        try append(.background, "0000000000000003", boot: t - originB, segment: "bbbb")
        t += 600 * s
        let originC = t
        try append(.launch, "0000000000000003", boot: 0, segment: "cccc")
        // 04: the return has network time and E is known (a fix earlier in segment c carried to the departure,
        //     which records none): version 1 would verify the uptime (3b); version 2 keeps it provisional, 900 s.
        t += 60 * s
        try append(.heartbeat, boot: t - originC, segment: "cccc", net: t)
        try append(.background, "0000000000000004", boot: t - originC + 1, segment: "cccc")
        t += 3_600 * s
        let originD = t
        try append(.launch, "0000000000000004", boot: 0, segment: "dddd", net: t, credit: 900 * s)
        // 05: an asserted uptime longer than the time since the proven departure (3b): withheld, 0.
        t += 60 * s
        try append(.heartbeat, boot: t - originD, segment: "dddd", net: t)
        try append(.background, "0000000000000005", boot: t - originD + 1, segment: "dddd")
        t += 600 * s
        let originE = t
        try append(.launch, "0000000000000005", boot: 0, segment: "eeee", net: t, credit: 3_600 * s)
        // 06: the wall clock went back across a reboot, asserted 1800 s: withheld (3d), 0.
        t += 60 * s
        try append(.background, "0000000000000006", boot: t - originE, segment: "eeee")
        let departureWall = t
        t += 3_600 * s
        let originF = t
        try append(.launch, "0000000000000006", wall: departureWall - 600 * s, boot: 0, segment: "ffff", credit: 1_800 * s)
        // 07: no credit and no network time at the return, settled later in the return's segment: network (3a),
        //     1800 s less the errors and the drift of the 120 s projection.
        t += 60 * s
        try append(.background, "0000000000000007", boot: t - originF, segment: "ffff", net: t)
        t += 1_800 * s
        let originG = t
        try append(.launch, "0000000000000007", boot: 0, segment: "gggg")
        t += 120 * s
        try append(.settlement, "0000000000000007", boot: t - originG, segment: "gggg", net: t)
        var writer = try JournalWriter(path: journal, key: directory.key, newJournalVersion: 2)
        for evidence in records { try writer.append(type: evidence.event.recordType, payload: EvidenceCodec.encode(evidence)) }
        try writer.close()
        let expected = [
            "0000000000000001": 3_599, "0000000000000002": 1_200, "0000000000000003": 0, "0000000000000004": 900,
            "0000000000000005": 0, "0000000000000006": 0, "0000000000000007": 1_799,
        ]
        for judgedAt in [nil, t + 60 * s] as [Int64?] {
            let swift = try swiftFigures(journal: journal, key: directory.key, now: judgedAt)
            let python = try await pythonFigures(journal: journal, key: directory.keyPath, now: judgedAt)
            #expect(differences(swift, python).isEmpty, "\(differences(swift, python))")
            #expect(Set(swift.keys) == Set(python.keys))
            #expect(swift.mapValues(\.credited) == expected, "\(swift.sorted { $0.key < $1.key })")
            #expect(python["0000000000000004"]?.status == "provisional")
            #expect(python["0000000000000007"]?.status == "verified")
        }
    }

    @Test(
        "A version-2 journal written by the recorder (a reboot, a lost sidecar, same-boot sessions) credits the same in Python",
        .enabled(if: python != nil))
    func recorderVersion2ToPython() async throws {
        let directory = try TemporaryJournalDirectory(prefix: "interop-v2-recorder")
        defer { directory.cleanUp() }
        let journal = directory.file("recorded.jsonl")
        let clock = ManualClock()
        let network = ManualNetworkTimeSource(clock: clock)
        func recorder() throws -> SessionRecorder {
            try SessionRecorder(
                journalPath: journal, key: directory.key, clock: clock, networkTime: network,
                connectivity: ConnectivityMonitor(probe: UnknownLink(), clock: clock))
        }
        let hour: Int64 = 3_600_000_000_000
        for index in 0..<6 {
            network.set(index % 2 == 0 ? .answer : .offline)
            try recorder().enteredBackground(goldPerHour: 600, policyVersion: "default-1")
            switch index {
            case 2: clock.reboot(newBootID: "boot-\(index)", downtimeNanoseconds: hour, uptimeNanoseconds: hour / 4)
            case 4:
                try FileManager.default.removeItem(atPath: journal + ".boot")
                clock.advance(nanoseconds: hour)
            default: clock.advance(nanoseconds: Int64(index + 1) * hour / 3)
            }
            _ = try await recorder().appLaunched()
            clock.advance(nanoseconds: 60_000_000_000)
            _ = try await recorder().settlePending()
        }
        let swift = try swiftFigures(journal: journal, key: directory.key)
        let python = try await pythonFigures(journal: journal, key: directory.keyPath)
        #expect(swift.count == 6)
        #expect(differences(swift, python).isEmpty, "\(differences(swift, python))")
        #expect(Set(swift.keys) == Set(python.keys))
        #expect(!(try String(contentsOfFile: journal, encoding: .utf8)).contains("boot-A"))
    }

    struct UnknownLink: ConnectivityProbe {
        func localConnectivity() -> Connectivity { .unknown }
    }
}
