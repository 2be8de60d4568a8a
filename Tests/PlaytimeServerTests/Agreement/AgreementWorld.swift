import Foundation
import PlaytimeAudit
@_spi(Testing) import PlaytimeGuard
@_spi(Testing) import PlaytimeServer
import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting

/// One player's device (the real ``OfflineEarnings`` on a manual clock, scripted NTP and Roughtime) and the
/// game's server (the real ``EarningsServer`` on file stores, its clock true time), in a scratch directory.
/// It plays a ``Lifecycle`` and keeps what the game was shown and what the server paid, per session.
final class AgreementWorld {
    static let s: Int64 = 1_000_000_000
    static let player = "ann"
    static let secret = Array("the agreement property's server secret".utf8)
    /// The operator's Roughtime server (its key is trusted by the device and the server alike).
    static let responders = [FakeRoughtimeResponder(seed: (0..<32).map { UInt8(($0 * 7 + 3) & 0xff) }, radiusSeconds: 1)]

    /// The default policy with the daily budget out of the way: the property compares proofs, not budgets.
    static let policy: RewardPolicy = {
        var policy = RewardPolicy.default
        policy.dailyBudgetGold = 1_000_000_000_000
        return policy
    }()

    /// What the game was shown for one session.
    struct Shown: CustomStringConvertible {
        /// The sum of every ``AwayPayout/goldNow``.
        var gold: Int64 = 0
        /// The latest payout's escrow, status and cumulative claim.
        var escrow: Int64 = 0
        var status: ProofStatus = .provisional
        var claimed: Int64 = 0
        var payouts = 0
        /// The latest payout's gold pending the server's grant (``AwayPayout/goldPendingGrant``), and whether the
        /// server granted the ad (docs/reward-policy.md, "Multipliers are the server's").
        var pending: Int64 = 0
        var granted = false

        var description: String {
            "shown \(gold) (claim \(claimed)), escrow \(escrow), \(status) after \(payouts) payout(s)"
                + (pending > 0 ? ", +\(pending) pending (\(granted ? "granted" : "not granted"))" : "")
        }
    }

    let directory: String
    let clock = ManualClock()
    let network: ManualNetworkTimeSource
    let probe = ScriptedConnectivityProbe()
    let signed: ScriptedSignedTimeSource
    let truth: TrueTime
    let server: EarningsServer
    let enrollment: Enrollment
    let multipliers: Bool
    private(set) var game: OfflineEarnings?
    private var signedSeconds: UInt64
    private var boots = 0
    /// What the network source's wall-minus-network is set to (the player's wall moves, less a liar's offset).
    private var networkOffset: LifeStep.Network = .online(offsetSeconds: 0)

    /// The rate of the latest heartbeat or departure, and the seconds since the running app's latest
    /// heartbeat (or start): the game heartbeats in the foreground at least every 60 s, the interval rule 4 of
    /// docs/journal-format.md §10 takes off a departure recovered from a heartbeat.
    private var lastRate: Int64 = 600
    private var sinceHeartbeat: Int64 = 0
    /// Sessions whose ad was pending so far (every other one is granted).
    private var adsPending = 0

    /// The true time each journal record was written at, by sequence (index 0: the header): what a liar's session
    /// is bounded by (the reward of the true time between its departure and its return records).
    private(set) var recordTimes: [Int64] = []

    private(set) var shown: [String: Shown] = [:]
    private(set) var paid: [String: Int64] = [:]
    /// Every upload's findings, in order (kind and detail), and a trace of what happened, for a failure report.
    private(set) var findings: [AuditFinding] = []
    private(set) var trace: [String] = []

    /// A world in `directory` (the caller removes it).
    init(directory: String, multipliers: Bool) throws {
        self.directory = directory
        self.multipliers = multipliers
        network = ManualNetworkTimeSource(clock: clock)
        signedSeconds = UInt64(clock.read().wallNanoseconds / Self.s)
        signed = ScriptedSignedTimeSource(responders: Self.responders, nowSeconds: signedSeconds)
        truth = TrueTime(clock: clock)
        var configuration = ServerConfiguration()
        configuration.clock = truth
        configuration.roughtimeKeys = Self.responders.map(\.publicKey)
        server = try EarningsServer(store: directory + "/server", ticketSecret: Self.secret, policy: Self.policy, configuration: configuration)
        enrollment = try server.enroll(player: Self.player)
    }

    var journalPath: String { directory + "/game/journal.jsonl" }

    /// The running app, opened (and launched, as a cold start is) when the last one was killed.
    func device() throws -> OfflineEarnings {
        if let game { return game }
        var configuration = EarningsConfiguration(policy: Self.policy)
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = probe
        configuration.enrollment = enrollment
        configuration.signedTime = signed
        let opened = try OfflineEarnings(directory: directory + "/game", configuration: configuration)
        game = opened
        sinceHeartbeat = 0
        trace.append("  (app opened)")
        try take(try BlockingCall.run { try await opened.launch() }.map { [$0] } ?? [], "cold start")
        return opened
    }

    /// Plays one step.
    func play(_ step: LifeStep) throws {
        syncSignedTime()
        trace.append("\(step)")
        switch step {
        case .wait(let seconds):
            try pass(seconds)
        case .heartbeat(let rate):
            lastRate = rate
            try device().heartbeat(goldPerHour: rate)
            sinceHeartbeat = 0
        case .background(let rate, let stamp):
            lastRate = rate
            let game = try device()
            try game.background(goldPerHour: rate)
            if stamp { _ = try BlockingCall.run { await game.stampDeparture() } }
        case .foreground(let ad):
            let game = try device()
            let names = ad && multipliers ? ["ad"] : []
            try take(try BlockingCall.run { try await game.foreground(multipliers: names) }.map { [$0] } ?? [], "foreground")
        case .launch(let ad):
            let game = try device()
            let names = ad && multipliers ? ["ad"] : []
            try take(try BlockingCall.run { try await game.launch(multipliers: names) }.map { [$0] } ?? [], "launch")
        case .kill:
            game = nil
        case .reboot(let down, let up):
            game = nil
            boots += 1
            clock.reboot(newBootID: "boot-\(boots)", downtimeNanoseconds: down * Self.s, uptimeNanoseconds: up * Self.s)
        case .network(let state):
            setNetwork(state)
        case .signedTime(let answering):
            signed.setAnswering(answering)
        case .moveWall(let seconds):
            clock.setWall(byAdding: seconds * Self.s)
            truth.wallMoved(by: seconds * Self.s)
            network.wallMoved(by: seconds * Self.s)
        case .settle:
            try settle()
        case .anchor:
            let game = try device()
            let request = game.anchorRequest()
            clock.advance(nanoseconds: 20_000_000)
            let anchor = try server.anchor(
                player: Self.player, journalID: request.journalID, headSequence: request.headSequence,
                headMAC: request.headMAC)
            clock.advance(nanoseconds: 20_000_000)
            try take(try game.recordAnchor(anchor.text, for: request), "anchor")
        case .upload:
            try upload()
        }
        noteRecords()
    }

    /// Notes the true time of the records written since the last note (the clock stands still within a call).
    private func noteRecords() {
        // Only the bytes appended since the last note are read: a long wait heartbeats hundreds of times.
        guard let handle = FileHandle(forReadingAtPath: journalPath) else { return }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: journalBytesNoted)) != nil, let added = try? handle.readToEnd() else { return }
        journalBytesNoted += UInt64(added.count)
        let now = truth.now()
        for byte in added where byte == 0x0a { recordTimes.append(now) }
    }

    /// How much of the journal ``noteRecords()`` has read.
    private var journalBytesNoted: UInt64 = 0

    /// What an honest player is paid for the true time between `session`'s departure and return records (verified,
    /// at its judged rate, with the ad when the server granted it): the most a liar's session may be paid.
    func honestGold(for session: AuditedSession, granted: Bool) -> Int64? {
        guard var departure = session.departureSequence, let arrival = session.arrivalSequence,
            Int(arrival) < recordTimes.count, departure <= arrival
        else { return nil }
        // A departure recovered from a heartbeat is written at the cold start, after the kill: the player left no
        // earlier than the record before it (that heartbeat) was written.
        if session.verdict.flags.contains(where: { $0.kind == .departureFromHeartbeat }), departure > 1 { departure -= 1 }
        let away = (recordTimes[Int(arrival)] - recordTimes[Int(departure)]) / Self.s
        let claim = RewardClaim(
            creditedSeconds: max(0, away), status: .verified, goldPerHour: max(0, session.goldPerHour),
            requestedMultipliers: granted ? ["ad"] : [])
        return try? RewardCalculator(policy: Self.policy).calculate(claim).paidNow
    }

    /// The end of every lifecycle: the app running, settled, its journal uploaded.
    func finish() throws {
        syncSignedTime()
        trace.append("(end: settle and upload)")
        try upload()
    }

    /// True time passes: the running app in the foreground heartbeats every 60 s meanwhile (as a game does).
    private func pass(_ seconds: Int64) throws {
        var left = seconds
        while left > 0 {
            guard let game, game.openSessionID == nil else {
                clock.advance(nanoseconds: left * Self.s)
                return
            }
            let chunk = min(left, 60 - sinceHeartbeat)
            clock.advance(nanoseconds: chunk * Self.s)
            left -= chunk
            sinceHeartbeat += chunk
            if sinceHeartbeat >= 60 {
                syncSignedTime()
                try game.heartbeat(goldPerHour: lastRate)
                sinceHeartbeat = 0
                noteRecords()
            }
        }
    }

    /// ``OfflineEarnings/settle()`` on the running app.
    func settle() throws {
        let game = try device()
        try take(try BlockingCall.run { try await game.settle() }, "settle")
    }

    /// The device settles (a game uploads when it is online, after paying what the journal proves), then its
    /// journal goes to the server, judged on true time.
    func upload() throws {
        try settle()
        noteRecords()
        guard let bytes = FileManager.default.contents(atPath: journalPath) else { throw PropertyAssertion("no journal at \(journalPath)") }
        let result = try server.acceptUpload(Array(bytes), player: Self.player)
        // The same bytes again (nothing recorded since the last upload) answer the first upload's payment: a backend
        // credits a payment once, by its id, so a repeat adds nothing.
        if result.isRepeat {
            trace.append("  server: the same upload again, its payment repeated (nothing more paid)")
            return
        }
        findings += result.decision.findings
        try PropertyCheck.expect(
            result.paidGold == result.payableGold,
            "the daily budget held back \(result.withheldByBudget) gold (it is meant to be out of the way)")
        for payment in result.decision.payments {
            paid[payment.sessionID, default: 0] += payment.gold
            trace.append("  server paid \(payment.sessionID): +\(payment.gold) (total \(payment.totalPaid))")
            try PropertyCheck.expect(
                paid[payment.sessionID] == payment.totalPaid,
                "session \(payment.sessionID): the payments add up to \(paid[payment.sessionID] ?? 0), the server's total is \(payment.totalPaid)")
        }
        if !result.decision.findings.isEmpty {
            trace.append("  findings: " + result.decision.findings.map { "\($0.kind.rawValue) \($0.detail)" }.joined(separator: "; "))
        }
    }

    /// What the server's auditor judges of every session of the journal now (true time): the verdict, the gold
    /// it pays now and what it holds in escrow, per session (docs/journal-format.md §10, §10a).
    func serverJudgement() throws -> [String: AuditedSession] {
        var configuration = AuditConfiguration(serverNowNanoseconds: truth.now(), policy: Self.policy)
        configuration.roughtimeKeys = Self.responders.map(\.publicKey)
        configuration.withholdsImpossibleEvidence = true
        let key = try JournalKey(bytes: enrollment.key)
        let auditor = SessionAuditor(key: key, configuration: configuration, crossDeviceChecks: false, judgesConcurrently: false)
        var sessions: [String: AuditedSession] = [:]
        let file = try OpenFile(path: journalPath, options: [])
        _ = try auditor.audit(file: file, name: "journal") { sessions[$0.sessionID] = $0 }
        return sessions
    }

    // MARK: - Internals

    private func take(_ payouts: [AwayPayout], _ source: String) throws {
        for payout in payouts {
            var entry = shown[payout.sessionID] ?? Shown()
            entry.gold += payout.goldNow
            entry.escrow = payout.goldInEscrow
            entry.status = payout.verdict.status
            entry.claimed = payout.claim.paidGold
            entry.payouts += 1
            entry.pending = payout.goldPendingGrant
            if !payout.pendingMultipliers.isEmpty, !entry.granted {
                // Every other session with an ad pending gets the ad network's confirmation, so both ways are played.
                adsPending += 1
                if adsPending % 2 == 1 {
                    try server.grant("ad", player: Self.player, session: payout.sessionID)
                    entry.granted = true
                    trace.append("  the server granted the ad of \(payout.sessionID)")
                }
            }
            shown[payout.sessionID] = entry
            trace.append(
                "  \(source) showed \(payout.sessionID): +\(payout.goldNow), escrow \(payout.goldInEscrow), "
                    + "\(payout.verdict.status) \(payout.verdict.method) \(payout.verdict.creditedSeconds)s \(payout.verdict.flags.map(\.kind))")
        }
    }

    private func setNetwork(_ state: LifeStep.Network) {
        // The source answers the clock's wall minus (the player's wall moves + its own offset): undo the old
        // offset, apply the new one.
        func offset(_ state: LifeStep.Network) -> Int64 {
            switch state {
            case .online(let seconds), .spoof(let seconds): return seconds * Self.s
            case .offline: return 0
            }
        }
        network.wallMoved(by: offset(networkOffset) - offset(state))
        networkOffset = state
        network.set(state == .offline ? .offline : .answer)
    }

    /// The Roughtime servers' time follows true time (whole seconds).
    private func syncSignedTime() {
        let now = UInt64(truth.now() / Self.s)
        if now > signedSeconds {
            signed.advance(seconds: now - signedSeconds)
            signedSeconds = now
        }
    }
}

/// True time: the manual clock's wall less every move the player made. The server's clock.
final class TrueTime: ClockSource, @unchecked Sendable {
    private let clock: ManualClock
    private let lock = NSLock()
    private var moved: Int64 = 0

    init(clock: ManualClock) { self.clock = clock }

    /// Unix nanoseconds.
    func now() -> Int64 { clock.read().wallNanoseconds - lock.withLock { moved } }

    /// The server's clock: true time, on the device's boot clock (the server never waits in this world).
    func read() -> ClockReading {
        let device = clock.read()
        return ClockReading(wallNanoseconds: now(), bootNanoseconds: device.bootNanoseconds, bootID: nil)
    }

    /// The server never sleeps in this world; its pauses pass no true time.
    func sleep(nanoseconds: Int64) async {}

    /// The server never waits in this world.
    func pause(nanoseconds: Int64) {}

    /// The player moved the wall clock by `nanoseconds`.
    func wallMoved(by nanoseconds: Int64) { lock.withLock { moved += nanoseconds } }
}
