import PlaytimeCrypto
import PropertyTesting
import Testing

/// Arbitrary bytes never trap key validation or verification (a libFuzzer-free robustness check).
@Suite("Ed25519 robustness")
struct Ed25519RobustnessTests {
    @Test("random 32-byte keys and 64-byte signatures never trap and never verify (property)")
    func randomInputs() throws {
        let validKey = Ed25519Fixtures.signer.publicKey
        try PropertyCheck.check(Gen.uint64, count: 500, name: "random Ed25519 inputs") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let rawKey = random.bytes(count: 32)
            let signature = random.bytes(count: 64)
            let message = random.bytes(count: Int.random(in: 0...80, using: &random))
            if let key = try? Ed25519PublicKey(rawRepresentation: rawKey) {
                try PropertyCheck.expect(!key.isValidSignature(signature, for: message), "seed \(seed): random key")
            }
            try PropertyCheck.expect(!validKey.isValidSignature(signature, for: message), "seed \(seed): random signature")
        }
    }

    @Test("structured edge inputs never trap: all-0x00, all-0xff, S near L, R and A near p (property)")
    func edgeInputs() throws {
        let edges: [[UInt8]] =
            [
                [UInt8](repeating: 0, count: 32),
                [UInt8](repeating: 0xff, count: 32),
                [UInt8](repeating: 0xff, count: 31) + [0x7f],
                [0xec] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
                [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
                Ed25519Fixtures.order,
            ] + Ed25519Fixtures.torsion.map(bytes)
        let validKey = Ed25519Fixtures.signer.publicKey
        try PropertyCheck.check(Gen.uint64, count: 300, name: "edge Ed25519 inputs") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let pick = { () -> [UInt8] in
                var value = edges[Int.random(in: 0..<edges.count, using: &random)]
                if Bool.random(using: &random) { value[Int.random(in: 0..<32, using: &random)] ^= UInt8.random(in: 1...255, using: &random) }
                return value
            }
            let rawKey = pick()
            let r = pick()
            let s = pick()
            _ = try? Ed25519PublicKey(rawRepresentation: rawKey)
            _ = Ed25519Point(encoding: rawKey)
            try PropertyCheck.expect(!validKey.isValidSignature(r + s, for: rawKey), "seed \(seed)")
        }
    }

    @Test("inputs of any length 0…100 never trap")
    func anyLength() {
        let validKey = Ed25519Fixtures.signer.publicKey
        var random = SeededGenerator(seed: 2_026)
        for length in 0...100 {
            let value = random.bytes(count: length)
            if length != 32 {
                #expect(throws: Ed25519KeyError.wrongLength(length)) { try Ed25519PublicKey(rawRepresentation: value) }
            }
            #expect(!validKey.isValidSignature(value, for: value))
            #expect(Ed25519Point(encoding: value) == nil || length == 32)
        }
    }
}
