import Foundation
import PlaytimeRewards
import Testing

/// The player messages (docs/player-messages.md): one test per key at least, the English text pinned for the
/// common ones, the values each key carries, and the precedence of headlines.
@Suite("Player messages")
struct PlayerMessageTests {
    typealias Key = PlayerMessage.Key

    static func verified(_ seconds: Int64, rate: Int64 = 600) throws -> RewardBreakdown {
        try Defaults.calculator.calculate(creditedSeconds: seconds, status: .verified, goldPerHour: rate)
    }

    /// The messages of `breakdown` paid as computed (its paidNow and escrow), with `adjust` applied to the context.
    static func messages(
        _ breakdown: RewardBreakdown?, paid: Int64? = nil, escrow: Int64? = nil,
        _ adjust: (inout PayoutMessageContext) -> Void = { _ in }
    ) -> [PlayerMessage] {
        var context = PayoutMessageContext(paidGold: paid ?? breakdown?.paidNow ?? 0, escrowGold: escrow ?? breakdown?.escrowed ?? 0)
        adjust(&context)
        return PlayerMessages.messages(breakdown, context)
    }

    @Test("paid: the gold, in plain words")
    func paid() throws {
        let breakdown = try Self.verified(3600)
        let messages = Self.messages(breakdown)
        #expect(messages == [PlayerMessage(.paid, ["gold": "300"])])
        #expect(messages[0].text == "You earned 300 gold while away.")
        #expect(Self.messages(nil, paid: 12_345)[0].text == "You earned 12 345 gold while away.")
    }

    @Test("belowMinimum: the time away and the minimum, nothing else")
    func belowMinimum() throws {
        let messages = Self.messages(try Self.verified(45))
        #expect(messages.count == 1)
        #expect(messages[0].kind == .belowMinimum)
        #expect(messages[0].values == ["awaySeconds": "45", "minimumSeconds": "60"])
        #expect(messages[0].text == "You were away 45s; offline gold starts after 1m.")
    }

    @Test("capped: follows the headline with the cap")
    func capped() throws {
        let messages = Self.messages(try Self.verified(10 * 3600))
        #expect(messages.map(\.kind) == [.paid, .capped])
        #expect(messages[1].values == ["capSeconds": "28800"])
        #expect(messages[1].text == "Offline earnings are capped at 8h.")
    }

    @Test("waitingForProof and cappedUntilConfirmed: a provisional claim pays part now and holds the rest")
    func waitingForProof() throws {
        let breakdown = try Defaults.calculator.calculate(creditedSeconds: 10 * 3600, status: .provisional, goldPerHour: 600)
        #expect(breakdown.paidNow > 0 && breakdown.escrowed > 0 && breakdown.capped)
        let messages = Self.messages(breakdown)
        #expect(messages.map(\.kind) == [.waitingForProof, .cappedUntilConfirmed])
        #expect(messages[0].values == ["gold": String(breakdown.paidNow), "escrowGold": String(breakdown.escrowed)])
        #expect(messages[1].values == ["capSeconds": String(breakdown.capSeconds)])
        #expect(messages[1].text == "Until your time away is confirmed, at most 1h of it counts.")
        #expect(Self.messages(nil, paid: 120, escrow: 80)[0].text == "You earned 120 gold; 80 more once your time away is confirmed.")
    }

    @Test("heldForProof: nothing now, all of it held")
    func heldForProof() {
        let messages = Self.messages(nil, paid: 0, escrow: 80)
        #expect(messages == [PlayerMessage(.heldForProof, ["escrowGold": "80"])])
        #expect(messages[0].text == "80 gold will be paid once your time away is confirmed.")
    }

    @Test("settledLater: the top-up; gold still held follows; a settlement adding nothing was already paid")
    func settledLater() throws {
        let breakdown = try Self.verified(3600)
        let topUp = Self.messages(breakdown, paid: 80) { $0.isSettlement = true }
        #expect(topUp == [PlayerMessage(.settledLater, ["gold": "80"])])
        #expect(topUp[0].text == "Your time away was confirmed: +80 gold.")
        let stillHeld = Self.messages(nil, paid: 80, escrow: 20) { $0.isSettlement = true }
        #expect(stillHeld.map(\.kind) == [.settledLater, .heldForProof])
        let nothingMore = Self.messages(breakdown, paid: 0, escrow: 0) { $0.isSettlement = true }
        #expect(nothingMore.map(\.kind) == [.notPaidAlreadyPaid])
    }

    @Test("budgetReached: the headline when the budget took it all, after the headline when it took a part")
    func budgetReached() throws {
        let all = Self.messages(nil, paid: 0) {
            $0.withheldByBudget = 300
            $0.budgetLimitGold = 5000
        }
        #expect(all == [PlayerMessage(.budgetReached, ["gold": "0", "withheldGold": "300", "limitGold": "5000"])])
        #expect(all[0].text == "You reached today's limit of 5 000 gold; 300 gold were not paid.")

        let part = Self.messages(try Self.verified(3600), paid: 100) { $0.withheldByBudget = 200 }
        #expect(part.map(\.kind) == [.paid, .budgetReached])
        #expect(part[1].values == ["gold": "100", "withheldGold": "200", "limitGold": "6000"], "the breakdown's budget when none is given")

        let unknownLimit = Self.messages(nil, paid: 100) { $0.withheldByBudget = 200 }
        #expect(unknownLimit[1].values["limitGold"] == nil)
        #expect(unknownLimit[1].text == "You reached today's gold limit; 200 gold were not paid.")
    }

    @Test("multiplierPending: one message per multiplier with gold to add, after the rest")
    func multiplierPending() throws {
        let messages = Self.messages(try Self.verified(10 * 3600)) {
            $0.withheldByBudget = 10
            $0.pendingMultipliers = [("ad", 5), ("vip", 0), ("boost", 1200)]
        }
        #expect(messages.map(\.kind) == [.paid, .capped, .budgetReached, .multiplierPending, .multiplierPending])
        #expect(messages[3] == PlayerMessage(.multiplierPending, ["multiplier": "ad", "extraGold": "5"]))
        #expect(messages[3].text == "+5 gold when your ad is confirmed.")
        #expect(messages[4].text == "+1 200 gold when your boost is confirmed.")
    }

    @Test("notPaidRejected: rejected evidence, before the minimum")
    func notPaidRejected() throws {
        let rejected = try Defaults.calculator.calculate(creditedSeconds: 30, status: .rejected, goldPerHour: 600)
        let messages = Self.messages(rejected)
        #expect(messages == [PlayerMessage(.notPaidRejected)])
        #expect(messages[0].text == "No offline gold: the time on your device did not add up.")
    }

    @Test("notPaidNothingProven: no time away at all, or nothing to go on")
    func notPaidNothingProven() throws {
        #expect(Self.messages(try Self.verified(0)).map(\.kind) == [.notPaidNothingProven])
        #expect(Self.messages(nil, paid: 0).map(\.kind) == [.notPaidNothingProven])
        #expect(Self.messages(nil, paid: 0) { $0.notPaidReason = .nothingProven }.map(\.kind) == [.notPaidNothingProven])
    }

    @Test("notPaidNothingEarned: time that counted at a rate of 0")
    func notPaidNothingEarned() throws {
        let messages = Self.messages(try Self.verified(7200, rate: 0))
        #expect(messages == [PlayerMessage(.notPaidNothingEarned, ["awaySeconds": "7200"])])
        #expect(messages[0].text == "You were away 2h, but it earned no gold.")
    }

    @Test("the payer's reasons: already paid, impossible evidence, a rejected save, rejected evidence")
    func reasons() {
        let cases: [(PayoutMessageContext.NotPaidReason, Key)] = [
            (.alreadyPaid, .notPaidAlreadyPaid), (.impossibleEvidence, .notPaidImpossibleEvidence),
            (.saveRejected, .notPaidSaveRejected), (.rejectedEvidence, .notPaidRejected),
        ]
        for (reason, key) in cases {
            let messages = Self.messages(nil, paid: 0) { $0.notPaidReason = reason }
            #expect(messages == [PlayerMessage(key)], "\(reason)")
            #expect(messages[0].values.isEmpty)
        }
        #expect(PlayerMessage(.notPaidAlreadyPaid).text == "This time away was already paid.")
    }

    @Test("precedence: the payer's reason, then the budget, then rejected, then the minimum; gold paid ignores a reason")
    func precedence() throws {
        let reasonOverBudget = Self.messages(nil, paid: 0) {
            $0.withheldByBudget = 50
            $0.notPaidReason = .alreadyPaid
        }
        #expect(reasonOverBudget.map(\.kind) == [.notPaidAlreadyPaid])
        let budgetOverMinimum = Self.messages(try Self.verified(45), paid: 0) { $0.withheldByBudget = 50 }
        #expect(budgetOverMinimum.map(\.kind) == [.budgetReached])
        let paidDespiteReason = Self.messages(nil, paid: 10) { $0.notPaidReason = .nothingProven }
        #expect(paidDespiteReason.map(\.kind) == [.paid])
        let settlementOverEscrow = Self.messages(nil, paid: 10, escrow: 5) { $0.isSettlement = true }
        #expect(settlementOverEscrow.first?.kind == .settledLater)
        let escrowOverPaid = Self.messages(nil, paid: 10, escrow: 5)
        #expect(escrowOverPaid.first?.kind == .waitingForProof)
        // A not-paid headline stands alone: no cap, no multipliers after it.
        let alone = Self.messages(try Self.verified(45)) { $0.pendingMultipliers = [("ad", 5)] }
        #expect(alone.map(\.kind) == [.belowMinimum])
    }

    @Test("every key has an English text whose placeholders its values fill; an unknown key still reads")
    func everyKeyReads() {
        let all: [PlayerMessage] = [
            PlayerMessage(.paid, ["gold": "1"]),
            PlayerMessage(.belowMinimum, ["awaySeconds": "1", "minimumSeconds": "60"]),
            PlayerMessage(.capped, ["capSeconds": "60"]), PlayerMessage(.cappedUntilConfirmed, ["capSeconds": "60"]),
            PlayerMessage(.waitingForProof, ["gold": "1", "escrowGold": "1"]), PlayerMessage(.heldForProof, ["escrowGold": "1"]),
            PlayerMessage(.settledLater, ["gold": "1"]),
            PlayerMessage(.budgetReached, ["gold": "1", "withheldGold": "1", "limitGold": "1"]),
            PlayerMessage(.multiplierPending, ["multiplier": "ad", "extraGold": "1"]),
            PlayerMessage(.notPaidRejected), PlayerMessage(.notPaidNothingProven), PlayerMessage(.notPaidNothingEarned, ["awaySeconds": "1"]),
            PlayerMessage(.notPaidAlreadyPaid), PlayerMessage(.notPaidImpossibleEvidence), PlayerMessage(.notPaidSaveRejected),
        ]
        #expect(Set(all.map(\.kind)).count == all.count)
        for message in all {
            #expect(!message.text.isEmpty && !message.text.contains("{"), "\(message.key): \(message.text)")
            #expect(!message.text.lowercased().contains("verdict") && !message.text.contains("nanosecond"))
        }
        #expect(PlayerMessage(Key(rawValue: "somethingNew")).text == "Offline earnings updated.")
    }

    @Test("JSON: a server sends the message as its key (a plain string), values and text")
    func encodable() throws {
        let message = PlayerMessage(.paid, ["gold": "120"])
        let data = try JSONEncoder().encode(message)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["key"] as? String == "paid")
        #expect(object["values"] as? [String: String] == ["gold": "120"])
        #expect(object["text"] as? String == message.text)
        #expect(Set(object.keys) == ["key", "values", "text"])
    }
}
