/// What a ``ReplayGuard`` says about one nonce.
public enum ReplayDecision: Sendable, Equatable {
    /// First use: the nonce is now recorded (durably, for a durable guard) and the ticket may be paid.
    case firstUse
    /// The nonce was used before: refuse.
    case alreadyUsed
    /// The nonce's expiry is not after `now`, or not after an instant the guard has already
    /// garbage-collected up to, so the guard can no longer tell whether it was used: refuse.
    case expired
}
