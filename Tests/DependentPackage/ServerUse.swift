// A game server's use of the server product, importing only PlaytimeServer (the positive control of
// Tests/PlaytimeSurfaceTests/DependentPackageTests.swift and scripts/dependent-package.sh): the server quick
// start of docs/facades.md must resolve.
import PlaytimeServer

/// Issues a ticket, redeems it once, accepts an upload: what the player is credited.
func serveOnePlayer(store: String, secret: [UInt8], sessionID: String, journalBytes: [UInt8], playerKey: JournalKey) throws -> Int64 {
    let server = try EarningsServer(store: store, ticketSecret: secret)
    let ticket = try server.issueTicket(player: "p42", session: sessionID).encodedText()
    try server.grant("ad", player: "p42", session: sessionID)          // the ad network confirmed the ad
    let paid = try server.redeem(ticket, player: "p42")
    let headline: PlayerMessage = paid.message
    _ = (headline.key, headline.values, headline.text)
    let upload = try server.acceptUpload(journalBytes, player: "p42", key: playerKey)
    let policy: RewardPolicy = server.policy
    _ = policy
    return paid.gold + upload.paidGold
}

/// Enrolls a device, anchors its journal at a head it reported, and accepts an enrolled journal's upload.
func anchorOnePlayer(server: EarningsServer, journalBytes: [UInt8]) throws -> (Enrollment, ServerAnchor, UploadPayout) {
    let enrollment = try server.enroll(player: "p42")
    let anchor = try server.anchor(player: "p42", journalID: enrollment.journalID, headSequence: 0, headMAC: "")
    return (enrollment, anchor, try server.acceptUpload(journalBytes, player: "p42"))
}
