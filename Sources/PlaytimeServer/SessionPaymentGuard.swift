internal import PlaytimeAudit
internal import PlaytimeCrypto
internal import PlaytimeTickets

/// One payment per (player, session) across both ways a server pays: a session paid by a redeemed ticket is
/// not paid again by an upload of the journal that recorded it, and an upload's session is not paid again by
/// a ticket for it. An upload's first payment of a session goes through the ticket replay guard under a
/// nonce of its own (derived from the journal and the session), so the guard's atomic (player, session) key
/// decides, as it does between two tickets (docs/tickets.md).
struct SessionPaymentGuard {
    let replayGuard: any ReplayGuard
    /// How long a paid (player, session) is remembered: the ticket lifetime plus the allowed skew, as tickets do.
    let memoryNanoseconds: Int64

    /// What of each payment of one upload may be paid now, in order: all of it, unless a ticket already paid
    /// that session (0). A top-up of a session an earlier upload of this journal paid is allowed (its own nonce
    /// is known). One call of the guard: one durable write per upload, not one per session (docs/fleet.md,
    /// "Limits and cost").
    func payable(_ payments: [SessionPayment], journalID: String, player: String, at now: Int64) throws(TicketStoreError) -> [Int64] {
        let until = now.addingReportingOverflow(memoryNanoseconds)
        let expiry = until.overflow ? Int64.max : until.partialValue
        let claims = payments.map { payment in
            ReplayClaim(
                nonce: Self.nonce(journalID: journalID, sessionID: payment.sessionID), expiresAt: expiry,
                session: SessionKey(player: player, session: payment.sessionID), sessionExpiresAt: expiry)
        }
        let decisions = try replayGuard.consume(claims, now: now)
        return zip(payments, decisions).map { payment, decision in
            switch decision {
            case .firstUse, .alreadyUsed: return payment.gold
            case .sessionAlreadyPaid, .expired: return 0
            }
        }
    }

    /// The first 16 bytes of SHA-256("playtime-upload", 0, journal id, 0, session id).
    static func nonce(journalID: String, sessionID: String) -> TicketNonce {
        let digest = SHA256.hash(Array("playtime-upload".utf8) + [0] + Array(journalID.utf8) + [0] + Array(sessionID.utf8))
        return TicketNonce(bytes: digest.prefix(16)) ?? TicketNonce(high: 0, low: 0)
    }
}
