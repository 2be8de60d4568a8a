import Foundation
import PlaytimeSystem
import PlaytimeTickets
import Testing

/// The rolling daily budget: arithmetic, clock steps, durability, sharing and concurrency.
@Suite("Budget ledger")
struct BudgetLedgerTests {
    typealias F = TicketFixtures
    static let day: Int64 = 86_400 * 1_000_000_000
    static let headerSize = 43
    static let recordSize = 99
    let p = PlayerKey("p")

    @Test("grants up to what remains in the last 24 h and reports the rest as withheld; the window rolls")
    func rolling() throws {
        let ledger = InMemoryBudgetLedger()
        #expect(try ledger.grant(600, to: p, limit: 1000, at: F.start) == BudgetGrant(requested: 600, granted: 600, limit: 1000, at: F.start))
        let second = try ledger.grant(600, to: p, limit: 1000, at: F.start + F.hour)
        #expect(second.granted == 400 && second.withheld == 200)
        #expect(try ledger.grant(5, to: p, limit: 1000, at: F.start + Self.day - 1).granted == 0)
        // 24 h after the first grant it leaves the window: its 600 are free again, the 400 are not.
        #expect(try ledger.grant(1000, to: p, limit: 1000, at: F.start + Self.day).granted == 600)
        #expect(try ledger.grant(-7, to: p, limit: 1000, at: F.start + Self.day).granted == 0)
        // Other players have their own budget.
        #expect(try ledger.grant(1000, to: PlayerKey("q"), limit: 1000, at: F.start + F.hour).granted == 1000)
    }

    @Test("setting the clock back cannot reopen spent budget")
    func clockBack() throws {
        let ledger = InMemoryBudgetLedger()
        _ = try ledger.grant(1000, to: p, limit: 1000, at: F.start + 3 * Self.day)
        let back = try ledger.grant(1000, to: p, limit: 1000, at: F.start)
        #expect(back.granted == 0)
        #expect(back.at == F.start + 3 * Self.day)
    }

    @Test("budget keys compare byte for byte: NFC and NFD café are two players")
    func unicodeKeys() throws {
        let ledger = InMemoryBudgetLedger()
        #expect(try ledger.grant(1000, to: PlayerKey("caf\u{E9}"), limit: 1000, at: F.start).granted == 1000)
        #expect(try ledger.grant(1000, to: PlayerKey("cafe\u{301}"), limit: 1000, at: F.start).granted == 1000)
        #expect(try ledger.grant(1, to: PlayerKey("caf\u{E9}"), limit: 1000, at: F.start).granted == 0)
    }

    @Test("the file ledger is durable: grants survive a restart, a torn tail is cut, the file is 0600")
    func fileRestart() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/budget"
            do {
                let ledger = try FileBudgetLedger(path: path)
                #expect(try ledger.grant(700, to: p, limit: 1000, at: F.start).granted == 700)
                #expect(try ledger.grant(0, to: p, limit: 1000, at: F.start).granted == 0)
            }
            #expect(F.contents(path).count == Self.headerSize + Self.recordSize)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
            F.appendRaw(Array("0123abcd".utf8), to: path)
            let reopened = try FileBudgetLedger(path: path)
            #expect(F.contents(path).count == Self.headerSize + Self.recordSize)
            #expect(try reopened.grant(1000, to: p, limit: 1000, at: F.start + F.hour).granted == 300)
            #expect(try reopened.remaining(for: p, limit: 1000, at: F.start + Self.day) == 700)
        }
    }

    @Test("an invalid record before the end or a foreign header is refused, never guessed")
    func fileCorrupt() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/budget"
            do {
                let ledger = try FileBudgetLedger(path: path)
                for index in 0..<3 { _ = try ledger.grant(1, to: PlayerKey("p\(index)"), limit: 10, at: F.start) }
            }
            var bytes = F.contents(path)
            bytes[Self.headerSize + 5] = UInt8(ascii: "x")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(throws: TicketStoreError.corrupt(path: path, offset: Int64(Self.headerSize), reason: "invalid record before the end of the file")) {
                try FileBudgetLedger(path: path)
            }
            try Data("playtime-budget v9 latest 8000000000000000\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: TicketStoreError.unsupportedVersion(path: path, header: "playtime-budget v9 latest 8000000000000000")) {
                try FileBudgetLedger(path: path)
            }
        }
    }

    @Test("compaction keeps only the last 24 h, stays bounded, and keeps ledger time across a restart")
    func fileCompaction() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/budget"
            let ledger = try FileBudgetLedger(path: path, compactionThreshold: 16)
            for index in 0..<500 {
                // One grant an hour: at most 24 in any window.
                #expect(try ledger.grant(1, to: p, limit: 1000, at: F.start + Int64(index) * F.hour).granted == 1)
            }
            #expect(ledger.recordCount <= 2 * 25)
            #expect(F.contents(path).count == Self.headerSize + ledger.recordCount * Self.recordSize)
            let last = F.start + 499 * F.hour
            let report = try ledger.compact(now: last)
            #expect(report.recordsAfter == 24)
            #expect(!FileManager.default.fileExists(atPath: path + ".compact"))
            let reopened = try FileBudgetLedger(path: path)
            #expect(try reopened.remaining(for: p, limit: 1000, at: last) == 1000 - 24)
            // The clock set back after the restart: ledger time is still `last`.
            #expect(try reopened.remaining(for: p, limit: 1000, at: F.start) == 1000 - 24)
        }
    }

    @Test("two file ledgers on one file (as two processes) share one budget")
    func fileShared() throws {
        try F.withTemporaryDirectory { directory in
            let path = directory + "/budget"
            let first = try FileBudgetLedger(path: path)
            let second = try FileBudgetLedger(path: path)
            #expect(try first.grant(600, to: p, limit: 1000, at: F.start).granted == 600)
            #expect(try second.grant(600, to: p, limit: 1000, at: F.start).granted == 400)
            _ = try first.compact(now: F.start + Self.day + 1)
            #expect(try second.grant(600, to: p, limit: 1000, at: F.start).granted == 600, "ledger time moved to the compaction's")
        }
    }

    @Test("32 concurrent redemptions of one player's 32 sessions through two file ledgers never exceed the budget")
    func concurrentBudget() async throws {
        try await F.withTemporaryDirectory { directory in
            let policy = F.budgetPolicy(budget: 10_000)
            let servers = try (0..<2).map { _ in
                F.authority(
                    policy: policy, replayGuard: try FileReplayGuard(path: directory + "/replay"),
                    budgetLedger: try FileBudgetLedger(path: directory + "/budget"))
            }
            // Each ticket is worth 1000 gold after 1000 s; 32 of them ask for 32 000.
            let texts = try (0..<32).map { index in
                try servers[0].issue(player: "p", session: "s\(index)", rate: 3600, at: F.start).encodedText()
            }
            let paid = ThreadLock(Int64(0))
            let withheld = ThreadLock(Int64(0))
            let outcomes = await ConcurrentRedemption.run(tasks: 32) { index throws(TicketError) in
                let redemption = try servers[index % 2].redeem(texts[index], player: "p", at: F.start + 1000 * F.second)
                paid.withLock { $0 += redemption.paidGold }
                withheld.withLock { $0 += redemption.withheldByBudget }
                return redemption
            }
            #expect(outcomes.paid == 32)
            #expect(paid.withLock { $0 } == 10_000)
            #expect(withheld.withLock { $0 } == 22_000)
            let after = try FileBudgetLedger(path: directory + "/budget")
            #expect(try after.remaining(for: p, limit: 10_000, at: F.start + 1000 * F.second) == 0)
        }
    }

    @Test("32 concurrent grants for one player in memory: exactly the budget is granted")
    func concurrentInMemory() async throws {
        let ledger = InMemoryBudgetLedger()
        let player = p
        let total = await withTaskGroup(of: Int64.self) { group in
            for _ in 0..<32 { group.addTask { (try? ledger.grant(700, to: player, limit: 5000, at: F.start).granted) ?? -1 } }
            var sum: Int64 = 0
            for await granted in group { sum += granted }
            return sum
        }
        #expect(total == 5000)
    }
}
