import PlaytimeCrypto
import Testing

@Suite("constantTimeEquals and Hex")
struct ConstantTimeTests {
    @Test("equal, unequal at every position, and length mismatch")
    func comparison() {
        let base = (0..<32).map { UInt8($0 * 5) }
        #expect(constantTimeEquals(base, base))
        #expect(constantTimeEquals([UInt8](), [UInt8]()))
        for index in base.indices {
            for bit in 0..<8 {
                var changed = base
                changed[index] ^= 1 << bit
                #expect(!constantTimeEquals(base, changed), "byte \(index) bit \(bit)")
            }
        }
        #expect(!constantTimeEquals(base, base.dropLast()))
        #expect(!constantTimeEquals(base + [0], base))
        #expect(constantTimeEquals(base[4..<9], Array(base[4..<9])))
    }

    @Test("hex round trip and rejection of bad input")
    func hex() {
        let bytes: [UInt8] = [0x00, 0x01, 0x7f, 0x80, 0xab, 0xff]
        #expect(Hex.encode(bytes) == "00017f80abff")
        #expect(Hex.decode("00017f80abff") == bytes)
        #expect(Hex.decode("00017F80ABFF") == bytes)
        #expect(Hex.decode("") == [])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("0g") == nil)
        #expect(Hex.decode(" 00") == nil)
        #expect(Hex.decode("é0") == nil)
        var random = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let sample = random.bytes(count: Int.random(in: 0...40, using: &random))
            #expect(Hex.decode(Hex.encode(sample)) == sample)
        }
    }
}
