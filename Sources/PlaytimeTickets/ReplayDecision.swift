/// What a ``ReplayGuard`` says about one ``ReplayClaim``.
package enum ReplayDecision: Sendable, Equatable {
    /// First use: the nonce and the (player, session) key are now recorded (durably, for a durable guard),
    /// together, and the ticket may be paid.
    case firstUse
    /// The nonce was used before: refuse.
    case alreadyUsed
    /// Another ticket of the same (player, session) was paid before: refuse (one payment per session).
    case sessionAlreadyPaid
    /// The nonce's expiry is not after `now`, or not after an instant the guard has already
    /// garbage-collected up to, so the guard can no longer tell whether it was used: refuse.
    case expired
}
