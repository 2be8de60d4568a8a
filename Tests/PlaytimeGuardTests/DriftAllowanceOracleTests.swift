import PlaytimeSystem
import PropertyTesting
import Testing

@testable import PlaytimeGuard

/// The drift allowance is computed from 64-bit halves instead of `UInt128` (docs/apple.md); this compares
/// it with the `UInt128` formula it replaced (the oracle) over the whole Int64 range of spans and rates.
@Suite("Drift allowance against a UInt128 oracle")
struct DriftAllowanceOracleTests {
    static let value: Gen<Int64> = .frequency([
        (weight: 3, gen: .int(in: -1_000_000_000_000...1_000_000_000_000)),
        (weight: 3, gen: .int64),
        (weight: 1, gen: .int(in: 0...1_000)),
        (weight: 1, gen: .int(in: (Int64.max - 4)...Int64.max)),
        (weight: 1, gen: .int(in: Int64.min...(Int64.min + 4))),
    ])

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("driftAllowance(for:ppm:) = ceil(|span| × max(0, ppm) / 10⁶), clamped to Int64.max")
    func matchesOracle() throws {
        try PropertyCheck.check(Gen.zip(Self.value, Self.value), count: 5000, name: "drift allowance") { span, ppm in
            let scaled = (UInt128(span.magnitude) * UInt128(UInt64(max(0, ppm))) + 999_999) / 1_000_000
            let oracle = scaled > UInt128(UInt64(Int64.max)) ? Int64.max : Int64(scaled)
            let ours = TimeSpan.driftAllowance(for: span, ppm: ppm)
            try PropertyCheck.expect(ours == oracle, "span \(span), ppm \(ppm): \(ours) ≠ \(oracle)")
        }
        #expect(TimeSpan.driftAllowance(for: 1, ppm: 1) == 1)
        #expect(TimeSpan.driftAllowance(for: 1_000_000, ppm: 1) == 1)
        #expect(TimeSpan.driftAllowance(for: 1_000_001, ppm: 1) == 2)
        #expect(TimeSpan.driftAllowance(for: .min, ppm: .max) == .max)
    }
}
