import ExampleSupport
import Foundation
import PlaytimeGuard
import PlaytimeSystem

/// `game-client --earnings DIR`: the whole offline-earnings story with the library, anchored on the server's
/// clock (docs/anchors.md). Enrolls once (`POST /enroll`, kept in `DIR/enrollment.json`), then asks the
/// server for an anchor (`POST /anchor`) at each contact — launch, the ticket, the return, the upload — and
/// records it in the journal before going on.
struct AnchoredStory {
    let server: SocketAddress
    let player: String
    let earnings: OfflineEarnings

    /// Opens (enrolling on first use) the game's earnings in `directory`.
    init(server: SocketAddress, player: String, directory: String) throws {
        self.server = server
        self.player = player
        let saved = directory + "/enrollment.json"
        let enrollment: EnrollResponse
        if let data = FileManager.default.contents(atPath: saved) {
            enrollment = try JSONDecoder().decode(EnrollResponse.self, from: data)
            GameClient.line("enrolled", "journal \(enrollment.journal) (kept in \(saved))")
        } else {
            enrollment = try GameClient.call(server, "/enroll", EnrollRequest(player: player), expect: 200)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try JSONEncoder().encode(enrollment).write(to: URL(fileURLWithPath: saved))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: saved)
            GameClient.line("enrolled", "journal \(enrollment.journal): its key comes from the server's secret, the server keeps none")
        }
        guard let key = HexText.decode(enrollment.key) else { throw GameClient.Failure(description: "the enrollment's key is not hex") }
        // The server's policy (its departures snapshot it); the examples know two by version.
        var configuration = EarningsConfiguration(policy: [RewardPolicy.demo, .default].first { $0.version == enrollment.policy } ?? .default)
        configuration.enrollment = Enrollment(journalID: enrollment.journal, key: key, anchor: enrollment.anchor)
        // No NTP servers: the server's anchors are this example's only network time (loopback only).
        configuration.ntpServers = []
        earnings = try OfflineEarnings(directory: directory, configuration: configuration)
    }

    /// Asks for an anchor at the journal's head and records it; returns what it settled, in gold.
    @discardableResult
    func anchor(_ contact: String) throws -> Int64 {
        let request = earnings.anchorRequest()
        let answer: AnchorResponse = try GameClient.call(server, "/anchor", AnchorRequestBody(player: player, journal: request.journalID,
                                                                                            seq: request.headSequence, mac: request.headMAC),
                                                         expect: 200)
        let settled = try earnings.recordAnchor(answer.anchor, for: request).reduce(0) { $0 + $1.goldNow }
        GameClient.line("anchor", "\(contact): the server's time recorded after record \(request.headSequence)"
                        + (settled > 0 ? ", settling \(settled) gold" : ""))
        return settled
    }

    /// Launch, leave with a ticket, come back after `wait`, redeem, upload the journal.
    func run(session: String, wait: Int64) async throws {
        if let payout = try await earnings.launch() { GameClient.line("launch", "an earlier departure paid \(payout.goldNow) gold") }
        try anchor("launch")
        let issued: TicketResponse = try GameClient.call(server, "/tickets", TicketRequest(player: player, session: session), expect: 200)
        try anchor("ticket")
        try earnings.background(goldPerHour: earnings.configuration.policy.goldPerHour)
        GameClient.line("away", "\(Double(wait) / 1e9) s")
        try await Task.sleep(nanoseconds: UInt64(max(0, wait)))
        if let payout = try await earnings.foreground() {
            GameClient.line("returned", "the game shows \(payout.goldNow) gold now (\(payout.verdict.creditedSeconds) s credited)")
        }
        try anchor("return")
        let paid: RedeemResponse = try GameClient.call(server, "/redeem", RedeemRequest(player: player, ticket: issued.ticket), expect: 200)
        GameClient.line("redeemed", "\(paid.elapsedSeconds) s by the server's clock: \(paid.gold) gold")
        guard let bytes = FileManager.default.contents(atPath: earnings.journalPath) else {
            throw GameClient.Failure(description: "cannot read \(earnings.journalPath)")
        }
        let (status, body) = try GameClient.send(server, "/audit", Array(bytes), headers: ["X-Player": player])
        guard status == 200, let summary = try? JSONDecoder().decode(AuditResponse.self, from: Data(body)) else {
            throw GameClient.Failure(description: "the audit answered \(status) \(String(decoding: body, as: UTF8.self))")
        }
        GameClient.line("uploaded", "\(summary.sessions) session(s), \(summary.paidGold) gold paid for it: the ticket already holds those hours "
                        + "of the server's clock, and no hour is paid twice (" + (summary.clean ? "clean)" : "\(summary.findings.count) finding(s))"))
        for finding in summary.findings { GameClient.line("", finding) }
        try anchor("upload")
    }

    /// `--ad`: the player plays offline (no ticket), comes back after `wait` and watched an ad. The game shows the
    /// gold it pays and the ad's gold as pending; the ad network's callback (`POST /grant`, which the example sends
    /// in its place) records the grant; the upload pays both. Fails unless the server paid exactly what the game
    /// showed plus the pending gold.
    func runWithAd(wait: Int64, adNetworkSecret: String) async throws {
        if let payout = try await earnings.launch() { GameClient.line("launch", "an earlier departure paid \(payout.goldNow) gold") }
        try anchor("launch")
        try earnings.background(goldPerHour: earnings.configuration.policy.goldPerHour)
        GameClient.line("away", "\(Double(wait) / 1e9) s, offline (no ticket)")
        try await Task.sleep(nanoseconds: UInt64(max(0, wait)))
        guard let payout = try await earnings.foreground(multipliers: ["ad"]) else {
            throw GameClient.Failure(description: "the return paid nothing: no session was open")
        }
        for message in payout.messages { GameClient.line("shown", message.text) }
        try anchor("return")
        for pending in payout.pending {
            let request = GrantRequest(player: player, session: payout.sessionID, multiplier: pending.name)
            let (status, body) = try GameClient.send(server, "/grant", try JSONEncoder().encode(request).map { $0 },
                                                     headers: ["X-Ad-Network-Secret": adNetworkSecret])
            guard status == 200 else { throw GameClient.Failure(description: "POST /grant answered \(status) \(String(decoding: body, as: UTF8.self))") }
            GameClient.line("granted", "\(pending.name) for session \(payout.sessionID) (standing in for the ad network's callback)")
        }
        guard let bytes = FileManager.default.contents(atPath: earnings.journalPath) else {
            throw GameClient.Failure(description: "cannot read \(earnings.journalPath)")
        }
        let (status, body) = try GameClient.send(server, "/audit", Array(bytes), headers: ["X-Player": player])
        guard status == 200, let summary = try? JSONDecoder().decode(AuditResponse.self, from: Data(body)) else {
            throw GameClient.Failure(description: "the audit answered \(status) \(String(decoding: body, as: UTF8.self))")
        }
        let shown = payout.goldNow + payout.goldPendingGrant
        GameClient.line("uploaded", "the server paid \(summary.paidGold) gold: the \(payout.goldNow) the game showed and the "
                        + "\(payout.goldPendingGrant) its ad added (" + (summary.clean ? "clean)" : "\(summary.findings.count) finding(s))"))
        for finding in summary.findings { GameClient.line("", finding) }
        guard summary.paidGold == shown else {
            throw GameClient.Failure(description: "the server paid \(summary.paidGold) gold, the game showed \(payout.goldNow) + \(payout.goldPendingGrant) pending")
        }
        try anchor("upload")
    }
}
