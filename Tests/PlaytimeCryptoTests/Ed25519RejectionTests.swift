import PlaytimeCrypto
import Testing

/// What Ed25519 verification and key validation refuse (RFC 8032 §5.1.3, §5.1.7).
@Suite("Ed25519 rejections")
struct Ed25519RejectionTests {
    let message = Array("RoughTime v1 response signature\u{0}".utf8)

    @Test("S ≥ L is refused: S = L, S = L + 1, S + L of a valid signature, S = 2^256 − 1")
    func nonCanonicalS() {
        let key = Ed25519Fixtures.signer.publicKey
        let signature = Ed25519Fixtures.signer.signature(for: message)
        #expect(key.isValidSignature(signature, for: message))
        let r = Array(signature[0..<32])
        let s = Array(signature[32..<64])
        var one = [UInt8](repeating: 0, count: 32)
        one[0] = 1
        for badS in [
            Ed25519Fixtures.order,
            add32(Ed25519Fixtures.order, one),
            add32(s, Ed25519Fixtures.order),
            [UInt8](repeating: 0xff, count: 32),
        ] {
            #expect(!key.isValidSignature(r + badS, for: message), "S = \(Hex.encode(badS))")
        }
        // L − 1 is canonical: the signature is then refused only because the equation fails.
        let lMinusOne = [UInt8](Ed25519Fixtures.order.enumerated().map { $0.offset == 0 ? $0.element - 1 : $0.element })
        #expect(!key.isValidSignature(r + lMinusOne, for: message))
    }

    @Test("R with y ≥ p is refused even when the same point, canonically encoded, verifies")
    func nonCanonicalR() throws {
        // Build signatures whose R is the identity: r = 0, so S = k·a with k = H(R ‖ A ‖ M).
        let signer = Ed25519Fixtures.signer
        let a = signer.secretScalar
        let key = signer.publicKey
        let canonicalIdentity = bytes("0100000000000000000000000000000000000000000000000000000000000000")
        // y = p + 1 ≡ 1: the identity's y, not reduced.
        let nonCanonicalIdentity = bytes("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        func signature(withR encodedR: [UInt8]) -> [UInt8] {
            let k = Ed25519Scalar(reducing: SHA512.hash(encodedR + key.rawRepresentation + message))
            return encodedR + Ed25519Scalar.multiplyAdd(k, a, .zero).bytes
        }
        #expect(key.isValidSignature(signature(withR: canonicalIdentity), for: message), "control: canonical R verifies")
        #expect(!key.isValidSignature(signature(withR: nonCanonicalIdentity), for: message))
    }

    @Test("public keys with y ≥ p are refused, for every such y and both sign bits")
    func nonCanonicalKeys() {
        // p = 2^255 − 19 is ed ff … ff 7f; y = p + i for i = 0…18 are the only 255-bit values ≥ p.
        for i in 0..<19 {
            for sign: UInt8 in [0, 0x80] {
                var encoding = [UInt8](repeating: 0xff, count: 32)
                encoding[0] = 0xed + UInt8(i)
                encoding[31] = 0x7f | sign
                #expect(throws: Ed25519KeyError.nonCanonicalEncoding) {
                    try Ed25519PublicKey(rawRepresentation: encoding)
                }
            }
        }
    }

    @Test("x = 0 with the sign bit set is refused as non-canonical (y = 1 and y = −1)")
    func negativeZeroX() {
        for encoding in [
            "0100000000000000000000000000000000000000000000000000000000000080",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        ] {
            #expect(throws: Ed25519KeyError.nonCanonicalEncoding) { try Ed25519PublicKey(rawRepresentation: bytes(encoding)) }
        }
    }

    /// y = 2, 7, 8, 11 give (y² − 1)/(d·y² + 1) a non-square (checked with Python's integers).
    @Test("y values with no curve point are refused", arguments: [2, 7, 8, 11, 12, 13, 17, 20, 22, 31] as [UInt8])
    func notOnCurve(y: UInt8) {
        for sign: UInt8 in [0, 0x80] {
            var encoding = [UInt8](repeating: 0, count: 32)
            encoding[0] = y
            encoding[31] = sign
            #expect(throws: Ed25519KeyError.notOnCurve) { try Ed25519PublicKey(rawRepresentation: encoding) }
            #expect(Ed25519Point(encoding: encoding) == nil)
        }
    }

    @Test("keys of the wrong length are refused with their length", arguments: [0, 1, 31, 33, 64])
    func wrongKeyLength(length: Int) {
        #expect(throws: Ed25519KeyError.wrongLength(length)) {
            try Ed25519PublicKey(rawRepresentation: [UInt8](repeating: 9, count: length))
        }
    }

    @Test("signatures of the wrong length are refused, including a valid one with a byte added or removed")
    func wrongSignatureLength() {
        let key = Ed25519Fixtures.signer.publicKey
        let signature = Ed25519Fixtures.signer.signature(for: message)
        #expect(!key.isValidSignature(signature + [0], for: message))
        #expect(!key.isValidSignature(signature.dropLast(), for: message))
        #expect(!key.isValidSignature([UInt8](), for: message))
        #expect(!key.isValidSignature(signature + signature, for: message))
    }

    /// Every bit of TEST 2's signature; for the other vectors 128 bits spread over R and S (debug builds
    /// verify in milliseconds, so the full 5 × 512 would dominate the suite's time).
    @Test(
        "single-bit flips of a signature are refused (all 512 for TEST 2, 128 spread bits for the others)",
        arguments: Ed25519Fixtures.rfcVectors)
    func signatureBitFlips(_ vector: Ed25519Fixtures.Vector) throws {
        let key = try Ed25519PublicKey(rawRepresentation: bytes(vector.publicKey))
        let message = bytes(vector.message)
        let signature = bytes(vector.signature)
        let bits = vector.name == "TEST 2" ? Array(0..<512) : (0..<128).map { $0 * 4 + $0 % 4 }
        for bit in bits {
            var flipped = signature
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(!key.isValidSignature(flipped, for: message), "\(vector.name): bit \(bit)")
        }
    }

    @Test("single-bit flips of a message are refused (every bit of TEST 2 and 3, 128 spread bits of SHA(abc) and TEST 1024)")
    func messageBitFlips() throws {
        for (index, vector) in Ed25519Fixtures.rfcVectors.enumerated() where index != 0 {
            let key = try Ed25519PublicKey(rawRepresentation: bytes(vector.publicKey))
            let message = bytes(vector.message)
            let signature = bytes(vector.signature)
            let bitCount = min(message.count * 8, 128)
            let stride = message.count * 8 / bitCount  // 1 for the short messages, else 4 and 63
            for step in 0..<bitCount {
                let bit = step * stride + step % stride
                var flipped = message
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                #expect(!key.isValidSignature(signature, for: flipped), "\(vector.name): bit \(bit)")
            }
            // An appended byte and the empty message are other messages too.
            #expect(!key.isValidSignature(signature, for: message + [0]))
        }
    }

    @Test("single-bit flips of a public key are refused at creation or fail verification (every bit of TEST 1, spread bits elsewhere)")
    func keyBitFlips() throws {
        for (index, vector) in Ed25519Fixtures.rfcVectors.enumerated() {
            let raw = bytes(vector.publicKey)
            let message = bytes(vector.message)
            let signature = bytes(vector.signature)
            // All 256 bits of the first vector; 37 spread bits (a stride coprime to 8) of the others, so a
            // debug build stays quick while every bit position of a byte is still hit.
            for bit in stride(from: index == 0 ? 0 : index, to: 256, by: index == 0 ? 1 : 7) {
                var flipped = raw
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                guard let key = try? Ed25519PublicKey(rawRepresentation: flipped) else { continue }
                #expect(!key.isValidSignature(signature, for: message), "\(vector.name): key bit \(bit)")
            }
        }
    }

    @Test("a signature under another key is refused")
    func otherKey() throws {
        let other = Ed25519SigningKey(seed: [UInt8](repeating: 7, count: 32))
        let signature = other.signature(for: message)
        #expect(other.publicKey.isValidSignature(signature, for: message))
        #expect(!Ed25519Fixtures.signer.publicKey.isValidSignature(signature, for: message))
    }
}
