/// An integer modulo the group order L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 §5.1),
/// as four little-endian 64-bit words, always fully reduced (0 ≤ value < L).
///
/// Package API: tests build signatures with unusual R or A from these operations.
package struct Ed25519Scalar: Sendable, Equatable {
    var w0: UInt64
    var w1: UInt64
    var w2: UInt64
    var w3: UInt64

    /// L in four little-endian words.
    static let order: (UInt64, UInt64, UInt64, UInt64) = (0x5812_631a_5cf5_d3ed, 0x14de_f9de_a2f7_9cd6, 0, 0x1000_0000_0000_0000)

    /// floor(2^512 / L), five little-endian words: the Barrett constant for 64-byte inputs.
    static let barrett: (UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0xed9c_e5a3_0a2c_131b, 0x2106_215d_0863_29a7, 0xffff_ffff_ffff_ffeb, 0xffff_ffff_ffff_ffff, 0xf
    )

    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3
    }

    /// 0.
    package static var zero: Ed25519Scalar { Ed25519Scalar(0, 0, 0, 0) }

    /// True when the 32 little-endian bytes at `pointer` encode a number below L (RFC 8032 §5.1.7 step 1).
    static func isCanonical(_ pointer: UnsafeRawPointer) -> Bool {
        let words = loadWords(pointer)
        return isBelowOrder(words.0, words.1, words.2, words.3)
    }

    /// Reads 32 little-endian bytes as four words.
    @inline(__always)
    static func loadWords(_ pointer: UnsafeRawPointer) -> (UInt64, UInt64, UInt64, UInt64) {
        (
            UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
            UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
            UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        )
    }

    /// value < L, compared from the most significant word down.
    @inline(__always)
    static func isBelowOrder(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) -> Bool {
        if w3 != order.3 { return w3 < order.3 }
        if w2 != order.2 { return w2 < order.2 }
        if w1 != order.1 { return w1 < order.1 }
        return w0 < order.0
    }

    /// The canonical scalar of 32 little-endian bytes, or nil when the value is ≥ L or the length is not 32.
    package init?(canonical bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        let array = Array(bytes)
        let words = array.withUnsafeBytes { Ed25519Scalar.loadWords($0.baseAddress.unsafelyUnwrapped) }
        guard Self.isBelowOrder(words.0, words.1, words.2, words.3) else { return nil }
        self.init(words.0, words.1, words.2, words.3)
    }

    /// The 64 little-endian bytes at `pointer` reduced modulo L (RFC 8032 §5.1.6/§5.1.7: SHA-512 output).
    init(reducing64 pointer: UnsafeRawPointer) {
        var wide = SIMD8<UInt64>()
        for index in 0..<8 {
            wide[index] = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))
        }
        self = Self.reduce(wide)
    }

    /// `bytes` (up to 64, little-endian) reduced modulo L.
    package init(reducing bytes: some Collection<UInt8>) {
        precondition(bytes.count <= 64, "Ed25519Scalar(reducing:) takes at most 64 bytes")
        var padded = [UInt8](repeating: 0, count: 64)
        for (index, byte) in bytes.enumerated() { padded[index] = byte }
        self = padded.withUnsafeBytes { Ed25519Scalar(reducing64: $0.baseAddress.unsafelyUnwrapped) }
    }

    /// The 32-byte little-endian encoding.
    package var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, initialized in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
            raw.storeBytes(of: w0.littleEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: w1.littleEndian, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: w2.littleEndian, toByteOffset: 16, as: UInt64.self)
            raw.storeBytes(of: w3.littleEndian, toByteOffset: 24, as: UInt64.self)
            initialized = 32
        }
    }

    /// Word `index` (0…3).
    @inline(__always)
    subscript(word index: Int) -> UInt64 {
        switch index {
        case 0: return w0
        case 1: return w1
        case 2: return w2
        default: return w3
        }
    }

    /// (a · b + c) mod L, as RFC 8032 §5.1.6 step 5 needs for S = r + k·s.
    package static func multiplyAdd(_ a: Ed25519Scalar, _ b: Ed25519Scalar, _ c: Ed25519Scalar) -> Ed25519Scalar {
        let left = SIMD4<UInt64>(a.w0, a.w1, a.w2, a.w3)
        let right = SIMD4<UInt64>(b.w0, b.w1, b.w2, b.w3)
        var product = SIMD8<UInt64>(c.w0, c.w1, c.w2, c.w3, 0, 0, 0, 0)
        // Schoolbook: a, b < 2^253, so a·b + c < 2^507 fits the eight words without overflow.
        for i in 0..<4 {
            var carry: UInt64 = 0
            for j in 0..<4 {
                let (high, low) = left[i].multipliedFullWidth(by: right[j])
                let (sum1, overflow1) = product[i + j].addingReportingOverflow(low)
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                product[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            var k = i + 4
            while carry != 0 && k < 8 {
                let (sum, overflow) = product[k].addingReportingOverflow(carry)
                product[k] = sum
                carry = overflow ? 1 : 0
                k += 1
            }
        }
        return reduce(product)
    }

    /// Barrett reduction (HAC 14.42 with base 2^64, k = 4) of a 512-bit number.
    static func reduce(_ x: SIMD8<UInt64>) -> Ed25519Scalar {
        let mu = SIMD8<UInt64>(barrett.0, barrett.1, barrett.2, barrett.3, barrett.4, 0, 0, 0)
        // q1 = floor(x / 2^192): words 3…7.
        let q1 = SIMD8<UInt64>(x[3], x[4], x[5], x[6], x[7], 0, 0, 0)
        // q2 = q1 · mu (10 words); q3 = floor(q2 / 2^320) = words 5…9.
        var q2 = SIMD16<UInt64>()
        for i in 0..<5 {
            var carry: UInt64 = 0
            for j in 0..<5 {
                let (high, low) = q1[i].multipliedFullWidth(by: mu[j])
                let (sum1, overflow1) = q2[i + j].addingReportingOverflow(low)
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                q2[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            q2[i + 5] = carry
        }
        let q3 = SIMD8<UInt64>(q2[5], q2[6], q2[7], q2[8], q2[9], 0, 0, 0)
        // r2 = (q3 · L) mod 2^320.
        let l = SIMD8<UInt64>(order.0, order.1, order.2, order.3, 0, 0, 0, 0)
        var r2 = SIMD8<UInt64>()
        for i in 0..<5 {
            var carry: UInt64 = 0
            for j in 0..<4 where i + j < 5 {
                let (high, low) = q3[i].multipliedFullWidth(by: l[j])
                let (sum1, overflow1) = r2[i + j].addingReportingOverflow(low)
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                r2[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            if i + 4 < 5 { r2[i + 4] = r2[i + 4] &+ carry }
        }
        // r = (x mod 2^320) − r2 mod 2^320; then at most two subtractions of L.
        var r = SIMD8<UInt64>()
        var borrow: UInt64 = 0
        for i in 0..<5 {
            let (d1, b1) = x[i].subtractingReportingOverflow(r2[i])
            let (d2, b2) = d1.subtractingReportingOverflow(borrow)
            r[i] = d2
            borrow = (b1 ? 1 : 0) | (b2 ? 1 : 0)
        }
        while r[4] != 0 || !isBelowOrder(r[0], r[1], r[2], r[3]) {
            var borrow: UInt64 = 0
            for i in 0..<5 {
                let (d1, b1) = r[i].subtractingReportingOverflow(l[i])
                let (d2, b2) = d1.subtractingReportingOverflow(borrow)
                r[i] = d2
                borrow = (b1 ? 1 : 0) | (b2 ? 1 : 0)
            }
        }
        return Ed25519Scalar(r[0], r[1], r[2], r[3])
    }
}
