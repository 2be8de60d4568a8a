// A game server's use of the server product, importing only PlaytimeServer (the positive control of
// Tests/PlaytimeSurfaceTests/DependentPackageTests.swift and scripts/dependent-package.sh): the server quick
// start of docs/facades.md must resolve, with every public declaration a game server writes (docs/public-api.md).
import Foundation
import PlaytimeServer

/// Issues a ticket, redeems it once, accepts an upload: what the player is credited.
func serveOnePlayer(store: String, secret: [UInt8], sessionID: String, journalBytes: [UInt8], policyJSON: Data) async throws -> Int64 {
    var configuration = ServerConfiguration()
    configuration.retainedPolicies = [.default]
    configuration.policyRetirements = ["default-1": 1_900_000_000]
    configuration.roughtimeKeys = [Ed25519PublicKey(base64: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")].compactMap { $0 }
    configuration.ticketLifetimeSeconds = 86_400
    configuration.ticketKeyID = "k2"
    configuration.retryDeadlineMilliseconds = 10_000
    configuration.maximumConnections = 8
    let policy = try JSONDecoder().decode(RewardPolicy.self, from: policyJSON)
    let server = try await EarningsServer(store: store, ticketSecret: secret, policy: policy, configuration: configuration)
    let ticket: DepartureTicket = try await server.issueTicket(player: "p42", session: sessionID)
    try await server.grant("ad", player: "p42", session: sessionID)  // the ad network confirmed the ad
    let paid: TicketPayout = try await server.redeem(ticket.text, player: "p42")
    let headline: PlayerMessage = paid.message
    _ = (headline.key, headline.values, headline.text, paid.messages, paid.elapsedSeconds, paid.withheldByBudget, paid.isRepeat)
    let upload: UploadPayout = try await server.acceptUpload(journalBytes, player: "p42")
    _ = (upload.payableGold, upload.withheldByBudget, upload.isRepeat, upload.isClean, upload.message, upload.messages)
    if let collected: FleetCollection = try await server.collectExpired() { print(collected.description) }
    return paid.gold + upload.paidGold
}

/// Enrolls a device, anchors its journal at a head it reported, and accepts an enrolled journal's upload.
func anchorOnePlayer(server: EarningsServer, request: String, journalBytes: [UInt8]) async throws -> (String, String, UploadPayout) {
    let enrollment: Enrollment = try await server.enroll(player: "p42")
    let anchor: String = try await server.anchor(request, player: "p42")
    return (enrollment.text, anchor, try await server.acceptUpload(journalBytes, player: "p42"))
}

/// What an error tells the server's log, and whether the client should retry.
func classify(_ error: ServerError) -> (String, Bool) {
    switch error.code {
    case .store: return (error.description, true)
    case .setup, .ticket, .upload, .anchor, .grant: return ("\(error.code.rawValue): \(error.description)", false)
    default: return (error.description, false)
    }
}
