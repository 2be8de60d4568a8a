/// Each player's rolling 24 h budget of redeemed gold, on the server's clock.
///
/// Contract for conforming types (a SQL implementation: lock the player's row with `SELECT … FOR UPDATE`,
/// sum the grants of the window, insert the capped grant, commit; docs/fleet.md):
/// - `grant` grants `min(max(0, gold), max(0, limit − spent))`, where `spent` is what the same player
///   (compared byte for byte) was granted in the window `(t − 24 h, t]` and `t = max(now, the latest
///   instant the ledger has seen)`: ledger time never goes back, so setting the clock back cannot reopen
///   spent budget. Consequently in every 24 h window a player is granted at most the budget (the
///   smallest `limit` used in that window, if it changed);
/// - it is atomic: concurrent grants for one player never together exceed the budget;
/// - a durable ledger records the grant on stable storage before it returns;
/// - grants older than 24 h may be forgotten;
/// - a thrown error means the caller must not pay (whether or not anything was recorded).
package protocol BudgetLedger: Sendable {
    /// Grants up to `gold` to `player` at `now` (Unix nanoseconds) under a budget of `limit` gold per
    /// rolling 24 h, records it, and reports what was granted.
    func grant(_ gold: Int64, to player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> BudgetGrant
    /// Gold `player` could still be granted at `now` under `limit`, by the same rule as ``grant(_:to:limit:at:)`` and
    /// without recording anything (a read: another grant may take it meanwhile). What the support console shows as
    /// the day's budget used is `limit` less this.
    func remaining(for player: PlayerKey, limit: Int64, at now: Int64) throws(TicketStoreError) -> Int64
}
