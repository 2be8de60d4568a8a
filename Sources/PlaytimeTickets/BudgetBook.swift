/// One grant still inside some player's window.
struct BudgetEntry: Sendable, Equatable {
    /// Ledger time of the grant, Unix nanoseconds.
    var at: Int64
    /// Gold granted (> 0).
    var gold: Int64
}

/// The rolling-window arithmetic shared by ``InMemoryBudgetLedger`` and ``FileBudgetLedger``: grants per
/// player (by digest of the exact bytes) and the latest instant seen. Not thread-safe by itself.
struct BudgetBook: Sendable {
    /// The window: 24 hours in nanoseconds.
    static let windowNanoseconds: Int64 = 86_400 * 1_000_000_000

    /// Grants per player, oldest first (ledger time only grows, so appending keeps the order).
    var grants: [StoreDigest: [BudgetEntry]] = [:]
    /// The latest ledger time seen (`Int64.min` before any).
    var latest: Int64 = .min
    /// Grants held in all.
    var count = 0

    /// Ledger time for a call at `now`: never earlier than an instant already seen.
    func effectiveTime(_ now: Int64) -> Int64 { max(now, latest) }

    /// Gold granted to `player` in `(time − 24 h, time]`.
    func spent(_ player: StoreDigest, at time: Int64) -> Int64 {
        (grants[player] ?? []).reduce(Int64(0)) { sum, entry in
            Self.isInWindow(entry.at, endingAt: time) ? Self.add(sum, entry.gold) : sum
        }
    }

    /// The grant a request would get now, without recording it.
    func decide(_ gold: Int64, player: StoreDigest, limit: Int64, at now: Int64) -> BudgetGrant {
        let time = effectiveTime(now)
        let requested = max(0, gold)
        let remaining = max(0, max(0, limit) - min(max(0, limit), spent(player, at: time)))
        return BudgetGrant(requested: requested, granted: min(requested, remaining), limit: max(0, limit), at: time)
    }

    /// Records a grant of `gold` at ledger time `at` (already effective) and advances the latest instant.
    mutating func record(_ player: StoreDigest, at: Int64, gold: Int64) {
        latest = max(latest, at)
        guard gold > 0 else { return }
        grants[player, default: []].append(BudgetEntry(at: at, gold: gold))
        count += 1
    }

    /// Forgets every grant that no window ending at or after the latest instant can contain.
    mutating func collect() {
        let now = latest
        var kept = 0
        grants = grants.compactMapValues { entries in
            let live = entries.filter { Self.isInWindow($0.at, endingAt: now) }
            kept += live.count
            return live.isEmpty ? nil : live
        }
        count = kept
    }

    /// Whether `instant` lies in `(end − 24 h, end]`.
    static func isInWindow(_ instant: Int64, endingAt end: Int64) -> Bool {
        guard instant <= end else { return false }
        let difference = end.subtractingReportingOverflow(instant)
        return !difference.overflow && difference.partialValue < windowNanoseconds
    }

    /// `a + b` for non-negative amounts, clamped at `Int64.max`.
    static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let sum = a.addingReportingOverflow(b)
        return sum.overflow ? .max : sum.partialValue
    }
}
