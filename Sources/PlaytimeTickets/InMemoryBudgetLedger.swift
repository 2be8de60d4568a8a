internal import PlaytimeSystem

/// A budget ledger held in memory: thread-safe, forgotten when the process ends (so a restart reopens every
/// budget). Use it for tests, or next to an ``InMemoryReplayGuard`` in a single process.
///
/// Grants older than 24 h are collected automatically once the ledger holds at least
/// `collectionThreshold` grants and twice as many as after the last collection.
package final class InMemoryBudgetLedger: BudgetLedger {
    private struct State: Sendable {
        var book = BudgetBook()
        var liveAfterCollection = 0
    }

    private let state = ThreadLock(State())
    /// The grant count below which no automatic collection runs.
    package let collectionThreshold: Int

    /// Creates an empty ledger.
    package init(collectionThreshold: Int = 1024) {
        self.collectionThreshold = max(1, collectionThreshold)
    }

    /// Grants up to `gold` under the rolling budget, atomically (see ``BudgetLedger``).
    package func grant(_ gold: Int64, to player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> BudgetGrant {
        let digest = player.digest
        return state.withLock { state in
            let grant = state.book.decide(gold, player: digest, limit: limit, at: now)
            state.book.record(digest, at: grant.at, gold: grant.granted)
            if state.book.count >= max(collectionThreshold, 2 * state.liveAfterCollection) {
                state.book.collect()
                state.liveAfterCollection = state.book.count
            }
            return grant
        }
    }

    /// Gold `player` could still be granted at `now` under `limit`.
    package func remaining(for player: PlayerKey, limit: Int64, at now: Int64) -> Int64 {
        state.withLock { $0.book.decide(.max, player: player.digest, limit: limit, at: now).granted }
    }

    /// Grants currently held (those of the last 24 h, and older ones not yet collected).
    package var grantCount: Int { state.withLock { $0.book.count } }
}
