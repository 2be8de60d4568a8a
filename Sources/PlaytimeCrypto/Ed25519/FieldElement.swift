/// An element of the field GF(p), p = 2^255 − 19, in radix 2^51: value = Σ limb_i · 2^(51·i).
///
/// Limbs are not kept fully reduced. Bounds (docs/crypto.md, "Field arithmetic"):
/// - a *tight* element has every limb < 2^52 (the output of `*`, `squared()`, `-` and `carried()`);
/// - `+` of two tight elements gives a *loose* element, limbs < 2^53;
/// - `-` and `minusLazily` accept a subtrahend with limbs < 2^54 − 152; `minusLazily` skips the carry,
///   so its result (limbs < minuend + 2^54) may only be multiplied or squared;
/// - `*` and `squared()` accept limbs < 2^59: then 19·limb < 2^64 and every 128-bit column sum (``ColumnSum``) is
///   below 77·2^118 < 2^125, so nothing overflows.
struct FieldElement: Sendable {
    var l0: UInt64
    var l1: UInt64
    var l2: UInt64
    var l3: UInt64
    var l4: UInt64

    /// Low 51 bits.
    static let mask: UInt64 = (1 << 51) - 1

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        self.l0 = l0
        self.l1 = l1
        self.l2 = l2
        self.l3 = l3
        self.l4 = l4
    }

    /// 0.
    static var zero: FieldElement { FieldElement(0, 0, 0, 0, 0) }
    /// 1.
    static var one: FieldElement { FieldElement(1, 0, 0, 0, 0) }
    /// The curve constant d = −121665/121666 (RFC 8032 §5.1).
    static var d: FieldElement {
        FieldElement(0x3_4dca_1359_78a3, 0x1_a828_3b15_6ebd, 0x5_e7a2_6001_c029, 0x7_39c6_63a0_3cbb, 0x5_2036_cee2_b6ff)
    }
    /// 2·d, used by the addition formulas.
    static var twoD: FieldElement {
        FieldElement(0x6_9b94_26b2_f159, 0x3_5050_762a_dd7a, 0x3_cf44_c003_8052, 0x6_738c_c740_7977, 0x2_406d_9dc5_6dff)
    }
    /// A square root of −1: 2^((p−1)/4) (RFC 8032 §5.1.3).
    static var sqrtMinusOne: FieldElement {
        FieldElement(0x6_1b27_4a0e_a0b0, 0xd5a5_fc8f_189d, 0x7_ef5e_9cbd_0c60, 0x7_8595_a680_4c9e, 0x2_b832_4804_fc1d)
    }

    /// Sum without carrying: limbs < 2^53 when both inputs are tight.
    @inline(__always)
    static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(a.l0 &+ b.l0, a.l1 &+ b.l1, a.l2 &+ b.l2, a.l3 &+ b.l3, a.l4 &+ b.l4)
    }

    /// Difference, computed as a + 8p − b and then carried: the result is tight.
    @inline(__always)
    static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        // 8p in radix 2^51: limb 0 is 8·(2^51 − 19), the others 8·(2^51 − 1).
        FieldElement(
            (a.l0 &+ 0x3f_ffff_ffff_ff68) &- b.l0,
            (a.l1 &+ 0x3f_ffff_ffff_fff8) &- b.l1,
            (a.l2 &+ 0x3f_ffff_ffff_fff8) &- b.l2,
            (a.l3 &+ 0x3f_ffff_ffff_fff8) &- b.l3,
            (a.l4 &+ 0x3f_ffff_ffff_fff8) &- b.l4
        ).carried()
    }

    /// a − b as a + 8p − b without the carry pass: only for a result that is next multiplied or squared.
    @inline(__always)
    func minusLazily(_ b: FieldElement) -> FieldElement {
        FieldElement(
            (l0 &+ 0x3f_ffff_ffff_ff68) &- b.l0,
            (l1 &+ 0x3f_ffff_ffff_fff8) &- b.l1,
            (l2 &+ 0x3f_ffff_ffff_fff8) &- b.l2,
            (l3 &+ 0x3f_ffff_ffff_fff8) &- b.l3,
            (l4 &+ 0x3f_ffff_ffff_fff8) &- b.l4)
    }

    /// −a (tight).
    @inline(__always)
    prefix static func - (a: FieldElement) -> FieldElement { .zero - a }

    /// One carry pass: every limb < 2^51 except limb 0, which may reach 2^51 + 19·2^13.
    @inline(__always)
    func carried() -> FieldElement {
        let c0 = l0 &>> 51
        let c1 = l1 &>> 51
        let c2 = l2 &>> 51
        let c3 = l3 &>> 51
        let c4 = l4 &>> 51
        return FieldElement(
            (l0 & Self.mask) &+ c4 &* 19,
            (l1 & Self.mask) &+ c0,
            (l2 & Self.mask) &+ c1,
            (l3 & Self.mask) &+ c2,
            (l4 & Self.mask) &+ c3)
    }

    /// Product modulo p (tight). Schoolbook 5×5 with the wrap-around terms multiplied by 19.
    @inline(__always)
    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        let b1x19 = b.l1 &* 19
        let b2x19 = b.l2 &* 19
        let b3x19 = b.l3 &* 19
        let b4x19 = b.l4 &* 19
        let r0 = wide(a.l0, b.l0) &+ wide(a.l1, b4x19) &+ wide(a.l2, b3x19) &+ wide(a.l3, b2x19) &+ wide(a.l4, b1x19)
        let r1 = wide(a.l0, b.l1) &+ wide(a.l1, b.l0) &+ wide(a.l2, b4x19) &+ wide(a.l3, b3x19) &+ wide(a.l4, b2x19)
        let r2 = wide(a.l0, b.l2) &+ wide(a.l1, b.l1) &+ wide(a.l2, b.l0) &+ wide(a.l3, b4x19) &+ wide(a.l4, b3x19)
        let r3 = wide(a.l0, b.l3) &+ wide(a.l1, b.l2) &+ wide(a.l2, b.l1) &+ wide(a.l3, b.l0) &+ wide(a.l4, b4x19)
        let r4 = wide(a.l0, b.l4) &+ wide(a.l1, b.l3) &+ wide(a.l2, b.l2) &+ wide(a.l3, b.l1) &+ wide(a.l4, b.l0)
        return reduce(r0, r1, r2, r3, r4)
    }

    /// Square modulo p (tight): the product with itself, sharing the symmetric terms.
    @inline(__always)
    func squared() -> FieldElement {
        let d0 = l0 &* 2
        let d1 = l1 &* 2
        let d2 = l2 &* 2
        let d3 = l3 &* 2
        let l3x19 = l3 &* 19
        let l4x19 = l4 &* 19
        let r0 = Self.wide(l0, l0) &+ Self.wide(d1, l4x19) &+ Self.wide(d2, l3x19)
        let r1 = Self.wide(d0, l1) &+ Self.wide(d2, l4x19) &+ Self.wide(l3, l3x19)
        let r2 = Self.wide(d0, l2) &+ Self.wide(l1, l1) &+ Self.wide(d3, l4x19)
        let r3 = Self.wide(d0, l3) &+ Self.wide(d1, l2) &+ Self.wide(l4, l4x19)
        let r4 = Self.wide(d0, l4) &+ Self.wide(d1, l3) &+ Self.wide(l2, l2)
        return Self.reduce(r0, r1, r2, r3, r4)
    }

    /// Squares `count` times (count ≥ 1).
    @inline(__always)
    func squared(times count: Int) -> FieldElement {
        var result = squared()
        for _ in 1..<count { result = result.squared() }
        return result
    }

    /// The full 128-bit product of two limbs.
    @inline(__always)
    static func wide(_ a: UInt64, _ b: UInt64) -> ColumnSum {
        ColumnSum(a, times: b)
    }

    /// Carries five column sums (each < 2^125) down to a tight element.
    @inline(__always)
    static func reduce(_ r0: ColumnSum, _ r1: ColumnSum, _ r2: ColumnSum, _ r3: ColumnSum, _ r4: ColumnSum) -> FieldElement {
        let s1 = r1 &+ r0.shiftedRight51
        let s2 = r2 &+ s1.shiftedRight51
        let s3 = r3 &+ s2.shiftedRight51
        let s4 = r4 &+ s3.shiftedRight51
        // The carry out of limb 4 can exceed 64 bits for large inputs, so it is multiplied by 19 in 128 bits.
        let wrapped = ColumnSum(r0.low & mask) &+ s4.shiftedRight51.timesNineteen
        let low0 = wrapped.low & mask
        let low1 = (s1.low & mask) &+ wrapped.shiftedRight51.low
        return FieldElement(low0, low1, s2.low & mask, s3.low & mask, s4.low & mask)
    }
}

/// A 128-bit column sum of limb products, as two 64-bit halves: `UInt128` would need macOS 15 / iOS 18
/// (docs/apple.md). Wrapping arithmetic; the bounds in ``FieldElement`` keep every sum below 2^125.
struct ColumnSum: Sendable {
    var high: UInt64
    var low: UInt64

    /// `value`, widened.
    @inline(__always)
    init(_ value: UInt64) {
        high = 0
        low = value
    }

    /// The full product `a × b`.
    @inline(__always)
    init(_ a: UInt64, times b: UInt64) {
        (high, low) = a.multipliedFullWidth(by: b)
    }

    @inline(__always)
    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The sum modulo 2^128, the carry from the low half added to the high half.
    @inline(__always)
    static func &+ (a: ColumnSum, b: ColumnSum) -> ColumnSum {
        let (low, carry) = a.low.addingReportingOverflow(b.low)
        return ColumnSum(high: a.high &+ b.high &+ UInt64(carry.bit), low: low)
    }

    /// `self >> 51`.
    @inline(__always)
    var shiftedRight51: ColumnSum {
        ColumnSum(high: high &>> 51, low: (high &<< 13) | (low &>> 51))
    }

    /// `self × 19` modulo 2^128.
    @inline(__always)
    var timesNineteen: ColumnSum {
        let (carry, low) = low.multipliedFullWidth(by: 19)
        return ColumnSum(high: high &* 19 &+ carry, low: low)
    }
}

extension FieldElement {
    /// Reads 32 little-endian bytes at `pointer`, ignoring the top bit (bit 255).
    init(bytes pointer: UnsafeRawPointer) {
        let w0 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        let w1 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let w2 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        let w3 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        self.init(
            w0 & Self.mask,
            ((w0 &>> 51) | (w1 &<< 13)) & Self.mask,
            ((w1 &>> 38) | (w2 &<< 26)) & Self.mask,
            ((w2 &>> 25) | (w3 &<< 39)) & Self.mask,
            (w3 &>> 12) & Self.mask)
    }

    /// The fully reduced value (0 ≤ value < p) as four little-endian 64-bit words.
    func canonicalWords() -> (UInt64, UInt64, UInt64, UInt64) {
        // Two carry passes bring every limb below 2^51 (limb 0 below 2^51 + 19·2), i.e. value < 2^255 + 38.
        var t = carried().carried()
        // q = 1 exactly when value ≥ p: adding 19 then overflows bit 255.
        var q = (t.l0 &+ 19) &>> 51
        q = (t.l1 &+ q) &>> 51
        q = (t.l2 &+ q) &>> 51
        q = (t.l3 &+ q) &>> 51
        q = (t.l4 &+ q) &>> 51
        t.l0 &+= 19 &* q
        t.l1 &+= t.l0 &>> 51
        t.l0 &= Self.mask
        t.l2 &+= t.l1 &>> 51
        t.l1 &= Self.mask
        t.l3 &+= t.l2 &>> 51
        t.l2 &= Self.mask
        t.l4 &+= t.l3 &>> 51
        t.l3 &= Self.mask
        t.l4 &= Self.mask
        return (
            t.l0 | (t.l1 &<< 51),
            (t.l1 &>> 13) | (t.l2 &<< 38),
            (t.l2 &>> 26) | (t.l3 &<< 25),
            (t.l3 &>> 39) | (t.l4 &<< 12)
        )
    }

    /// Writes the canonical 32-byte little-endian encoding at `pointer`.
    func store(into pointer: UnsafeMutableRawPointer) {
        let words = canonicalWords()
        pointer.storeBytes(of: words.0.littleEndian, toByteOffset: 0, as: UInt64.self)
        pointer.storeBytes(of: words.1.littleEndian, toByteOffset: 8, as: UInt64.self)
        pointer.storeBytes(of: words.2.littleEndian, toByteOffset: 16, as: UInt64.self)
        pointer.storeBytes(of: words.3.littleEndian, toByteOffset: 24, as: UInt64.self)
    }

    /// True when the element is 0 modulo p.
    var isZero: Bool {
        let w = canonicalWords()
        return (w.0 | w.1 | w.2 | w.3) == 0
    }

    /// True when the canonical value is odd: the "sign" of x in RFC 8032 §5.1.2.
    var isNegative: Bool { canonicalWords().0 & 1 == 1 }

    /// Equality modulo p.
    static func == (a: FieldElement, b: FieldElement) -> Bool {
        let x = a.canonicalWords()
        let y = b.canonicalWords()
        return x.0 == y.0 && x.1 == y.1 && x.2 == y.2 && x.3 == y.3
    }
}

extension Bool {
    /// 1 for `true`, 0 for `false`, without a branch: `carry ? 1 : 0` is a branch to the optimiser, and with
    /// dozens of products per point formula those branches stopped it from inlining `*` (a 20 % slower verify).
    @inline(__always)
    fileprivate var bit: UInt8 { unsafeBitCast(self, to: UInt8.self) }
}
