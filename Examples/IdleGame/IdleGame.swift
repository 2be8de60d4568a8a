import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// An idle game's lifecycle with this machine's real clocks: launch, heartbeat, background, a real wait,
/// foreground, verdict, reward, claim. Every step is written to the journal (fsync'd) before it is told.
enum IdleGame {
    static let usage = """
    USAGE: idle-game [--dir DIR] [--journal FILE] [--key-file FILE] [--away SECONDS] [--ntp SERVER]...
                     [--rate GOLD_PER_HOUR] [--policy demo|default|FILE] [--ad] [--details]
           idle-game --print-policy [--policy demo|default|FILE]

    Plays one away session for real: records a launch, a heartbeat and the move to the background, waits
    --away seconds (default 3) on the boot clock, records the return (asking the --ntp servers, if any, for
    network time; with none, or offline, the boot clock alone proves the time), then shows the evidence,
    the verdict and the gold, and records the claim.

    OPTIONS:
      --dir DIR          Where the key and journal live (default: a new temporary directory).
      --journal FILE     The journal (default DIR/journal.jsonl; created if absent, reused if present).
      --key-file FILE    The journal key, hex (default DIR/player.key; created if absent).
      --away SECONDS     Real time to spend away, 0...86400 (default 3).
      --ntp SERVER       Ask this NTP server at the return (repeatable; host, host:port). Default: none.
      --rate N           Gold per hour snapshotted at departure (default: the policy's rate).
      --policy P         demo (default: 36 000 gold/h, 1 s minimum), default (the library's), or a JSON file.
      --ad               The player watched an ad: request the policy's one-shot "ad" multiplier.
      --details          Also print the full reward breakdown.
      --print-policy     Print the policy as JSON and exit.
    """

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: Options
        do {
            options = try Options(arguments)
        } catch {
            StandardStreams.writeError("idle-game: \(error)\n\n\(usage)")
            return 2
        }
        if options.printPolicy {
            print(String(decoding: options.policy.jsonData(), as: UTF8.self))
            return 0
        }
        do {
            try await play(options)
            return 0
        } catch {
            StandardStreams.writeError("idle-game: \(error)")
            return 1
        }
    }

    /// One session, told as it happens.
    static func play(_ options: Options) async throws {
        let story = Story()
        let key = try loadOrCreateKey(at: options.keyPath, story: story)
        story.line("journal", "\(options.journalPath) (key id \(key.keyIDHex))")
        let clock = SystemClockSource()
        let networkTime: (any NetworkTimeSource)? = options.servers.isEmpty ? nil : NTPNetworkTimeSource(servers: options.servers)
        let recorder = try SessionRecorder(
            journalPath: options.journalPath, key: key, clock: clock, networkTime: networkTime,
            connectivity: ConnectivityMonitor(probe: SystemConnectivityProbe(servers: options.servers), clock: clock))
        if recorder.repairedTornTail { story.line("repair", "cut a torn last line left by a crash") }
        let policy = options.policy
        let rate = options.rate ?? policy.goldPerHour
        var totalPaid: Int64 = 0

        // A cold start: it may close a session an earlier run left open (a kill while away, or in the foreground).
        let launch = try await recorder.appLaunched()
        if let departure = launch.departure {
            story.line("launch", "closes session \(departure.sessionID) left open by an earlier run"
                       + (departure.origin == "heartbeat" ? " (killed in the foreground: it departed at its last heartbeat)" : ""))
            story.line("", Story.describe(launch.evidence))
            totalPaid += try settle(departure: departure, departureSequence: nil, arrival: launch, options: options,
                                    recorder: recorder, story: story)
        } else {
            story.line("launch", "record #\(launch.sequence.map(String.init) ?? "-"), nothing left open")
        }

        let heartbeat = try recorder.heartbeat(goldPerHour: rate, policyVersion: policy.version)
        story.line("heartbeat", "record #\(heartbeat.sequence.map(String.init) ?? "-"): \(Story.describe(heartbeat.evidence))")

        let background = try recorder.enteredBackground(goldPerHour: rate, policyVersion: policy.version)
        let departure = background.evidence
        story.line("background", "session \(departure.sessionID), record #\(background.sequence.map(String.init) ?? "-"), on disk before the app sleeps")
        story.line("", "rate snapshot \(rate) gold/h under policy \(policy.version)")
        story.line("", Story.describe(departure))

        // Really wait: until the boot clock has advanced `away` since the departure, plus the verdict's drift
        // allowance (100 ppm, doubled here) and a millisecond, so that exactly `away` whole seconds are provable.
        let away = options.awayNanoseconds
        let target = departure.clock.bootNanoseconds + away + away / 5_000 + 1_000_000
        story.line("away", "waiting \(Story.seconds(away)) on the boot clock (this is real time)…")
        while true {
            let remaining = target - clock.bootNanoseconds()
            if remaining <= 0 { break }
            await clock.sleep(nanoseconds: remaining)
        }

        let arrival = try await recorder.enteredForeground()
        story.line("foreground", "record #\(arrival.sequence.map(String.init) ?? "-")" + (options.servers.isEmpty ? ", no NTP servers asked" : ""))
        story.line("", Story.describe(arrival.evidence))
        totalPaid += try settle(departure: arrival.departure ?? departure, departureSequence: background.sequence, arrival: arrival,
                                options: options, recorder: recorder, story: story)
        story.line("gold", "\(totalPaid) paid this run")
    }

    /// Judges one closed session, pays it and records the claim; returns the gold paid now.
    static func settle(departure: Evidence, departureSequence: UInt64?, arrival: RecordedEvent, options: Options,
                       recorder: SessionRecorder, story: Story) throws -> Int64 {
        let timeline = SessionTimeline(sessionID: departure.sessionID, departure: departure, departureSequence: departureSequence,
                                       arrival: arrival.evidence, arrivalSequence: arrival.sequence)
        let verdict = ElapsedVerdict(timeline: timeline)
        var bounds = "proven ≥ \(Story.seconds(verdict.lowerNanoseconds))"
        if let upper = verdict.upperNanoseconds { bounds += ", ≤ \(Story.seconds(upper))" }
        story.line("verdict", "\(verdict.status.rawValue) by \(verdict.method.rawValue): credited \(verdict.creditedSeconds) s (\(bounds))")
        story.paragraph(verdict.explanation)
        if arrival.needsSettlement {
            story.line("", "the return crossed a reboot without network time: the rest waits for a later fix (settlement)")
        }
        // The departure's snapshot names the policy; a session started under another known policy is paid by it.
        guard let policy = [options.policy, .demo, .default].first(where: { $0.version == timeline.policyVersion }) else {
            story.line("reward", "departure names policy '\(timeline.policyVersion)', unknown here: not paid, no claim recorded")
            return 0
        }
        let breakdown = try RewardCalculator(policy: policy)
            .calculate(verdict, of: timeline, requestedMultipliers: options.watchedAd ? ["ad"] : [])
        let applied = breakdown.multipliers.filter { $0.outcome == .applied }.map(\.name)
        var summary = "\(breakdown.consideredSeconds) s at \(timeline.goldPerHour) gold/h, efficiency \(breakdown.efficiencyPercent) %"
        for decision in breakdown.multipliers { summary += ", \(decision.name) \(decision.outcome.rawValue)" }
        story.line("reward", summary + (breakdown.belowMinimum ? " (below the \(breakdown.minimumAwaySeconds) s minimum)" : ""))
        story.line("", "total \(breakdown.totalGold), paid now \(breakdown.paidNow), escrowed \(breakdown.escrowed), forfeited \(breakdown.forfeited)")
        if options.details { story.paragraph(breakdown.renderedText, indent: false) }
        let claim = ClaimRecord(sessionID: timeline.sessionID, creditedSeconds: verdict.creditedSeconds, status: verdict.status,
                                paidGold: breakdown.paidNow, escrowedGold: breakdown.escrowed, multipliers: applied,
                                goldPerHour: timeline.goldPerHour, policyVersion: timeline.policyVersion)
        let sequence = try recorder.recordClaim(claim)
        story.line("claim", "record #\(sequence): what was paid, so a server can recompute it")
        return breakdown.paidNow
    }

    static func loadOrCreateKey(at path: String, story: Story) throws -> JournalKey {
        do {
            return try KeyFile.load(path: path)
        } catch .missing {
            let key = try KeyFile.generate(path: path)
            story.line("key", "created \(path) (32 random bytes, mode 0600)")
            return key
        }
    }
}
