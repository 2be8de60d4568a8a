import PlaytimeCrypto
import PropertyTesting
import Testing

/// The windowed multiplication used by verification and signing against plain double-and-add.
@Suite("Ed25519 scalar multiplication")
struct Ed25519ScalarMultiplicationTests {
    /// Scalars whose signed-window expansions carry a lot: long runs of one bits, the top of the range.
    static let edgeScalars: [[UInt8]] = {
        var lMinusOne = Ed25519Fixtures.order
        lMinusOne[0] -= 1
        var runOfOnes = [UInt8](repeating: 0xff, count: 32)  // 2^252 − 1 (bits 0…251)
        runOfOnes[31] = 0x0f
        var alternating = [UInt8](repeating: 0x7f, count: 32)
        alternating[31] = 0x0f
        var topBit = [UInt8](repeating: 0, count: 32)  // 2^252
        topBit[31] = 0x10
        var one = [UInt8](repeating: 0, count: 32)
        one[0] = 1
        return [[UInt8](repeating: 0, count: 32), one, lMinusOne, runOfOnes, alternating, topBit]
    }()

    @Test("[s]B + [k]P equals double-and-add for edge scalars and points")
    func edgeCases() throws {
        let points = [
            Ed25519Point.base,
            Ed25519Point.identity,
            Ed25519Point.base.multiplied(by: Ed25519Scalar(reducing: [7, 7, 7])),
            try #require(Ed25519Point(encoding: bytes(Ed25519Fixtures.torsion[1]))),
        ]
        // The slow reference products are computed once each (a debug build runs double-and-add slowly).
        let scalars = try Self.edgeScalars.map { try #require(Ed25519Scalar(canonical: $0)) }
        let baseProducts = scalars.map { Ed25519Point.base.multiplied(by: $0) }
        let pointProducts = points.map { point in scalars.map { point.multiplied(by: $0) } }
        for (sIndex, sBytes) in Self.edgeScalars.enumerated() {
            for (kIndex, kBytes) in Self.edgeScalars.enumerated() {
                let s = scalars[sIndex]
                let k = scalars[kIndex]
                for (pIndex, point) in points.enumerated() {
                    let expected = baseProducts[sIndex] + pointProducts[pIndex][kIndex]
                    let fast = Ed25519Point.baseCombination(s: s, k: k, point: point)
                    #expect(fast == expected, "s \(Hex.encode(sBytes)), k \(Hex.encode(kBytes)), P \(Hex.encode(point.encoding))")
                }
            }
            #expect(Ed25519Point.baseMultiple(scalars[sIndex]) == baseProducts[sIndex], "[s]B, s \(Hex.encode(sBytes))")
        }
    }

    @Test("[s]B + [k]P equals double-and-add for random scalars and points (property)")
    func randomCases() throws {
        try PropertyCheck.check(Gen.uint64, count: 60, name: "windowed scalar multiplication") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let s = Ed25519Scalar(reducing: random.bytes(count: 64))
            let k = Ed25519Scalar(reducing: random.bytes(count: 64))
            let point = Ed25519Point.base.multiplied(by: Ed25519Scalar(reducing: random.bytes(count: 64)))
            let expected = Ed25519Point.base.multiplied(by: s) + point.multiplied(by: k)
            try PropertyCheck.expect(Ed25519Point.baseCombination(s: s, k: k, point: point) == expected, "seed \(seed)")
        }
    }

    @Test("[L]B is the identity and [L − 1]B = −B")
    func order() throws {
        var lMinusOne = Ed25519Fixtures.order
        lMinusOne[0] -= 1
        let s = try #require(Ed25519Scalar(canonical: lMinusOne))
        #expect(Ed25519Point.baseMultiple(s) == -Ed25519Point.base)
        #expect(Ed25519Point.base.multiplied(byLittleEndian: Ed25519Fixtures.order).isIdentity)
    }
}
