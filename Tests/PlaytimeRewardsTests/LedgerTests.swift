import Foundation
import PlaytimeRewards
import Testing

@Suite("Reward ledger")
struct LedgerTests {
    @Test("the rolling 24 h budget limits grants and frees up as grants age out")
    func rollingBudget() {
        var ledger = RewardLedger(dailyBudgetGold: 6000, escrowExpirySeconds: 100)
        #expect(ledger.grant(5000, at: 0) == 5000)
        #expect(ledger.grant(5000, at: 3600) == 1000)
        #expect(ledger.grant(10, at: 86_399) == 0)
        #expect(ledger.remainingBudget(at: 86_400) == 5000)  // the grant at 0 left the window
        #expect(ledger.grant(9000, at: 86_400) == 5000)
        #expect(ledger.grant(1, at: 89_999) == 0)  // 5000 at 86 400 + 1000 at 3600 still in the window
        #expect(ledger.grant(1, at: 90_000) == 1)  // the grant at 3600 just left it
        #expect(ledger.grant(-5, at: 200_000) == 0)
    }

    @Test("setting the clock back cannot reopen spent budget (threat 3)")
    func clockSetBack() {
        var ledger = RewardLedger(dailyBudgetGold: 1000, escrowExpirySeconds: 100)
        #expect(ledger.grant(1000, at: 1_000_000) == 1000)
        #expect(ledger.grant(1000, at: 0) == 0)
        #expect(ledger.grant(1000, at: -5_000_000) == 0)
        #expect(ledger.latestTime == 1_000_000)
    }

    @Test("escrow settles within the budget, keeps the rest, and expires")
    func escrow() throws {
        var ledger = RewardLedger(dailyBudgetGold: 1000, escrowExpirySeconds: 3600)
        let created = ledger.addEscrow(700, at: 0)
        let entry = try #require(created)
        #expect(entry.expiresAt == 3600)
        #expect(ledger.grant(500, at: 10) == 500)
        let partial = try ledger.settle(id: entry.id, at: 20)
        #expect(partial == EscrowSettlement(entryID: entry.id, paid: 500, stillEscrowed: 200))
        #expect(ledger.escrow.first?.gold == 200)
        #expect(throws: RewardLedgerError.expired(EscrowEntry(id: entry.id, gold: 200, createdAt: 0, expiresAt: 3600))) {
            try ledger.settle(id: entry.id, at: 3600)
        }
        #expect(throws: RewardLedgerError.unknownEntry(id: entry.id)) { try ledger.settle(id: entry.id, at: 3601) }
        #expect(ledger.addEscrow(0, at: 4000) == nil)
        let added = ledger.addEscrow(5, at: 4000)
        let second = try #require(added)
        #expect(ledger.expire(at: 4000 + 3599).isEmpty)
        #expect(ledger.expire(at: 4000 + 3600) == [second])
        #expect(ledger.escrow.isEmpty)
    }

    @Test("recording a provisional breakdown grants the paid share and escrows the rest")
    func recordBreakdown() throws {
        var ledger = RewardLedger(policy: .default)
        // 3 h provisional: only the provisional cap (1 h, 300 gold) is worth gold until proof arrives.
        let breakdown = try Defaults.calculator.calculate(creditedSeconds: 3 * 3600, status: .provisional, goldPerHour: 600)
        #expect(breakdown.capped && breakdown.consideredSeconds == 3600)
        let receipt = ledger.record(breakdown, at: 100)
        #expect(receipt.granted == 150)
        let entry = try #require(receipt.escrow)
        #expect(entry.gold == 150)
        #expect(entry.createdAt == 100)
        #expect(entry.expiresAt == 100 + 7 * 86_400)
        let settled = try ledger.settle(id: try #require(receipt.escrow?.id), at: 200)
        #expect(settled.paid == 150)
    }

    @Test("extreme times and amounts never trap")
    func extremes() throws {
        var ledger = RewardLedger(dailyBudgetGold: .max, escrowExpirySeconds: .max, windowSeconds: .max)
        #expect(ledger.grant(.max, at: .min) == .max)
        #expect(ledger.grant(.max, at: .max) == .max)  // 2⁶⁴ − 1 s later: outside even an Int64.max window
        let created = ledger.addEscrow(.max, at: .max)
        let entry = try #require(created)
        #expect(entry.expiresAt == .max)
        _ = ledger.expire(at: .max)
        var clamped = RewardLedger(dailyBudgetGold: -5, escrowExpirySeconds: -5, windowSeconds: -5)
        #expect(clamped.grant(10, at: 0) == 0)
    }

    @Test("a ledger survives a JSON round trip and a tampered window is clamped")
    func codable() throws {
        var ledger = RewardLedger(policy: .default)
        _ = ledger.grant(100, at: 5)
        _ = ledger.addEscrow(50, at: 6)
        let data = try JSONEncoder().encode(ledger)
        #expect(try JSONDecoder().decode(RewardLedger.self, from: data) == ledger)
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"windowSeconds\":86400", with: "\"windowSeconds\":-1")
        let tampered = try JSONDecoder().decode(RewardLedger.self, from: Data(text.utf8))
        #expect(tampered.windowSeconds == 1)
    }
}
