/// One redemption as a ``ReplayGuard`` sees it: the ticket's nonce and the (player, session) it pays,
/// each with the instant until which it must be remembered.
package struct ReplayClaim: Sendable, Hashable {
    /// The ticket's single-use nonce.
    package var nonce: TicketNonce
    /// The ticket's expiry (Unix nanoseconds): the nonce is remembered until then.
    package var expiresAt: Int64
    /// The (player, session) the ticket pays, compared byte for byte.
    package var session: SessionKey
    /// Until when the (player, session) key is remembered (Unix nanoseconds): an instant after which no
    /// ticket issued before this redemption can still be redeemable (``TicketAuthority`` uses
    /// now + lifetime + allowed skew).
    package var sessionExpiresAt: Int64

    /// Creates a claim.
    package init(nonce: TicketNonce, expiresAt: Int64, session: SessionKey, sessionExpiresAt: Int64) {
        self.nonce = nonce
        self.expiresAt = expiresAt
        self.session = session
        self.sessionExpiresAt = sessionExpiresAt
    }
}
