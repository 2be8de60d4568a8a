internal import PlaytimeFleet
internal import PlaytimeTickets

/// A player's rolling 24 h budget as the ledger sees it now (the support console's budget bar).
package struct BudgetStanding: Sendable, Equatable, Encodable {
    /// The budget: gold per rolling 24 h, the server policy's.
    package var limitGold: Int64
    /// Gold granted to the player in the 24 h ending at ``at``.
    package var usedGold: Int64
    /// Gold the player can still be granted now.
    package var remainingGold: Int64
    /// The server's time of the reading (Unix nanoseconds).
    package var at: Int64
}

extension EarningsServer {
    /// The most payments ``payments(mentioningSession:limit:)`` returns.
    package static let maximumSessionMatches = 100

    /// `player`'s budget now, read from the budget ledger by its own rule (``BudgetLedger/remaining(for:limit:at:)``):
    /// nothing is recorded. Read-only.
    package func budgetStanding(player: String) throws(ServerError) -> BudgetStanding {
        let now = configuration.clock.read().wallNanoseconds
        let limit = max(0, audit.policy.dailyBudgetGold)
        let remaining: Int64
        do { remaining = try stores.budgetLedger.remaining(for: PlayerKey(player), limit: limit, at: now) } catch {
            throw .store("budget ledger: \(error)")
        }
        return BudgetStanding(limitGold: limit, usedGold: max(0, limit - remaining), remainingGold: remaining, at: now)
    }

    /// The payments of any player that judged or paid `session` (a session of an upload, or a ticket's), at most
    /// `limit` (1 to ``maximumSessionMatches``): a scan of the whole payment log. Read-only.
    package func payments(mentioningSession session: String, limit: Int) throws(ServerError) -> [PaymentRecord] {
        let size = min(max(1, limit), Self.maximumSessionMatches)
        // Every record writes a session id as the value of "session" (sessions[], redemption): look for that text, then
        // keep only the records that really hold it.
        let fragment = #""session":"# + PaymentJSON.text(session)
        let entries: [PaymentLogEntry]
        do { entries = try stores.paymentLog.entries(containing: fragment, limit: size) } catch { throw .store("\(error)") }
        var found: [PaymentRecord] = []
        for entry in entries {
            guard let record = PaymentJSON.decode(PaymentRecord.self, from: entry.record) else {
                throw .store("the payment log holds an unreadable record at position \(entry.position)")
            }
            if record.redemption?.session == session || record.sessions.contains(where: { $0.session == session }) { found.append(record) }
        }
        return found
    }
}
