internal import PlaytimeGuard

/// An `AwayPayout` as C receives it (docs/c.md, "Results and errors"): the facade's public figures and messages.
///
/// `pendingMultipliers` is a list in the order the game asked for them (a JSON object's order is not kept by
/// every parser); `messages` are docs/player-messages.md's, headline first.
struct PayoutJSON: Encodable {
    let sessionID: String
    let goldNow: Int64
    let goldInEscrow: Int64
    let goldPendingGrant: Int64
    let pendingMultipliers: [Pending]
    let messages: [PlayerMessage]
    let explanation: String

    /// One multiplier waiting for the server's grant and the gold it adds alone.
    struct Pending: Encodable {
        let name: String
        let gold: Int64
    }

    init(_ payout: AwayPayout) {
        sessionID = payout.sessionID
        goldNow = payout.goldNow
        goldInEscrow = payout.goldInEscrow
        goldPendingGrant = payout.goldPendingGrant
        pendingMultipliers = payout.pending.map { Pending(name: $0.name, gold: $0.gold) }
        messages = payout.messages
        explanation = payout.explanation
    }
}

/// The result of the calls that pay: `{"payouts": […]}` (empty when nothing was paid or open).
struct PayoutsJSON: Encodable {
    let payouts: [PayoutJSON]

    init(_ payouts: [AwayPayout]) { self.payouts = payouts.map(PayoutJSON.init) }

    /// The one payout of a return, or none (nothing was open).
    init(_ payout: AwayPayout?) { self.init(payout.map { [$0] } ?? []) }
}
