import PlaytimeCrypto
import Testing

/// The twelve edge-case vectors of Chalkias, Garillot and Nikolaenko, "Taming the many EdDSAs" (2020),
/// which separate implementations by their checks on S, on point encodings, on small-order points and by
/// their verification equation. Each case pins what this implementation decides and why.
@Suite("Ed25519 edge-case vectors (Taming the many EdDSAs)")
struct Ed25519EdgeCaseVectorTests {
    /// What a case is expected to do here.
    enum Outcome: Sendable {
        /// The key is refused at creation with this error.
        case keyRefused(Ed25519KeyError)
        /// The key is accepted and verification returns this.
        case verifies(Bool)
    }

    /// One vector: message, public key, signature (hex), the expected outcome and the reason.
    struct Case: Sendable, CustomTestStringConvertible {
        let number: Int
        let message: String
        let publicKey: String
        let signature: String
        let outcome: Outcome
        let why: String
        var testDescription: String { "case \(number): \(why)" }
    }

    static let cases: [Case] = [
        Case(
            number: 0, message: "8c93255d71dcab10e8f379c26200f3c7bd5f09d9bc3068d3ef4edeb4853022b6",
            publicKey: "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
            signature: "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a0000000000000000000000000000000000000000000000000000000000000000",
            outcome: .keyRefused(.smallOrder), why: "S = 0, small-order A and R: the key has small order"),
        Case(
            number: 1, message: "9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79",
            publicKey: "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
            signature: "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43a5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04",
            outcome: .keyRefused(.smallOrder), why: "small-order A, mixed-order R: the key has small order"),
        Case(
            number: 2, message: "aebf3f2601a0c8c5d39cc7d8911642f740b78168218da8471772b35f9d35b9ab",
            publicKey: "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
            signature: "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa8c4bd45aecaca5b24fb97bc10ac27ac8751a7dfe1baff8b953ec9f5833ca260e",
            outcome: .verifies(true), why: "mixed-order A, small-order R: [S]B − [k]A encodes to R exactly"),
        Case(
            number: 3, message: "9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79",
            publicKey: "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d",
            signature: "9046a64750444938de19f227bb80485e92b83fdb4b6506c160484c016cc1852f87909e14428a7a1d62e9f22f3d3ad7802db02eb2e688b6c52fcd6648a98bd009",
            outcome: .verifies(true), why: "mixed-order A and R, the torsion parts agree: both equations accept"),
        Case(
            number: 4, message: "e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c",
            publicKey: "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d",
            signature: "160a1cb0dc9c0258cd0a7d23e94d8fa878bcb1925f2c64246b2dee1796bed5125ec6bc982a269b723e0668e540911a9a6a58921d6925e434ab10aa7940551a09",
            outcome: .verifies(false), why: "mixed-order A and R, torsion parts differ: only the cofactored equation accepts"),
        Case(
            number: 5, message: "e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c",
            publicKey: "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d",
            signature: "21122a84e0b5fca4052f5b1235c80a537878b38f3142356b2c2384ebad4668b7e40bc836dac0f71076f9abe3a53f9c03c1ceeeddb658d0030494ace586687405",
            outcome: .verifies(false), why: "accepted only by a cofactored check that multiplies k by 8 before reducing it"),
        Case(
            number: 6, message: "85e241a07d148b41e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec40",
            publicKey: "442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623",
            signature: "e96f66be976d82e60150baecff9906684aebb1ef181f67a7189ac78ea23b6c0e547f7690a0e2ddcd04d87dbc3490dc19b3b3052f7ff0538cb68afb369ba3a514",
            outcome: .verifies(false), why: "S ≥ L (S + L of a valid S): refused by the range check"),
        Case(
            number: 7, message: "85e241a07d148b41e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec40",
            publicKey: "442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623",
            signature: "8ce5b96c8f26d0ab6c47958c9e68b937104cd36e13c33566acd2fe8d38aa19427e71f98a473474f2f13f06f97c20d58cc3f54b8bd0d272f42b695dd7e89a8c22",
            outcome: .verifies(false), why: "S far above L (top bits set): refused by the range check"),
        Case(
            number: 8, message: "9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41",
            publicKey: "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
            signature: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff03be9678ac102edcd92b0210bb34d7428d12ffc5df5f37e359941266a4e35f0f",
            outcome: .verifies(false), why: "non-canonical R (x = 0 with the sign bit): never equals a computed encoding"),
        Case(
            number: 9, message: "9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41",
            publicKey: "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43",
            signature: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffca8c5b64cd208982aa38d4936621a4775aa233aa0505711d8fdcfdaa943d4908",
            outcome: .verifies(false), why: "non-canonical R, second variant"),
        Case(
            number: 10, message: "e96b7021eb39c1a163b6da4e3093dcd3f21387da4cc4572be588fafae23c155b",
            publicKey: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            signature: "a9d55260f765261eb9b84e106f665e00b867287a761990d7135963ee0a7d59dca5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04",
            outcome: .keyRefused(.nonCanonicalEncoding), why: "non-canonical A (x = 0 with the sign bit)"),
        Case(
            number: 11, message: "39a591f5321bbe07fd5a23dc2f39d025d74526615746727ceefd6e82ae65c06f",
            publicKey: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            signature: "a9d55260f765261eb9b84e106f665e00b867287a761990d7135963ee0a7d59dca5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04",
            outcome: .keyRefused(.nonCanonicalEncoding), why: "non-canonical A; libraries that reduce A accept this one"),
    ]

    @Test("each case decides as pinned", arguments: Self.cases)
    func edgeCase(_ vector: Case) {
        let raw = bytes(vector.publicKey)
        switch vector.outcome {
        case .keyRefused(let error):
            #expect(throws: error) { try Ed25519PublicKey(rawRepresentation: raw) }
        case .verifies(let expected):
            do {
                let key = try Ed25519PublicKey(rawRepresentation: raw)
                #expect(key.isValidSignature(bytes(vector.signature), for: bytes(vector.message)) == expected)
            } catch {
                Issue.record("case \(vector.number): key refused with \(error)")
            }
        }
    }

    /// Torsion parts [L]·A computed with Python's integers: cases 2 and 8–9 use a key with torsion
    /// [5]T, cases 3–5 one with [3]T (T as in `Ed25519Fixtures.torsion`); cases 6–7 use a torsion-free key.
    @Test("the keys of cases 2–9 have the torsion parts the paper describes")
    func keyTorsion() throws {
        for (encoding, torsion) in [
            ("f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43", Ed25519Fixtures.torsion[5]),
            ("cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d", Ed25519Fixtures.torsion[3]),
            ("442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623", Ed25519Fixtures.torsion[0]),
        ] {
            let point = try #require(Ed25519Point(encoding: bytes(encoding)))
            #expect(!point.hasSmallOrder, "\(encoding)")
            #expect(Hex.encode(point.multiplied(byLittleEndian: Ed25519Fixtures.order).encoding) == torsion, "\(encoding)")
        }
    }
}
