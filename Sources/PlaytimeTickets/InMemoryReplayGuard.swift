internal import PlaytimeSystem

/// A replay guard held in memory: fast, thread-safe, forgotten when the process ends.
///
/// Records each claim's nonce and (player, session) key together under one lock (see ``ReplayGuard``).
/// Use it for tests or for a single process whose restart also invalidates outstanding tickets
/// (for example by rotating the signing key). Expired nonces are collected automatically when the
/// table has doubled since the last collection (and holds at least `collectionThreshold`), or on
/// ``removeExpired(now:)``.
package final class InMemoryReplayGuard: ReplayGuard {
    private struct State: Sendable {
        var table = ReplayTable()
        var liveAfterCollection = 0
    }

    private let state = ThreadLock(State())
    /// The table size below which no automatic collection runs.
    package let collectionThreshold: Int

    /// Creates an empty guard.
    package init(collectionThreshold: Int = 1024) {
        self.collectionThreshold = max(1, collectionThreshold)
    }

    /// Records `claim` if its nonce and session key are new and it is unexpired; atomic under concurrent calls.
    package func consume(_ claim: ReplayClaim, now: Int64) throws(TicketStoreError) -> ReplayDecision {
        state.withLock { state in Self.consume(claim, now: now, in: &state, threshold: collectionThreshold) }
    }

    /// Every claim in order under one lock.
    package func consume(_ claims: [ReplayClaim], now: Int64) throws(TicketStoreError) -> [ReplayDecision] {
        state.withLock { state in claims.map { Self.consume($0, now: now, in: &state, threshold: collectionThreshold) } }
    }

    private static func consume(_ claim: ReplayClaim, now: Int64, in state: inout State, threshold: Int) -> ReplayDecision {
        let session = claim.session.digest
        let decision = state.table.decide(claim, session: session, now: now)
        guard decision == .firstUse else { return decision }
        state.table.insert(
            nonce: claim.nonce,
            ReplayEntry(
                expiresAt: claim.expiresAt, session: session,
                sessionExpiresAt: claim.sessionExpiresAt))
        if state.table.entries.count >= max(threshold, 2 * state.liveAfterCollection) {
            state.table.collect(now: now)
            state.liveAfterCollection = state.table.entries.count
        }
        return .firstUse
    }

    /// Forgets every nonce and session key that expires at or before `now`; returns how many were removed.
    @discardableResult
    package func removeExpired(now: Int64) -> Int {
        state.withLock { state in
            let removed = state.table.collect(now: now)
            state.liveAfterCollection = state.table.entries.count
            return removed
        }
    }

    /// The number of consumed claims currently remembered.
    package var count: Int { state.withLock { $0.table.entries.count } }

    /// The instant up to which expired nonces have been collected (`Int64.min` before any collection).
    package var horizon: Int64 { state.withLock { $0.table.horizon } }
}
