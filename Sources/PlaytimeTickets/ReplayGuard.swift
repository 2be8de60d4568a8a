/// Remembers which ticket nonces have been redeemed, so that each ticket pays at most once.
///
/// Contract for conforming types:
/// - `consume` reports ``ReplayDecision/firstUse`` at most once per nonce over the guard's whole
///   life, including after garbage collection and, for durable guards, after restarts;
/// - it is atomic: of any number of concurrent calls with one nonce, at most one sees `firstUse`;
/// - a durable guard records the nonce on stable storage before it returns `firstUse`;
/// - nonces may be forgotten once `expiresAt` is not after the time the guard collected at,
///   and consuming such a nonce afterwards answers ``ReplayDecision/expired``.
public protocol ReplayGuard: Sendable {
    /// Records `nonce` if it is new and unexpired at `now` (Unix nanoseconds) and says which it was.
    func consume(nonce: TicketNonce, expiresAt: Int64, now: Int64) throws(ReplayStoreError) -> ReplayDecision
}
