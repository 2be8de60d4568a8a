import PlaytimeCrypto
import PropertyTesting
import Testing

/// Arithmetic modulo L against a bit-serial reference written independently in the test.
@Suite("Ed25519 scalars modulo L")
struct Ed25519ScalarTests {
    @Test("reduction of 64-byte values equals the bit-serial reference (edge values)")
    func reductionEdges() {
        let l = Ed25519Fixtures.order
        var lMinusOne = l
        lMinusOne[0] -= 1
        let cases: [[UInt8]] = [
            [UInt8](repeating: 0, count: 64),
            [UInt8](repeating: 0xff, count: 64),
            l + [UInt8](repeating: 0, count: 32),
            lMinusOne + [UInt8](repeating: 0, count: 32),
            add32(l, l) + [UInt8](repeating: 0, count: 32),
            [UInt8](repeating: 0, count: 63) + [0x80],
            [UInt8](repeating: 0, count: 32) + [0x01] + [UInt8](repeating: 0, count: 31),
        ]
        for value in cases {
            #expect(Ed25519Scalar(reducing: value).bytes == ReferenceScalar.reduce(value), "\(Hex.encode(value))")
        }
        #expect(Ed25519Scalar(reducing: l) == .zero)
        #expect(Ed25519Scalar(canonical: l) == nil)
        #expect(Ed25519Scalar(canonical: lMinusOne)?.bytes == lMinusOne)
    }

    @Test("reduction of random 64-byte values equals the reference (property)")
    func reductionProperty() throws {
        try PropertyCheck.check(Gen.uint64, count: 300, name: "mod L reduction") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let value = random.bytes(count: 64)
            try PropertyCheck.expect(Ed25519Scalar(reducing: value).bytes == ReferenceScalar.reduce(value), "seed \(seed)")
        }
    }

    @Test("a·b + c modulo L equals the reference (property)")
    func multiplyAddProperty() throws {
        try PropertyCheck.check(Gen.uint64, count: 300, name: "mod L multiply-add") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let a = Ed25519Scalar(reducing: random.bytes(count: 64))
            let b = Ed25519Scalar(reducing: random.bytes(count: 64))
            let c = Ed25519Scalar(reducing: random.bytes(count: 64))
            let expected = ReferenceScalar.reduce(ReferenceScalar.multiplyAdd(a.bytes, b.bytes, c.bytes))
            try PropertyCheck.expect(Ed25519Scalar.multiplyAdd(a, b, c).bytes == expected, "seed \(seed)")
        }
    }
}

/// Slow, obviously correct arithmetic on little-endian byte strings, for cross-checking only.
enum ReferenceScalar {
    /// value mod L by shift-and-subtract, one bit at a time from the top.
    static func reduce(_ value: [UInt8]) -> [UInt8] {
        let l = Ed25519Fixtures.order
        var remainder = [UInt8](repeating: 0, count: 33)  // < 2L < 2^254, with room for the shift
        for bit in stride(from: value.count * 8 - 1, through: 0, by: -1) {
            // remainder = 2·remainder + bit
            var carry = (value[bit / 8] >> UInt8(bit % 8)) & 1
            for index in 0..<33 {
                let shifted = remainder[index] << 1 | carry
                carry = remainder[index] >> 7
                remainder[index] = shifted
            }
            if !isLess(remainder, l) { remainder = subtract(remainder, l) }
        }
        return Array(remainder[0..<32])
    }

    /// a·b + c as a 64-byte number (schoolbook on bytes).
    static func multiplyAdd(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> [UInt8] {
        var product = [Int](repeating: 0, count: 65)
        for (index, byte) in c.enumerated() { product[index] += Int(byte) }
        for i in 0..<32 { for j in 0..<32 { product[i + j] += Int(a[i]) * Int(b[j]) } }
        var result = [UInt8](repeating: 0, count: 64)
        var carry = 0
        for index in 0..<64 {
            let total = product[index] + carry
            result[index] = UInt8(total & 0xff)
            carry = total >> 8
        }
        return result
    }

    /// lhs < rhs, where lhs may be one byte longer than rhs.
    static func isLess(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        for index in stride(from: lhs.count - 1, through: 0, by: -1) {
            let right = index < rhs.count ? rhs[index] : 0
            if lhs[index] != right { return lhs[index] < right }
        }
        return false
    }

    /// lhs − rhs for lhs ≥ rhs.
    static func subtract(_ lhs: [UInt8], _ rhs: [UInt8]) -> [UInt8] {
        var result = lhs
        var borrow = 0
        for index in 0..<lhs.count {
            let difference = Int(lhs[index]) - Int(index < rhs.count ? rhs[index] : 0) - borrow
            result[index] = UInt8((difference + 256) & 0xff)
            borrow = difference < 0 ? 1 : 0
        }
        return result
    }
}
