/// What one consumed claim leaves behind: the nonce's expiry and the session key with its own expiry.
struct ReplayEntry: Sendable, Equatable {
    /// The nonce is remembered until this instant.
    var expiresAt: Int64
    /// The (player, session) digest, or ``StoreDigest/zero`` for none (records migrated from format v1).
    var session: StoreDigest
    /// The session key is remembered until this instant (`Int64.min` for none).
    var sessionExpiresAt: Int64

    /// Whether anything of the entry must be kept past `horizon`.
    func isLive(after horizon: Int64) -> Bool { expiresAt > horizon || sessionExpiresAt > horizon }
}

/// The consumed nonces and session keys with their expiries, and the instant garbage collection has reached.
///
/// Shared bookkeeping of ``InMemoryReplayGuard`` and ``FileReplayGuard``; not thread-safe by itself.
struct ReplayTable: Sendable {
    /// Consumed nonces and what they recorded.
    var entries: [TicketNonce: ReplayEntry] = [:]
    /// Paid session keys and until when they are remembered.
    var sessions: [StoreDigest: Int64] = [:]
    /// Every key whose expiry is at or before this instant may have been forgotten.
    var horizon: Int64 = .min

    /// The decision for `claim` (whose session digest is `session`) without recording anything.
    func decide(_ claim: ReplayClaim, session: StoreDigest, now: Int64) -> ReplayDecision {
        if claim.expiresAt <= now || claim.expiresAt <= horizon { return .expired }
        if entries[claim.nonce] != nil { return .alreadyUsed }
        if let until = sessions[session], until > horizon { return .sessionAlreadyPaid }
        return .firstUse
    }

    /// Records one entry (from a claim or a file record), keeping the later expiry of any duplicate.
    mutating func insert(nonce: TicketNonce, _ entry: ReplayEntry) {
        if entry.isLive(after: horizon) {
            var merged = entry
            if let old = entries[nonce] {
                merged.expiresAt = max(old.expiresAt, entry.expiresAt)
                if old.sessionExpiresAt > entry.sessionExpiresAt {
                    merged.session = old.session
                    merged.sessionExpiresAt = old.sessionExpiresAt
                }
            }
            entries[nonce] = merged
        }
        if entry.sessionExpiresAt > horizon, entry.session != .zero {
            sessions[entry.session] = max(entry.sessionExpiresAt, sessions[entry.session] ?? .min)
        }
    }

    /// Forgets keys that expire at or before `now` and moves the horizon there; returns how many entries went.
    @discardableResult
    mutating func collect(now: Int64) -> Int {
        let newHorizon = max(horizon, now)
        let before = entries.count
        entries = entries.filter { $0.value.isLive(after: newHorizon) }
        sessions = sessions.filter { $0.value > newHorizon }
        horizon = newHorizon
        return before - entries.count
    }
}
