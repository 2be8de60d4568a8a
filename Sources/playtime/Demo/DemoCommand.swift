import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeNTP
import PlaytimeSystem

/// `playtime demo`: the whole job on embedded defaults, with this machine's real clocks.
enum DemoCommand: Command {
    static let name = "demo"
    static let summary = "Record a real away period, verify it (NTP or boot clock), pay, and audit it"
    static let help = """
        USAGE: playtime demo [--away SECONDS] [--ntp SERVER]... [--dir DIR]

        --away is at most 3600 seconds; --dir is created if missing and must be a directory.

        1. opens a journal and key in DIR (default: a new temporary directory),
        2. launches: tries NTP (the default servers are host names: where DNS or the network is missing it
           says so at once and the demo falls back to the boot clock),
        3. records a departure, waits --away seconds for real (default 3), records the return,
        4. judges the time away, computes the gold with exact integer arithmetic, records the claim,
        5. audits the journal as a game server would, and prints the gold.

        The demo uses `RewardPolicy.demo` (36 000 gold/h, a 1 s minimum, no efficiency cut), so that a few
        seconds away earn something; `playtime reward` shows the real default policy.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        var servers: [NTPServer] = []
        let away: Int64
        do throws(UsageError) {
            parsed = try scanArguments(arguments, valueOptions: ["--away", "--ntp", "--dir"], flags: [])
            guard parsed.positionals.isEmpty else { throw UsageError(description: "unexpected argument '\(parsed.positionals[0])'") }
            away = try parseSeconds(parsed.value("--away") ?? "3", option: "--away", in: 0...3_600_000_000_000)
            for text in parsed.values("--ntp") {
                guard let server = NTPServer(parsing: text) else { throw UsageError(description: serverSyntaxMessage(text)) }
                servers.append(server)
            }
        } catch {
            return usageFailure(error, command: name)
        }
        do {
            return try await demo(servers: servers.isEmpty ? NTPConfiguration.defaultServers : servers, away: away, directory: parsed.value("--dir"))
        } catch {
            printError("playtime demo: \(plainMessage(error))")
            return ExitCode.usage
        }
    }

    private static func demo(servers: [NTPServer], away: Int64, directory: String?) async throws -> Int32 {
        let folder = directory ?? (NSTemporaryDirectory() + "playtime-demo-" + UUID().uuidString)
        try FileSystem.createDirectories(atPath: folder)
        let keyPath = folder + "/key"
        let journalPath = folder + "/journal.jsonl"
        try requireJournalPath(journalPath)
        let key: JournalKey
        do {
            key = try KeyFile.load(path: keyPath)
        } catch {
            guard error.isMissingFile else { throw error }
            key = try KeyFile.generate(path: keyPath)
        }
        let policy = RewardPolicy.demo
        let clock = SystemClockSource()
        var configuration = NTPConfiguration()
        configuration.timeoutNanoseconds = 1_000_000_000
        let ntp = NTPClient(configuration: configuration)
        let recorder = try SessionRecorder(
            journalPath: journalPath, key: key, clock: clock,
            networkTime: NTPNetworkTimeSource(client: ntp, servers: servers),
            connectivity: ConnectivityMonitor(probe: SystemConnectivityProbe(servers: servers), clock: clock))
        print("journal  \(journalPath)")
        print("servers  \(servers.map(\.description).joined(separator: ", "))")

        let launch = try await recorder.appLaunched()
        print(
            "launch   connectivity \(launch.evidence.connectivity.state.rawValue) (\(launch.evidence.connectivity.reason)); "
                + (launch.evidence.network != nil ? "network time known" : "no network time: the boot clock will have to do"))
        try recorder.heartbeat(goldPerHour: policy.goldPerHour, policyVersion: policy.version)
        let departure = try recorder.enteredBackground(goldPerHour: policy.goldPerHour, policyVersion: policy.version)
        print("away     session \(departure.evidence.sessionID), \(policy.goldPerHour) gold/h snapshotted; waiting \(TimeFormatting.seconds(away)) s for real…")
        // Wait the drift allowance too, so the whole requested seconds can be credited.
        await clock.sleep(nanoseconds: away + away / 10_000 + 1_000_000)
        let arrival = try await recorder.enteredForeground()
        guard let left = arrival.departure else {
            printError("playtime demo: the return did not close the session")
            return ExitCode.findings
        }

        let timeline = SessionTimeline(sessionID: left.sessionID, departure: left, arrival: arrival.evidence)
        let verdict = ElapsedVerdict(timeline: timeline)
        let breakdown = try RewardCalculator(policy: policy).calculate(verdict, of: timeline)
        try recorder.recordClaim(
            ClaimRecord(
                sessionID: left.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed, multipliers: [],
                goldPerHour: left.goldPerHour, policyVersion: left.policyVersion))
        print(
            "return   boot clock moved \(TimeFormatting.seconds(arrival.evidence.clock.bootNanoseconds - left.clock.bootNanoseconds)) s, "
                + "wall clock \(TimeFormatting.seconds(arrival.evidence.clock.wallNanoseconds - left.clock.wallNanoseconds)) s")
        print("verdict  \(verdict.status.rawValue) by \(verdict.method.rawValue): credited \(verdict.creditedSeconds) s — \(verdict.explanation)")

        var judging = AuditConfiguration(serverNowNanoseconds: SystemClock.wallNanoseconds(), policy: policy)
        judging.maximumGoldPerHour = AuditConfiguration.defaultMaximumGoldPerHour(for: policy)  // as `playtime audit` judges
        let auditor = SessionAuditor(key: key, configuration: judging, crossDeviceChecks: false)
        let file = try OpenFile(readingAt: journalPath, accepting: [.regular])
        try auditor.audit(file: file, name: journalPath) { _ in }
        let summary = auditor.finish()
        print(
            "audit    \(summary.records) records, \(summary.sessions) session(s): "
                + (summary.isClean ? "clean" : summary.findings.map(\.description).joined(separator: "; ")))
        print("gold     \(breakdown.paidNow) paid now" + (breakdown.escrowed > 0 ? ", \(breakdown.escrowed) in escrow until proof arrives" : ""))
        return summary.isClean ? ExitCode.success : ExitCode.findings
    }
}
