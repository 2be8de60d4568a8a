import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeSystem

/// An idle game's lifecycle with this machine's real clocks, through `OfflineEarnings`: launch, heartbeat,
/// background, a real wait, foreground (verdict, reward, claim). Every step is written to the journal (fsync'd)
/// before it is told.
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
          --ad               The player watched an ad: request the policy's one-shot "ad" multiplier (shown
                             pending: only a game's server grants it).
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
        let clock = SystemClockSource()
        let policy = options.policy
        var configuration = EarningsConfiguration(policy: policy)
        // A session started under another known policy is paid by it (its departure names it).
        configuration.retainedPolicies = [RewardPolicy.demo, .default].filter { $0.version != policy.version }
        configuration.ntpServers = options.servers
        configuration.keyFile = Self.absolute(options.keyPath)
        configuration.journalFile = Self.absolute(options.journalPath)
        configuration.clock = clock
        let earnings = try OfflineEarnings(directory: options.directory, configuration: configuration)
        if earnings.createdKey { story.line("key", "created \(options.keyPath) (32 random bytes, mode 0600)") }
        story.line("journal", "\(options.journalPath) (key id \(earnings.journalKey.keyIDHex))")
        if earnings.repairedTornTail { story.line("repair", "cut a torn last line left by a crash") }
        if let damaged = earnings.quarantinedJournal {
            // A damaged journal is set aside whole and a new one begins (docs/facades.md, "Nothing lost").
            story.line("repair", damaged.explanation)
            story.line("", damaged.message.text)
        }
        let rate = options.rate ?? policy.goldPerHour
        let multipliers = options.watchedAd ? ["ad"] : []
        var totalPaid: Int64 = 0

        // A cold start: it may close a session an earlier run left open (a kill while away, or in the foreground).
        if let payout = try await paid({ () async throws(EarningsError) in try await earnings.launch(multipliers: multipliers) }, story: story) {
            let departure = payout.timeline.departure
            story.line(
                "launch",
                "closes session \(departure.sessionID) left open by an earlier run"
                    + (departure.origin == "heartbeat" ? " (killed in the foreground: it departed at its last heartbeat)" : ""))
            if let arrival = payout.timeline.arrival { story.line("", Story.describe(arrival)) }
            totalPaid += tell(payout, options: options, story: story)
        } else {
            story.line("launch", "nothing left open")
        }
        // Sessions of this boot that earlier runs left waiting for network proof.
        for payout in try await earnings.settle() {
            story.line("settle", "session \(payout.sessionID) proven by a later fix: \(payout.goldNow) gold more (claim recorded)")
            totalPaid += payout.goldNow
        }

        let heartbeat = try earnings.heartbeat(goldPerHour: rate)
        story.line("heartbeat", "record #\(heartbeat.sequence.map(String.init) ?? "-"): \(Story.describe(heartbeat.evidence))")

        let background = try earnings.background(goldPerHour: rate)
        // The device's own boot clock, read once the departure is durable: the wait below is measured on the raw
        // clock, whatever form the journal's readings take (docs/journal-format.md).
        let departedAt = clock.bootNanoseconds()
        let departure = background.evidence
        story.line("background", "session \(departure.sessionID), record #\(background.sequence.map(String.init) ?? "-"), on disk before the app sleeps")
        story.line("", "rate snapshot \(rate) gold/h under policy \(policy.version)")
        story.line("", Story.describe(departure))

        // Really wait: until the boot clock has advanced `away` since the departure, plus the verdict's drift
        // allowance (100 ppm, doubled here) and a millisecond, so that exactly `away` whole seconds are provable.
        let away = options.awayNanoseconds
        let target = departedAt + away + away / 5_000 + 1_000_000
        story.line("away", "waiting \(Story.seconds(away)) on the boot clock (this is real time)…")
        while true {
            let remaining = target - clock.bootNanoseconds()
            if remaining <= 0 { break }
            await clock.sleep(nanoseconds: remaining)
        }

        guard let payout = try await paid({ () async throws(EarningsError) in try await earnings.foreground(multipliers: multipliers) }, story: story) else {
            story.line("gold", "\(totalPaid) paid this run")
            return
        }
        story.line(
            "foreground",
            "record #\(payout.timeline.arrivalSequence.map(String.init) ?? "-")"
                + (options.servers.isEmpty ? ", no NTP servers asked" : ""))
        if let arrival = payout.timeline.arrival { story.line("", Story.describe(arrival)) }
        totalPaid += tell(payout, options: options, story: story)
        story.line("gold", "\(totalPaid) paid this run")
    }

    /// The payout of a return, or `nil` (told) when its departure named a policy this build does not know.
    static func paid(_ call: () async throws(EarningsError) -> AwayPayout?, story: Story) async throws -> AwayPayout? {
        do {
            return try await call()
        } catch {
            guard error.code == .unknownPolicy else { throw error }
            story.line("reward", error.description)
            return nil
        }
    }

    /// Tells the verdict, the reward and the claim of one payout; returns the gold paid now.
    static func tell(_ payout: AwayPayout, options: Options, story: Story) -> Int64 {
        let verdict = payout.verdict
        var bounds = "proven ≥ \(Story.seconds(verdict.lowerNanoseconds))"
        if let upper = verdict.upperNanoseconds { bounds += ", ≤ \(Story.seconds(upper))" }
        story.line("verdict", "\(verdict.status.rawValue) by \(verdict.method.rawValue): credited \(verdict.creditedSeconds) s (\(bounds))")
        story.paragraph(payout.explanation)
        if payout.awaitingProof {
            story.line("", "the return crossed a reboot without network time: the rest waits for a later fix (settlement)")
        }
        let breakdown = payout.breakdown
        var summary = "\(breakdown.consideredSeconds) s at \(payout.timeline.goldPerHour) gold/h, efficiency \(breakdown.efficiencyPercent) %"
        for decision in breakdown.multipliers { summary += ", \(decision.name) \(decision.outcome.rawValue)" }
        story.line("reward", summary + (breakdown.belowMinimum ? " (below the \(breakdown.minimumAwaySeconds) s minimum)" : ""))
        story.line("", "total \(breakdown.totalGold), paid now \(breakdown.paidNow), escrowed \(breakdown.escrowed), forfeited \(breakdown.forfeited)")
        if options.details { story.paragraph(breakdown.renderedText, indent: false) }
        for pending in payout.pending {
            // Multipliers are the server's to grant (docs/reward-policy.md): this game has no server, so it never pays them.
            story.line("pending", "\(pending.name) +\(pending.gold) gold once the game's server grants it (this example has none)")
        }
        story.line(
            "claim",
            "recorded (\(payout.claim.paidGold) paid, \(payout.claim.escrowedGold) in escrow"
                + (payout.claim.pendingMultipliers.isEmpty ? "" : ", \(payout.claim.pendingMultipliers.joined(separator: ", ")) pending")
                + "), so a server can recompute it")
        return payout.goldNow
    }

    /// `path` made absolute against the working directory (the facade resolves relative names in its directory).
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
