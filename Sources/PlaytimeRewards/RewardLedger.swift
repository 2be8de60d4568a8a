internal import PlaytimeSystem

/// Pays gold under a rolling 24 h budget and holds escrow for provisional claims.
///
/// A value type: time is always a parameter, so it is deterministic and can be
/// saved (Codable) and replayed. Ledger time never goes backwards: an instant
/// earlier than the latest seen is treated as the latest, so setting the clock
/// back cannot reopen spent budget. In every half-open window of
/// `windowSeconds`, the gold granted never exceeds `dailyBudgetGold`.
package struct RewardLedger: Codable, Sendable, Equatable {
    /// The most gold paid in any window.
    package let dailyBudgetGold: Int64
    /// The budget window length in seconds (86 400 by default).
    package let windowSeconds: Int64
    /// How long an escrow entry stays settleable.
    package let escrowExpirySeconds: Int64
    /// Grants still inside the current window, oldest first.
    package private(set) var recentGrants: [LedgerGrant] = []
    /// Open escrow entries, oldest first.
    package private(set) var escrow: [EscrowEntry] = []
    /// The latest instant the ledger has seen.
    package private(set) var latestTime: Int64?
    /// The id the next escrow entry will get.
    package private(set) var nextEscrowID: UInt64 = 1

    /// Creates an empty ledger; negative or zero settings are clamped to sane minimums.
    package init(dailyBudgetGold: Int64, escrowExpirySeconds: Int64, windowSeconds: Int64 = 86_400) {
        self.dailyBudgetGold = max(0, dailyBudgetGold)
        self.escrowExpirySeconds = max(1, escrowExpirySeconds)
        self.windowSeconds = max(1, windowSeconds)
    }

    private enum CodingKeys: String, CodingKey {
        case dailyBudgetGold, windowSeconds, escrowExpirySeconds, recentGrants, escrow, latestTime, nextEscrowID
    }

    /// Decodes a saved ledger, clamping settings exactly as ``init(dailyBudgetGold:escrowExpirySeconds:windowSeconds:)`` does.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            dailyBudgetGold: try container.decode(Int64.self, forKey: .dailyBudgetGold),
            escrowExpirySeconds: try container.decode(Int64.self, forKey: .escrowExpirySeconds),
            windowSeconds: try container.decode(Int64.self, forKey: .windowSeconds))
        recentGrants = try container.decode([LedgerGrant].self, forKey: .recentGrants)
        escrow = try container.decode([EscrowEntry].self, forKey: .escrow)
        latestTime = try container.decodeIfPresent(Int64.self, forKey: .latestTime)
        nextEscrowID = try container.decode(UInt64.self, forKey: .nextEscrowID)
    }

    /// Creates an empty ledger with the budget and escrow expiry of `policy`.
    package init(policy: RewardPolicy) {
        self.init(dailyBudgetGold: policy.dailyBudgetGold, escrowExpirySeconds: policy.escrowExpirySeconds)
    }

    /// Gold that could still be granted at `time` without exceeding the budget.
    package func remainingBudget(at time: Int64) -> Int64 {
        let now = effectiveTime(time)
        let spent = recentGrants.reduce(Int64(0)) { sum, grant in
            Self.isInWindow(grant.at, endingAt: now, window: windowSeconds) ? Saturating.add(sum, max(0, grant.gold)) : sum
        }
        return max(0, Saturating.subtract(max(0, dailyBudgetGold), spent))
    }

    /// Pays up to `gold` at `time` and returns the amount actually granted.
    package mutating func grant(_ gold: Int64, at time: Int64) -> Int64 {
        let now = advance(to: time)
        let granted = min(max(0, gold), remainingBudget(at: now))
        if granted > 0 { recentGrants.append(LedgerGrant(at: now, gold: granted)) }
        return granted
    }

    /// Holds `gold` in escrow from `time`; returns the new entry, or `nil` for no gold.
    package mutating func addEscrow(_ gold: Int64, at time: Int64) -> EscrowEntry? {
        let now = advance(to: time)
        guard gold > 0 else { return nil }
        let entry = EscrowEntry(
            id: nextEscrowID, gold: gold, createdAt: now,
            expiresAt: Saturating.add(now, escrowExpirySeconds))
        nextEscrowID = nextEscrowID == .max ? .max : nextEscrowID + 1
        escrow.append(entry)
        return entry
    }

    /// Pays an escrow entry (proof arrived) up to the remaining budget.
    ///
    /// Whatever the budget cannot cover stays in the entry until it expires.
    package mutating func settle(id: UInt64, at time: Int64) throws(RewardLedgerError) -> EscrowSettlement {
        let now = advance(to: time)
        guard let index = escrow.firstIndex(where: { $0.id == id }) else { throw .unknownEntry(id: id) }
        let entry = escrow[index]
        if now >= entry.expiresAt {
            escrow.remove(at: index)
            throw .expired(entry)
        }
        let paid = grant(entry.gold, at: now)
        let left = entry.gold - paid
        if left > 0 {
            escrow[index].gold = left
        } else {
            escrow.remove(at: index)
        }
        return EscrowSettlement(entryID: id, paid: paid, stillEscrowed: max(0, left))
    }

    /// Removes and returns every entry that has expired at `time`.
    package mutating func expire(at time: Int64) -> [EscrowEntry] {
        let now = advance(to: time)
        let expired = escrow.filter { now >= $0.expiresAt }
        escrow.removeAll { now >= $0.expiresAt }
        return expired
    }

    /// Grants a breakdown's `paidNow` and escrows its `escrowed` gold at `time`.
    package mutating func record(_ breakdown: RewardBreakdown, at time: Int64) -> LedgerReceipt {
        let granted = grant(breakdown.paidNow, at: time)
        let entry = addEscrow(breakdown.escrowed, at: time)
        return LedgerReceipt(granted: granted, withheldByBudget: max(0, breakdown.paidNow) - granted, escrow: entry)
    }

    private func effectiveTime(_ time: Int64) -> Int64 {
        max(time, latestTime ?? time)
    }

    /// Moves ledger time forward (never back) and drops grants that left the window.
    private mutating func advance(to time: Int64) -> Int64 {
        let now = effectiveTime(time)
        latestTime = now
        let window = windowSeconds
        recentGrants.removeAll { !Self.isInWindow($0.at, endingAt: now, window: window) }
        return now
    }

    /// Whether an instant lies in the window `(now - windowSeconds, now]`.
    private static func isInWindow(_ instant: Int64, endingAt now: Int64, window: Int64) -> Bool {
        instant <= now && Saturating.subtract(now, instant) < window
    }
}
