import PropertyTesting
import Testing

@testable import PlaytimeCrypto

/// The field arithmetic's 128-bit column sums are two 64-bit halves (``ColumnSum``, docs/apple.md); these
/// properties compare every product and square limb for limb with the same schoolbook formulas computed
/// in `UInt128` (the oracle: the implementation before the change), over the whole accepted input range
/// (limbs < 2^59) with the extremes weighted in.
@Suite("Field element arithmetic against a UInt128 oracle")
struct FieldElementOracleTests {
    /// A limb below 2^59: uniform, tiny, or near the bound.
    static let limb: Gen<UInt64> = .frequency([
        (weight: 4, gen: .uint64(in: 0...((1 << 59) - 1))),
        (weight: 1, gen: .uint64(in: 0...64)),
        (weight: 2, gen: .uint64(in: ((1 << 59) - 64)...((1 << 59) - 1))),
        (weight: 1, gen: .uint64(in: 0...((1 << 52) - 1))),
    ])
    static let element: Gen<[UInt64]> = limb.array(count: 5...5)

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("a × b equals the UInt128 schoolbook product, limb for limb")
    func products() throws {
        try PropertyCheck.check(Gen.zip(Self.element, Self.element), count: 5000, name: "field product") { a, b in
            let product = Self.field(a) * Self.field(b)
            let expected = Self.oracleProduct(a, b)
            try PropertyCheck.expect(Self.limbs(product) == expected, "\(a) × \(b): \(Self.limbs(product)) ≠ \(expected)")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("a² equals the UInt128 schoolbook square, limb for limb, and a × a modulo p")
    func squares() throws {
        try PropertyCheck.check(Self.element, count: 5000, name: "field square") { a in
            let square = Self.field(a).squared()
            let expected = Self.oracleSquare(a)
            try PropertyCheck.expect(Self.limbs(square) == expected, "\(a)²: \(Self.limbs(square)) ≠ \(expected)")
            try PropertyCheck.expect(square == Self.field(a) * Self.field(a), "\(a)² ≠ a × a modulo p")
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("all-maximal limbs (the largest column sums) agree with the oracle")
    func extremes() {
        let top: UInt64 = (1 << 59) - 1
        let a = [UInt64](repeating: top, count: 5)
        #expect(Self.limbs(Self.field(a) * Self.field(a)) == Self.oracleProduct(a, a))
        #expect(Self.limbs(Self.field(a).squared()) == Self.oracleSquare(a))
    }

    static func field(_ l: [UInt64]) -> FieldElement { FieldElement(l[0], l[1], l[2], l[3], l[4]) }
    static func limbs(_ f: FieldElement) -> [UInt64] { [f.l0, f.l1, f.l2, f.l3, f.l4] }

    // The oracle: the same column sums and carry chain in UInt128.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func w(_ a: UInt64, _ b: UInt64) -> UInt128 { UInt128(a) &* UInt128(b) }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func oracleProduct(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let b19 = b.map { $0 &* 19 }
        let r0 = w(a[0], b[0]) &+ w(a[1], b19[4]) &+ w(a[2], b19[3]) &+ w(a[3], b19[2]) &+ w(a[4], b19[1])
        let r1 = w(a[0], b[1]) &+ w(a[1], b[0]) &+ w(a[2], b19[4]) &+ w(a[3], b19[3]) &+ w(a[4], b19[2])
        let r2 = w(a[0], b[2]) &+ w(a[1], b[1]) &+ w(a[2], b[0]) &+ w(a[3], b19[4]) &+ w(a[4], b19[3])
        let r3 = w(a[0], b[3]) &+ w(a[1], b[2]) &+ w(a[2], b[1]) &+ w(a[3], b[0]) &+ w(a[4], b19[4])
        let r4 = w(a[0], b[4]) &+ w(a[1], b[3]) &+ w(a[2], b[2]) &+ w(a[3], b[1]) &+ w(a[4], b[0])
        return oracleReduce(r0, r1, r2, r3, r4)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func oracleSquare(_ l: [UInt64]) -> [UInt64] {
        let d = l.map { $0 &* 2 }
        let l3x19 = l[3] &* 19
        let l4x19 = l[4] &* 19
        let r0 = w(l[0], l[0]) &+ w(d[1], l4x19) &+ w(d[2], l3x19)
        let r1 = w(d[0], l[1]) &+ w(d[2], l4x19) &+ w(l[3], l3x19)
        let r2 = w(d[0], l[2]) &+ w(l[1], l[1]) &+ w(d[3], l4x19)
        let r3 = w(d[0], l[3]) &+ w(d[1], l[2]) &+ w(l[4], l4x19)
        let r4 = w(d[0], l[4]) &+ w(d[1], l[3]) &+ w(l[2], l[2])
        return oracleReduce(r0, r1, r2, r3, r4)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func oracleReduce(_ r0: UInt128, _ r1: UInt128, _ r2: UInt128, _ r3: UInt128, _ r4: UInt128) -> [UInt64] {
        let mask = FieldElement.mask
        let s1 = r1 &+ (r0 &>> 51)
        let s2 = r2 &+ (s1 &>> 51)
        let s3 = r3 &+ (s2 &>> 51)
        let s4 = r4 &+ (s3 &>> 51)
        let wrapped = UInt128(UInt64(truncatingIfNeeded: r0) & mask) &+ (s4 &>> 51) &* 19
        return [
            UInt64(truncatingIfNeeded: wrapped) & mask,
            (UInt64(truncatingIfNeeded: s1) & mask) &+ UInt64(truncatingIfNeeded: wrapped &>> 51),
            UInt64(truncatingIfNeeded: s2) & mask, UInt64(truncatingIfNeeded: s3) & mask,
            UInt64(truncatingIfNeeded: s4) & mask,
        ]
    }
}
