import PropertyTesting
import Testing

@testable import PlaytimeAudit

/// The auditor's budget window and interval trims work without `Int128` (docs/apple.md); these properties
/// compare them with the `Int128` formulas they replaced (the oracle): results must be identical.
@Suite("Audit arithmetic against Int128 oracles")
struct WideArithmeticAuditTests {
    static let instant: Gen<Int64> = .frequency([
        (weight: 3, gen: .int(in: -1_000_000...1_000_000)),
        (weight: 3, gen: .int64),
        (weight: 1, gen: .int(in: (Int64.max - 4)...Int64.max)),
        (weight: 1, gen: .int(in: Int64.min...(Int64.min + 4))),
    ])
    static let range: Gen<Range<Int64>> = Gen.zip(instant, instant).map { a, b in min(a, b)..<max(a, b) }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("unionLength equals the Int128 saturating sum of the merged ranges' lengths")
    func unionLength() throws {
        try PropertyCheck.check(Self.range.array(count: 0...6), count: 3000, name: "union length") { ranges in
            var total: Int64 = 0
            var current: Range<Int64>?
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let open = current, range.lowerBound <= open.upperBound {
                    current = open.lowerBound..<max(open.upperBound, range.upperBound)
                } else {
                    if let open = current {
                        total = Int64(min(Int128(Int64.max), Int128(total) + Int128(open.upperBound) - Int128(open.lowerBound)))
                    }
                    current = range
                }
            }
            if let open = current {
                total = Int64(min(Int128(Int64.max), Int128(total) + Int128(open.upperBound) - Int128(open.lowerBound)))
            }
            let ours = AccountIntervals.unionLength(ranges)
            try PropertyCheck.expect(ours == total, "\(ranges): \(ours) ≠ \(total)")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("placeAndTrim pays floor(gold × held / asked), as computed in Int128, and holds exactly the free part of a ticket's interval")
    func trim() throws {
        let gold = Gen<Int64>.frequency([
            (weight: 2, gen: .int(in: 1...10_000)), (weight: 2, gen: .int(in: 1...Int64.max)),
            (weight: 1, gen: .int(in: (Int64.max - 4)...Int64.max)),
        ])
        let gen = Gen.zip(Self.range, Self.range, gold)
        try PropertyCheck.check(gen, count: 3000, name: "trim") { first, away, gold in
            let store = InMemoryAccountIntervalStore()
            _ = try store.place(account: "a", journalID: "one", placements: [.ticket("s", interval: first, nanoseconds: .max)])
            let asked = Placement.ticket("s", interval: away, nanoseconds: .max)
            let (paid, held) = try store.placeAndTrim([(gold, asked)], account: "a", journalID: "two")[0]
            // Time more than the retention before the first ticket's start is never placed again.
            var lower = Int128(away.lowerBound)
            if !first.isEmpty, first.lowerBound >= 0, away.lowerBound >= 0 {
                lower = max(lower, min(Int128(first.lowerBound) - Int128(AccountIntervals.retentionNanoseconds), Int128(away.upperBound)))
            }
            let length = Int128(away.upperBound) - lower
            // The first ticket holds its interval from its start, at most Int64.max nanoseconds of it.
            let firstEnd = min(Int128(first.upperBound), Int128(first.lowerBound) + Int128(Int64.max))
            let overlap = max(0, min(firstEnd, Int128(away.upperBound)) - max(Int128(first.lowerBound), lower))
            let free = length - overlap
            // Lengths saturate at Int64.max (a range longer than that is asked for Int64.max).
            let expectedHeld = away.isEmpty ? 0 : Int64(min(free, Int128(asked.nanoseconds)))
            let expectedPaid = away.isEmpty ? 0 : Int64(Int128(gold) * Int128(expectedHeld) / Int128(asked.nanoseconds))
            try PropertyCheck.expect(held == expectedHeld, "\(away) with \(first) held: \(held) ≠ \(expectedHeld)")
            try PropertyCheck.expect(paid == expectedPaid, "gold \(gold) over \(away) with \(first) held: \(paid) ≠ \(expectedPaid)")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("the budget window's total equals an Int128 sum of the payments in the window, clamped")
    func budgetWindow() throws {
        let payment = Gen.zip(
            Gen<Int64>.frequency([
                (weight: 2, gen: .int(in: -10...1_000)), (weight: 1, gen: .int(in: (Int64.max - 4)...Int64.max)),
                (weight: 1, gen: .int64),
            ]),
            Gen<Int64>.int(in: 0...(3 * 86_400_000_000_000)))
        try PropertyCheck.check(payment.array(count: 1...40), count: 1000, name: "budget window") { payments in
            var window = BudgetWindow()
            var seen: [(time: Int64, gold: Int64)] = []
            var latest = Int64.min
            for (gold, requested) in payments {
                let total = window.add(gold, at: requested)
                let time = max(requested, latest)
                latest = time
                seen.append((time, max(0, gold)))
                let start = time - window.windowNanoseconds
                let sum = seen.filter { $0.time > start }.reduce(Int128(0)) { $0 + Int128($1.gold) }
                try PropertyCheck.expect(total == Int64(min(sum, Int128(Int64.max))), "after \(gold) at \(requested): \(total) ≠ \(sum)")
            }
        }
    }
}
