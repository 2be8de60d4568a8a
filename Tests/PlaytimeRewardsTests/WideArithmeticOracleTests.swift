import PropertyTesting
import Testing

@testable import PlaytimeRewards

/// The reward arithmetic works without `UInt128` / `Int128` (docs/apple.md); these properties compare it
/// with the 128-bit implementation it replaced, used here as the oracle: results must be identical.
@Suite("Wide arithmetic against 128-bit oracles")
struct WideArithmeticOracleTests {
    /// Small, uniform, or extreme 64-bit words.
    static let word: Gen<UInt64> = .frequency([
        (weight: 3, gen: .uint64(in: 1...1_000)),
        (weight: 3, gen: .uint64),
        (weight: 1, gen: .uint64(in: (UInt64.max - 16)...UInt64.max)),
        (weight: 1, gen: .uint64(in: 0...2)),
    ])
    static let signed: Gen<Int64> = .frequency([
        (weight: 3, gen: .int(in: -1_000...1_000)),
        (weight: 3, gen: .int64),
        (weight: 1, gen: .int(in: (Int64.max - 8)...Int64.max)),
        (weight: 1, gen: .int(in: Int64.min...(Int64.min + 8))),
    ])

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("ExactScaling equals the UInt128 quotient-and-remainder algorithm it replaced")
    func exactScaling() throws {
        // Bases below 2^78 as the calculator gives them, 0–10 factors, the calculator's divisors (3.6·10⁹ · 100ᵏ).
        let base = Gen.zip(Gen<UInt64>.uint64(in: 0...((1 << 14) - 1)), Self.word)
        let gen = Gen.zip(base, Self.word.array(count: 0...10), Gen<Int>.int(in: 0...8))
        try PropertyCheck.check(gen, count: 5000, name: "exact scaling") { base, factors, multipliers in
            let wide = WideCount(base.0, times: 1 << 63).multiplied(by: 2) + WideCount(base.1)
            let divisors = [UInt64(3600 * 100 * 100 * 100)] + [UInt64](repeating: 100, count: multipliers)
            var denominator = UInt128(3600 * 100 * 100 * 100)
            for _ in 0..<multipliers { denominator *= 100 }
            let ours = ExactScaling.floorOfProduct(base: wide, factors: factors, divisors: ExactScaling.packed(divisors))
            let oracle = Self.oracleFloorOfProduct(base: UInt128(base.0) << 64 | UInt128(base.1), factors: factors, denominator: denominator)
            try PropertyCheck.expect(ours == oracle, "base \(base) × \(factors) / \(denominator): \(ours) ≠ \(oracle)")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("packed divisors keep the product and fit each word")
    func packedDivisors() {
        let divisors = [UInt64(3_600_000_000)] + [UInt64](repeating: 100, count: 8)
        let packed = ExactScaling.packed(divisors)
        #expect(packed.count == 2)
        #expect(packed.reduce(UInt128(1)) { $0 * UInt128($1) } == divisors.reduce(UInt128(1)) { $0 * UInt128($1) })
        #expect(ExactScaling.packed([]) == [1])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("multiplyAddDivide equals Int128 arithmetic (truncating, clamped to Int64)")
    func multiplyAddDivide() throws {
        let gen = Gen.zip(Self.signed, Self.signed, Self.signed, Self.signed)
        try PropertyCheck.check(gen, count: 5000, name: "multiplyAddDivide") { a, b, c, d in
            let ours = WideArithmetic.multiplyAddDivide(a, b, plus: c, by: d)
            let oracle: Int64
            if d == 0 {
                oracle = 0
            } else {
                let exact = (Int128(a) * Int128(b) + Int128(c)) / Int128(d)
                oracle = Int64(clamping: exact)
            }
            try PropertyCheck.expect(ours == oracle, "(\(a) × \(b) + \(c)) / \(d): \(ours) ≠ \(oracle)")
        }
        #expect(WideArithmetic.multiplyAddDivide(.min, 1, by: 1) == .min)
        #expect(WideArithmetic.multiplyAddDivide(.min, -1, by: 1) == .max)  // 2^63 clamps
        #expect(WideArithmetic.multiplyAddDivide(.min, 1, by: -1) == .max)
        #expect(WideArithmetic.multiplyAddDivide(-7, 1, by: 2) == -3)  // toward zero, as Int128
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("WideCount sums, differences and products equal UInt128's")
    func wideCount() throws {
        let gen = Gen.zip(Self.word, Self.word, Self.word, Self.word)
        try PropertyCheck.check(gen, count: 5000, name: "WideCount") { a, b, c, d in
            let x = WideCount(a, times: b)
            let y = WideCount(c)
            let sum = x + y
            try PropertyCheck.expect(Self.value(sum) == UInt128(a) * UInt128(b) + UInt128(c), "sum")
            try PropertyCheck.expect(Self.value(sum - y) == UInt128(a) * UInt128(b), "difference")
            let (product, overflow) = (UInt128(a) * UInt128(b)).multipliedReportingOverflow(by: UInt128(d))
            if !overflow {
                try PropertyCheck.expect(Self.value(x.multiplied(by: d)) == product, "product")
            }
            let clamped = Int64(clamping: UInt128(a) * UInt128(b))
            try PropertyCheck.expect(x.clampedToInt64 == clamped, "clamp")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func value(_ w: WideCount) -> UInt128 { UInt128(w.high) << 64 | UInt128(w.low) }

    /// The UInt128 implementation ExactScaling had before docs/apple.md's change, kept as the oracle.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func oracleFloorOfProduct(base: UInt128, factors: [UInt64], denominator: UInt128) -> ExactScaling.Result {
        guard denominator > 0 else { return .init(value: 0, saturated: false) }
        if base == 0 || factors.contains(0) { return .init(value: 0, saturated: false) }
        let ceiling = UInt128(Int64.max)
        var product = base
        var fits = true
        for factor in factors {
            let (next, overflow) = product.multipliedReportingOverflow(by: UInt128(factor))
            if overflow {
                fits = false
                break
            }
            product = next
        }
        if fits {
            let exact = product / denominator
            return exact > ceiling ? .init(value: .max, saturated: true) : .init(value: Int64(exact), saturated: false)
        }
        var quotient = base / denominator
        var remainder = base % denominator
        for factor in factors {
            let wide = UInt128(factor)
            let (carry, nextRemainder) = denominator.dividingFullWidth(remainder.multipliedFullWidth(by: wide))
            let scaled = quotient.multipliedReportingOverflow(by: wide)
            let summed = scaled.partialValue.addingReportingOverflow(carry)
            if scaled.overflow || summed.overflow || summed.partialValue > ceiling { return .init(value: .max, saturated: true) }
            quotient = summed.partialValue
            remainder = nextRemainder
        }
        if quotient > ceiling { return .init(value: .max, saturated: true) }
        return .init(value: Int64(quotient), saturated: false)
    }
}
