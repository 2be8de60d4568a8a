/// Remembers which tickets have been redeemed — by nonce and by (player, session) — so that each ticket,
/// and each session of a player, pays at most once.
///
/// Contract for conforming types (a SQL implementation: one row per nonce and one per session key, both
/// inserted in one transaction with `ON CONFLICT DO NOTHING`; docs/fleet.md):
/// - `consume` reports ``ReplayDecision/firstUse`` at most once per nonce and at most once per
///   ``SessionKey`` over the guard's whole life, including after garbage collection and, for durable
///   guards, after restarts (a session key only until its `sessionExpiresAt`);
/// - it is atomic: the nonce and the session key are recorded together or not at all, and of any number
///   of concurrent calls sharing a nonce or a session key, at most one sees `firstUse`;
/// - a durable guard records both on stable storage before it returns `firstUse`;
/// - keys are compared byte for byte (never by Unicode equivalence);
/// - a key may be forgotten once its expiry is not after the instant the guard collected at (its
///   horizon); a claim whose `expiresAt` is at or before `now` or the horizon answers
///   ``ReplayDecision/expired``;
/// - a thrown error means the caller must not pay (whether or not anything was recorded).
package protocol ReplayGuard: Sendable {
    /// Records `claim` if its nonce and its session key are both new and it is unexpired at `now`
    /// (Unix nanoseconds), and says which it was.
    func consume(_ claim: ReplayClaim, now: Int64) throws(TicketStoreError) -> ReplayDecision

    /// ``consume(_:now:)`` for each of `claims` in order (a later claim sees the earlier ones), recorded
    /// together: one write and one `fsync` for a file, one transaction for a database — an upload's sessions
    /// cost one durable write, not one each (docs/fleet.md, "Limits and cost"). A thrown error means none
    /// may be paid. The default consumes them one by one.
    func consume(_ claims: [ReplayClaim], now: Int64) throws(TicketStoreError) -> [ReplayDecision]
}

extension ReplayGuard {
    /// One ``consume(_:now:)`` per claim.
    package func consume(_ claims: [ReplayClaim], now: Int64) throws(TicketStoreError) -> [ReplayDecision] {
        var decisions: [ReplayDecision] = []
        decisions.reserveCapacity(claims.count)
        for claim in claims { decisions.append(try consume(claim, now: now)) }
        return decisions
    }
}

/// A replay guard that can take a redemption's budget grant in the same transaction as its consume, and keeps
/// what each redemption paid under its nonce, so that a retry after a lost answer gets the original payment
/// (docs/fleet.md, "Exactly once"). ``TicketAuthority`` uses it when its ledger is one the guard grants with.
package protocol OneStepRedeeming: ReplayGuard {
    /// Whether `ledger` shares this guard's database, so one statement can consume and grant.
    func grantsWith(_ ledger: any BudgetLedger) -> Bool

    /// Consumes `claim`; on first use grants up to `gold` to its player under `limit` at `now` and records the
    /// payment, all in one transaction. A nonce used before whose payment was recorded answers that payment. The
    /// claim's nonce must be bound to its (player, session), as a ticket's MAC binds them: a redemption is keyed by
    /// the session, which carries the nonce.
    func redeem(_ claim: ReplayClaim, gold: Int64, limit: Int64, now: Int64) throws(TicketStoreError) -> OneStepRedemption
}

/// What ``OneStepRedeeming/redeem(_:gold:limit:now:)`` did.
package enum OneStepRedemption: Sendable, Equatable {
    /// First use: consumed, and `grant` was granted and recorded.
    case paid(BudgetGrant)
    /// The nonce was redeemed before, at `redeemedAt`, and paid `grant`: nothing was done now.
    case repeated(BudgetGrant, redeemedAt: Int64)
    /// Refused by the guard (``ReplayDecision/firstUse`` never appears here); nothing was granted.
    case refused(ReplayDecision)
}
