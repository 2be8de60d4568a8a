/// The set of consumed nonces with their expiries, and the instant garbage collection has reached.
///
/// Shared bookkeeping of ``InMemoryReplayGuard`` and ``FileReplayGuard``; not thread-safe by itself.
struct ReplayTable: Sendable {
    /// Consumed nonces and their `expiresAt`.
    var entries: [TicketNonce: Int64] = [:]
    /// Every nonce whose expiry is at or before this instant may have been forgotten.
    var horizon: Int64 = .min

    /// The decision for `nonce` without recording anything.
    func decide(nonce: TicketNonce, expiresAt: Int64, now: Int64) -> ReplayDecision {
        if expiresAt <= now || expiresAt <= horizon { return .expired }
        return entries[nonce] == nil ? .firstUse : .alreadyUsed
    }

    /// Forgets nonces that expire at or before `now` and moves the horizon there; returns how many went.
    @discardableResult
    mutating func collect(now: Int64) -> Int {
        let newHorizon = max(horizon, now)
        let before = entries.count
        entries = entries.filter { $0.value > newHorizon }
        horizon = newHorizon
        return before - entries.count
    }
}
