import PlaytimeSystem
import PropertyTesting
import Testing

/// The time model's value types (docs/guarantees.md, "Time model"): one saturating rule under every span and
/// instant, checked against the exact result computed in 128 bits (two Int64 halves, no UInt128: macOS 12).
@Suite("Time values saturate exactly")
struct TimeValueTests {
    static let value = DriftAllowanceOracleTests.value

    /// The exact sum or difference clamped to the Int64 range, from the full-width result.
    static func clamped(_ value: Int64, overflow: Bool, towardsMaximum: Bool) -> Int64 {
        overflow ? (towardsMaximum ? .max : .min) : value
    }

    @Test("span + span, span − span, instant − instant and instant ± span are the exact result clamped to Int64")
    func saturatingArithmetic() throws {
        try PropertyCheck.check(Gen.zip(Self.value, Self.value), count: 5000, name: "time values saturate") { a, b in
            let (sum, sumOverflow) = a.addingReportingOverflow(b)
            let (difference, differenceOverflow) = a.subtractingReportingOverflow(b)
            let exactSum = Self.clamped(sum, overflow: sumOverflow, towardsMaximum: b > 0)
            let exactDifference = Self.clamped(difference, overflow: differenceOverflow, towardsMaximum: b < 0)
            let spanA = TimeSpan(nanoseconds: a)
            let spanB = TimeSpan(nanoseconds: b)
            try PropertyCheck.expect((spanA + spanB).nanoseconds == exactSum, "\(a) + \(b)")
            try PropertyCheck.expect((spanA - spanB).nanoseconds == exactDifference, "\(a) − \(b)")
            try PropertyCheck.expect((BootInstant(nanoseconds: a) - BootInstant(nanoseconds: b)).nanoseconds == exactDifference, "boot \(a) − \(b)")
            try PropertyCheck.expect((UnixInstant(nanoseconds: a) + spanB).nanoseconds == exactSum, "unix \(a) + \(b)")
            try PropertyCheck.expect((BootInstant(nanoseconds: a) - spanB).nanoseconds == exactDifference, "boot \(a) − span \(b)")
            try PropertyCheck.expect((spanA + spanB) == (spanB + spanA), "commutative: \(a), \(b)")
            try PropertyCheck.expect((spanA < spanB) == (a < b), "order: \(a), \(b)")
            let magnitude = (spanA - spanB).magnitude.nanoseconds
            try PropertyCheck.expect(magnitude >= 0 && magnitude == Saturating.distance(a, b), "|\(a) − \(b)|")
        }
    }

    @Test("products saturate with the sign of the exact product; seconds and milliseconds convert without trapping")
    func saturatingProducts() throws {
        try PropertyCheck.check(Gen.zip(Self.value, Self.value), count: 5000, name: "products saturate") { a, b in
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            let exact = Self.clamped(product, overflow: overflow, towardsMaximum: (a < 0) == (b < 0))
            try PropertyCheck.expect(Saturating.multiply(a, b) == exact, "\(a) × \(b)")
            try PropertyCheck.expect(TimeSpan.seconds(a).nanoseconds == Saturating.multiply(a, 1_000_000_000), "\(a) s")
            try PropertyCheck.expect(TimeSpan.seconds(a).floorSeconds == a || overflowsSeconds(a), "⌊\(a) s⌋")
        }
        #expect(TimeSpan.seconds(.max) == .maximum)
        #expect(TimeSpan(nanoseconds: -1).floorSeconds == -1 && TimeSpan(nanoseconds: -1).ceilingSeconds == 0)
        #expect(TimeSpan(nanoseconds: 1).floorSeconds == 0 && TimeSpan(nanoseconds: 1).ceilingSeconds == 1)
        #expect(TimeSpan(nanoseconds: .min).magnitude == .maximum)
        #expect(TimeSpan(nanoseconds: 3_002_000_000).description == "3.002 s")
    }

    /// Whether `seconds` s is beyond what Int64 nanoseconds hold (the conversion saturated).
    func overflowsSeconds(_ seconds: Int64) -> Bool { seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow }
}
