import Foundation
import PlaytimeRewards
import PropertyTesting
import Testing

/// Properties of the calculator, 1 000 cases each by default
/// (`PLAYTIME_PROPERTY_COUNT=x10` for a deeper run).
@Suite("Reward properties")
struct RewardPropertyTests {
    typealias Input = (RewardCalculator, Int64, ProofStatus, [String])

    static let input = Gen<Input>.zip(RewardGen.calculator, RewardGen.rate, RewardGen.status, RewardGen.requests)

    @Test("the reward is monotone non-decreasing in proven seconds")
    func monotone() throws {
        let gen = Gen.zip(Self.input, RewardGen.seconds, RewardGen.seconds)
        try PropertyCheck.check(gen, name: "monotone in seconds") { input, a, b in
            let (calculator, rate, status, requests) = input
            let (low, high) = (min(a, b), max(a, b))
            let l = try calculator.calculate(creditedSeconds: low, status: status, goldPerHour: rate, requestedMultipliers: requests)
            let h = try calculator.calculate(creditedSeconds: high, status: status, goldPerHour: rate, requestedMultipliers: requests)
            try PropertyCheck.expect(l.totalGold <= h.totalGold, "total \(l.totalGold) at \(low) s > \(h.totalGold) at \(high) s")
            try PropertyCheck.expect(l.paidNow <= h.paidNow, "paid \(l.paidNow) at \(low) s > \(h.paidNow) at \(high) s")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // UInt128 (docs/apple.md)
    @Test("the reward never exceeds cap × rate × the applied multipliers (exact rational bound)")
    func bounded() throws {
        let gen = Gen.zip(Self.input, RewardGen.seconds)
        try PropertyCheck.check(gen, name: "bounded by cap × rate × multipliers") { input, seconds in
            let (calculator, rate, status, requests) = input
            let b = try calculator.calculate(creditedSeconds: seconds, status: status, goldPerHour: rate, requestedMultipliers: requests)
            let applied = b.appliedMultiplierPercents
            // total ≤ cap × rate × Πm / (3600 × 100ᵏ)  ⇔  total × 3600 × 100ᵏ ≤ cap × rate × Πm
            var left = UInt128(b.totalGold) * 3600
            var right = UInt128(calculator.policy.capSeconds) * UInt128(rate)
            for percent in applied {
                left *= 100
                right *= UInt128(percent)
            }
            try PropertyCheck.expect(left <= right, "total \(b.totalGold) exceeds the bound")
            // And with the largest single multiplier when at most one applies.
            if applied.count <= 1 {
                let largest = UInt128(calculator.policy.multipliers.map(\.percent).max() ?? 100)
                let bound = UInt128(calculator.policy.capSeconds) * UInt128(rate) * largest
                try PropertyCheck.expect(UInt128(b.totalGold) * 3600 * 100 <= bound, "exceeds cap × rate × largest")
            }
            try PropertyCheck.expect(b.paidNow + b.escrowed + b.forfeited == b.totalGold, "parts do not add up")
            try PropertyCheck.expect(b.paidNow >= 0 && b.escrowed >= 0 && b.forfeited >= 0, "negative part")
        }
    }

    @Test("below the minimum away time the reward is zero and no multiplier is consumed")
    func zeroBelowMinimum() throws {
        let gen = Self.input.flatMap { input in
            Gen<Int64>.int(in: Int64.min...max(Int64.min, input.0.policy.minimumAwaySeconds - 1)).map { (input, $0) }
        }
        try PropertyCheck.check(gen, name: "zero below minimum") { input, seconds in
            let (calculator, rate, status, requests) = input
            guard seconds < calculator.policy.minimumAwaySeconds || seconds <= 0 else { return }
            let b = try calculator.calculate(creditedSeconds: seconds, status: status, goldPerHour: rate, requestedMultipliers: requests)
            try PropertyCheck.expect(b.totalGold == 0 && b.paidNow == 0 && b.escrowed == 0, "paid below minimum")
            try PropertyCheck.expect(b.usedMultipliersAfter.isEmpty, "consumed \(b.usedMultipliersAfter)")
        }
    }

    @Test("a one-shot multiplier applies at most once per session")
    func oneShot() throws {
        let session = Gen.zip(RewardGen.seconds, RewardGen.requests).array(count: 1...12)
        try PropertyCheck.check(Gen.zip(RewardGen.calculator, RewardGen.rate, session), name: "multiplier once per session") { calculator, rate, claims in
            var used = Set<String>()
            var applied: [String: Int] = [:]
            for (seconds, requests) in claims {
                let b = try calculator.calculate(
                    creditedSeconds: seconds, status: .verified, goldPerHour: rate,
                    requestedMultipliers: requests, usedMultipliers: used)
                for decision in b.multipliers where decision.outcome == .applied { applied[decision.name, default: 0] += 1 }
                try PropertyCheck.expect(Set(b.usedMultipliersAfter).isSuperset(of: used), "used set shrank")
                used = Set(b.usedMultipliersAfter)
            }
            try PropertyCheck.expect(applied.values.allSatisfy { $0 <= 1 }, "applied more than once: \(applied)")
        }
    }

    @Test("many claims through the ledger never exceed the daily budget in any 24 h window")
    func dailyBudget() throws {
        let step = Gen.zip(Gen<Int64>.int(in: 0...40_000), Gen<Int64>.int(in: 0...20_000), RewardGen.status, Gen<Bool>.bool)
        let gen = Gen.zip(RewardGen.calculator, RewardGen.rate, step.array(count: 1...40))
        try PropertyCheck.check(gen, name: "daily budget holds") { calculator, rate, steps in
            var ledger = RewardLedger(policy: calculator.policy)
            var now: Int64 = 1_700_000_000
            var grants: [(Int64, Int64)] = []
            var payable: Int64 = 0
            for (gap, away, status, settle) in steps {
                now += gap
                let b = try calculator.calculate(creditedSeconds: away, status: status, goldPerHour: rate)
                let receipt = ledger.record(b, at: now)
                grants.append((now, receipt.granted))
                payable += b.paidNow
                if settle, let id = ledger.escrow.first?.id {
                    if let settlement = try? ledger.settle(id: id, at: now) {
                        grants.append((now, settlement.paid))
                        payable += settlement.paid
                    }
                }
            }
            for (end, _) in grants {
                let inWindow = grants.filter { $0.0 <= end && end - $0.0 < 86_400 }.reduce(Int64(0)) { $0 + $1.1 }
                try PropertyCheck.expect(inWindow <= calculator.policy.dailyBudgetGold, "window ending \(end) paid \(inWindow)")
            }
            try PropertyCheck.expect(grants.reduce(0) { $0 + $1.1 } <= payable, "granted more than was payable")
        }
    }

    @Test("with a flat curve and no cap in reach, splitting a period never beats one claim")
    func splittingFlat() throws {
        let gen = Gen.zip(RewardGen.rate, Gen<Int64>.int(in: 0...100), Gen<Int64>.int(in: 1...7200).array(count: 1...20))
        try PropertyCheck.check(gen, name: "split ≤ single on a flat curve") { rate, efficiency, pieces in
            var policy = RewardPolicy.default
            policy.tiers = [RewardTier(upToSeconds: nil, percent: 100)]
            policy.minimumAwaySeconds = 0
            policy.capSeconds = 30 * 86_400
            policy.efficiencyPercent = efficiency
            let calculator = try RewardCalculator(policy: policy)
            let split = try pieces.reduce(Int64(0)) { sum, seconds in
                sum + (try calculator.calculate(creditedSeconds: seconds, status: .verified, goldPerHour: rate)).totalGold
            }
            let single = try calculator.calculate(creditedSeconds: pieces.reduce(0, +), status: .verified, goldPerHour: rate).totalGold
            try PropertyCheck.expect(split <= single, "split \(split) > single \(single)")
        }
    }

    @Test("the calculator is deterministic, also after a Codable round trip of the policy")
    func deterministic() throws {
        let gen = Gen.zip(Self.input, RewardGen.seconds)
        try PropertyCheck.check(gen, name: "deterministic") { input, seconds in
            let (calculator, rate, status, requests) = input
            let claim = RewardClaim(creditedSeconds: seconds, status: status, goldPerHour: rate, requestedMultipliers: requests)
            let first = try calculator.calculate(claim)
            let second = try calculator.calculate(claim)
            let decoded = try RewardPolicy.decode(json: calculator.policy.jsonData())
            let third = try RewardCalculator(policy: decoded).calculate(claim)
            let breakdownCopy = try JSONDecoder().decode(RewardBreakdown.self, from: JSONEncoder().encode(first))
            try PropertyCheck.expect(first == second && first == third && first == breakdownCopy, "results differ")
        }
    }

    @Test("no input traps: extreme Int64 seconds and rates")
    func noTraps() throws {
        let extreme = Gen<Int64>.frequency([
            (weight: 1, gen: .element(of: [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max])),
            (weight: 3, gen: .int64),
        ])
        let gen = Gen.zip(RewardGen.calculator, extreme, extreme, Gen.zip(RewardGen.status, RewardGen.requests))
        try PropertyCheck.check(gen, name: "no traps") { calculator, seconds, rate, rest in
            let (status, requests) = rest
            do {
                let b = try calculator.calculate(creditedSeconds: seconds, status: status, goldPerHour: rate, requestedMultipliers: requests)
                try PropertyCheck.expect(b.totalGold >= 0 && b.paidNow >= 0 && b.paidNow <= b.totalGold, "bad figures")
                try PropertyCheck.expect(b.paidNow + b.escrowed + b.forfeited == b.totalGold, "parts do not add up")
                var ledger = RewardLedger(policy: calculator.policy)
                let receipt = ledger.record(b, at: seconds)
                _ = ledger.grant(rate, at: rate)
                _ = ledger.expire(at: .max)
                try PropertyCheck.expect(receipt.granted <= calculator.policy.dailyBudgetGold, "over budget")
                _ = b.renderedText
            } catch let error as RewardCalculationError {
                try PropertyCheck.expect(error == .negativeRate(rate) && rate < 0, "unexpected \(error)")
            }
        }
    }
}
