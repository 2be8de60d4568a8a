import PlaytimeCrypto
import Testing

/// The cases that tell the cofactorless equation `[S]B = R + [k]A` (compared by encoding), which
/// `Ed25519PublicKey` uses, from the cofactored `[8][S]B = [8]R + [8][k]A` (docs/crypto.md).
/// Each test builds its signatures with the package-level point and scalar API and asserts what the
/// cofactorless check decides; where the cofactored check would decide otherwise, the comment says so.
@Suite("Ed25519 verification equation: small-order and mixed-order cases")
struct Ed25519EquationTests {
    /// A point of order exactly 8.
    static let torsion8 = Ed25519Point(encoding: bytes(Ed25519Fixtures.torsion[1]))

    @Test("the pinned torsion points are [i]·T for T of order 8, and [L]·P isolates a point's torsion part")
    func torsionPoints() throws {
        let t = try #require(Self.torsion8)
        var multiple = Ed25519Point.identity
        for (i, encoding) in Ed25519Fixtures.torsion.enumerated() {
            #expect(Hex.encode(multiple.encoding) == encoding, "[\(i)]T")
            #expect(multiple.hasSmallOrder)
            multiple = multiple + t
        }
        #expect(multiple.isIdentity, "[8]T is the identity")
        #expect(!t.doubled().doubled().isIdentity, "T has order 8, not 4")
        // B has prime order L; B + T has order 8L and [L](B + T) = [L]T = [L mod 8]T = [5]T.
        #expect(Ed25519Point.base.multiplied(byLittleEndian: Ed25519Fixtures.order).isIdentity)
        let mixed = Ed25519Point.base + t
        #expect(Hex.encode(mixed.multiplied(byLittleEndian: Ed25519Fixtures.order).encoding) == Ed25519Fixtures.torsion[5])
    }

    @Test("small-order public keys are refused (all eight points of E[8])")
    func smallOrderKeys() {
        for encoding in Ed25519Fixtures.torsion {
            #expect(throws: Ed25519KeyError.smallOrder, "key \(encoding)") {
                try Ed25519PublicKey(rawRepresentation: bytes(encoding))
            }
        }
    }

    @Test("R with a small-order component is refused (cofactored verification would accept all of these)")
    func mixedOrderR() throws {
        let t = try #require(Self.torsion8)
        let signer = Ed25519Fixtures.signer
        let key = signer.publicKey
        for index in 0..<32 {
            let message = Array("mixed R \(index)".utf8)
            let r = Ed25519Scalar(reducing: SHA512.hash(message))
            var torsionPart = Ed25519Point.identity
            for _ in 0...(index % 7) { torsionPart = torsionPart + t }  // [1…7]T, never the identity
            let encodedR = (Ed25519Point.base.multiplied(by: r) + torsionPart).encoding
            let k = Ed25519Scalar(reducing: SHA512.hash(encodedR + key.rawRepresentation + message))
            let s = Ed25519Scalar.multiplyAdd(k, signer.secretScalar, r)
            #expect(!key.isValidSignature(encodedR + s.bytes, for: message), "message \(index)")
            // Control: the same construction without the torsion part verifies.
            let honestR = Ed25519Point.base.multiplied(by: r).encoding
            let honestK = Ed25519Scalar(reducing: SHA512.hash(honestR + key.rawRepresentation + message))
            let honestS = Ed25519Scalar.multiplyAdd(honestK, signer.secretScalar, r)
            #expect(key.isValidSignature(honestR + honestS.bytes, for: message), "control \(index)")
        }
    }

    @Test("a mixed-order key A + T is accepted, and verifies exactly when k ≡ 0 (mod 8)")
    func mixedOrderKey() throws {
        let t = try #require(Self.torsion8)
        let a = Ed25519Scalar(reducing: SHA512.hash(Array("mixed-order key".utf8)))
        let mixedPoint = Ed25519Point.base.multiplied(by: a) + t
        let key = try Ed25519PublicKey(rawRepresentation: mixedPoint.encoding)
        var accepted = 0
        var refused = 0
        for index in 0..<96 {
            let message = Array("mixed A \(index)".utf8)
            let r = Ed25519Scalar(reducing: SHA512.hash([0x01] + message))
            let encodedR = Ed25519Point.base.multiplied(by: r).encoding
            let k = Ed25519Scalar(reducing: SHA512.hash(encodedR + key.rawRepresentation + message))
            let s = Ed25519Scalar.multiplyAdd(k, a, r)
            // [S]B − [k](aB + T) = R − [k]T: equal to R exactly when 8 divides k (T has order 8).
            // The cofactored equation would accept every one of these.
            let killsTorsion = k.bytes[0] & 7 == 0
            #expect(key.isValidSignature(encodedR + s.bytes, for: message) == killsTorsion, "message \(index), k mod 8 = \(k.bytes[0] & 7)")
            if killsTorsion { accepted += 1 } else { refused += 1 }
        }
        // Both outcomes must have occurred, or the test would not tell anything apart.
        #expect(accepted > 0 && refused > 0, "accepted \(accepted), refused \(refused)")
    }

    @Test("the identity as R with S = 0 is refused for a key of prime order")
    func identityRZeroS() {
        let key = Ed25519Fixtures.signer.publicKey
        let signature = bytes(Ed25519Fixtures.torsion[0]) + [UInt8](repeating: 0, count: 32)
        #expect(!key.isValidSignature(signature, for: Array("any".utf8)))
    }
}
