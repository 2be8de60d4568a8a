import Foundation
import PlaytimeGuard
import PlaytimeHTTP
import PlaytimeSystem

/// `game-client`'s story: the library's `OfflineEarnings` anchored on the service's clock (docs/anchors.md). Enrolls
/// once (kept in `DIR/enrollment.txt`), then records an anchor at each contact — launch, the departure, the return,
/// the upload — before going on.
struct AnchoredStory {
    let service: ServiceClient
    let player: String
    let earnings: OfflineEarnings

    /// Opens (enrolling on first use) the game's earnings in `directory`.
    init(service: ServiceClient, player: String, directory: String) throws {
        self.service = service
        self.player = player
        let saved = directory + "/enrollment.txt"
        let text: String
        var policyVersion: String?
        if let data = FileManager.default.contents(atPath: saved) {
            text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            GameClient.line("enrolled", "before (kept in \(saved))")
        } else {
            let enrolled = try service.enroll(player: player)
            text = enrolled.enrollment
            policyVersion = enrolled.policy
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: saved, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw GameClient.Failure(description: "cannot keep the enrollment in \(saved)")
            }
            GameClient.line("enrolled", "journal \(enrolled.journal): its key comes from the service's secret, which keeps none")
        }
        guard let enrollment = Enrollment(text: text) else { throw GameClient.Failure(description: "the enrollment text is not a pe1 enrollment") }
        // The service's policy (its departures snapshot it); the demo knows two by version.
        var configuration = EarningsConfiguration(policy: [RewardPolicy.demo, .default].first { $0.version == policyVersion } ?? .demo)
        configuration.enrollment = enrollment
        // No NTP servers: the service's anchors are this demo's only network time (loopback only).
        configuration.ntpServers = []
        earnings = try OfflineEarnings(directory: directory, configuration: configuration)
    }

    /// Asks for an anchor at the journal's head and records it; returns what it settled, in gold.
    @discardableResult
    func anchor(_ contact: String) throws -> Int64 {
        let request = earnings.anchorRequest()
        let answer = try service.anchor(player: player, request: request.text)
        let settled = try earnings.recordAnchor(answer.anchor, for: request).reduce(0) { $0 + $1.goldNow }
        GameClient.line(
            "anchor",
            "\(contact): the service's time recorded after record \(request.headSequence)"
                + (settled > 0 ? ", settling \(settled) gold" : ""))
        return settled
    }

    /// Launch, leave with a ticket, come back after `wait`, redeem (twice: the retry repeats), upload the journal.
    func run(session: String, wait: Int64) async throws {
        if let payout = try await earnings.launch() { GameClient.line("launch", "an earlier departure paid \(payout.goldNow) gold") }
        try anchor("launch")
        let issued = try service.issueTicket(player: player, session: session)
        try anchor("ticket")
        try earnings.background(goldPerHour: earnings.configuration.policy.goldPerHour)
        GameClient.line("away", "\(Double(wait) / 1e9) s")
        try await Task.sleep(nanoseconds: UInt64(max(0, wait)))
        if let payout = try await earnings.foreground() {
            GameClient.line("returned", "the game shows \(payout.goldNow) gold now (\(payout.verdict.creditedSeconds) s credited)")
        }
        try anchor("return")
        let paid = try service.redeem(player: player, ticket: issued.ticket)
        GameClient.line("redeemed", "\(paid.redemption?.elapsedSeconds ?? 0) s by the service's clock: \(paid.gold) gold (payment \(paid.id))")
        let again = try service.redeem(player: player, ticket: issued.ticket)
        guard again.repeated, again.id == paid.id, again.gold == paid.gold else {
            throw GameClient.Failure(description: "the retried redemption was not the first payment repeated")
        }
        GameClient.line("retried", "the same redemption again: payment \(again.id) repeated, nothing more paid")
        let uploaded = try upload()
        GameClient.line(
            "uploaded",
            "\(uploaded.upload?.sessions ?? 0) session(s), \(uploaded.gold) gold more: with the ticket's, at most the "
                + "service time from the ticket to its redemption is paid, never an hour twice (" + Self.findings(uploaded) + ")")
        try anchor("upload")
    }

    /// `--ad`: the player plays offline (no ticket), comes back after `wait` and watched an ad. The game shows the
    /// gold it pays and the ad's gold as pending; the ad network's callback (grantMultiplier, which the demo sends in
    /// its place) records the grant; the upload pays both. Fails unless the service paid exactly what the game showed
    /// plus the pending gold.
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
            try service.grant(player: player, session: payout.sessionID, multiplier: pending.name, adNetworkSecret: adNetworkSecret)
            GameClient.line("granted", "\(pending.name) for session \(payout.sessionID) (standing in for the ad network's callback)")
        }
        let uploaded = try upload()
        let shown = payout.goldNow + payout.goldPendingGrant
        GameClient.line(
            "uploaded",
            "the service paid \(uploaded.gold) gold: the \(payout.goldNow) the game showed and the "
                + "\(payout.goldPendingGrant) its ad added (" + Self.findings(uploaded) + ")")
        guard uploaded.gold == shown else {
            throw GameClient.Failure(
                description: "the service paid \(uploaded.gold) gold, the game showed \(payout.goldNow) + \(payout.goldPendingGrant) pending")
        }
        try anchor("upload")
    }

    private func upload() throws -> ServiceClient.Payment {
        guard let bytes = FileManager.default.contents(atPath: earnings.journalPath) else {
            throw GameClient.Failure(description: "cannot read \(earnings.journalPath)")
        }
        let uploaded = try service.upload(player: player, journal: Array(bytes))
        for finding in uploaded.findings { GameClient.line("", "\(finding.kind): \(finding.detail)") }
        return uploaded
    }

    private static func findings(_ payment: ServiceClient.Payment) -> String {
        payment.findings.isEmpty ? "clean" : "\(payment.findings.count) finding(s)"
    }
}
