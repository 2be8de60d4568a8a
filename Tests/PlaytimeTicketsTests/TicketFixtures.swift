import Foundation
import PlaytimeRewards
import PlaytimeTickets

/// Shared keys, instants and factories for the ticket tests. Time is always a value here.
enum TicketFixtures {
    /// 2026-11-29T00:00:00Z in Unix nanoseconds (the test-support ManualClock's default wall time).
    static let start: Int64 = 1_796_083_200_000_000_000
    /// One second in nanoseconds.
    static let second: Int64 = 1_000_000_000
    /// One hour in nanoseconds.
    static let hour: Int64 = 3600 * second

    /// A 32-byte secret 0x00…0x1f (the docs/tickets.md test vector key).
    static let secret: [UInt8] = Array(0..<32)
    /// The vector key, id "k2026".
    static let key = try! TicketKey(id: "k2026", secret: secret)
    /// A second key, for rotation.
    static let nextKey = try! TicketKey(id: "k2027", secret: Array(repeating: 0xa5, count: 32))

    /// An authority with the default policy and the given stores (fresh in-memory ones by default).
    static func authority(
        keys: TicketKeyRing? = nil,
        policy: RewardPolicy = .default,
        retained: [RewardPolicy] = [],
        rates: (any RateProvider)? = nil,
        grants: any MultiplierGrants = StaticMultiplierGrants(),
        replayGuard: any ReplayGuard = InMemoryReplayGuard(),
        budgetLedger: any BudgetLedger = InMemoryBudgetLedger()
    ) -> TicketAuthority {
        let ring = keys ?? (try! TicketKeyRing(current: key))
        return try! TicketAuthority(
            keys: ring, policy: policy, retainedPolicies: retained, rates: rates, multiplierGrants: grants,
            replayGuard: replayGuard, budgetLedger: budgetLedger)
    }

    /// A replay claim for `nonce` whose session is its own (`s-<nonce>` of player `p`), remembered as long
    /// as the nonce unless `sessionExpiresAt` says otherwise.
    static func claim(
        _ nonce: TicketNonce, expiresAt: Int64, player: String = "p", session: String? = nil,
        sessionExpiresAt: Int64? = nil
    ) -> ReplayClaim {
        ReplayClaim(
            nonce: nonce, expiresAt: expiresAt, session: SessionKey(player: player, session: session ?? "s-\(nonce)"),
            sessionExpiresAt: sessionExpiresAt ?? expiresAt)
    }

    /// A policy with a small daily budget and a flat curve, so budget arithmetic is easy to follow:
    /// 3600 gold/h at 100 % is one gold per second, up to 24 h, budget `budget` per rolling 24 h.
    static func budgetPolicy(budget: Int64) -> RewardPolicy {
        var policy = RewardPolicy.default
        policy.version = "budget-\(budget)"
        policy.goldPerHour = 3600
        policy.minimumAwaySeconds = 0
        policy.capSeconds = 86_400
        policy.tiers = [RewardTier(upToSeconds: nil, percent: 100)]
        policy.efficiencyPercent = 100
        policy.dailyBudgetGold = budget
        return policy
    }

    /// The bytes of the file at `path`.
    static func contents(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path) ?? Data())
    }

    /// Appends raw bytes to the file at `path`, as a crashed writer might have left them.
    static func appendRaw(_ bytes: [UInt8], to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(bytes))
        handle.closeFile()
    }
}
