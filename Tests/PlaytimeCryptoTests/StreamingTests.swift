import PlaytimeCrypto
import Testing

/// Feeding a message in arbitrary pieces must give the one-shot digest.
@Suite("Streaming equals one-shot")
struct StreamingTests {
    @Test("SHA-256 over random chunk splits (500 seeded cases)")
    func sha256Chunks() {
        for seed in UInt64(1)...500 {
            var random = SeededGenerator(seed: seed)
            let message = random.bytes(count: Int.random(in: 0...700, using: &random))
            let expected = SHA256.hash(message)
            var hash = SHA256()
            var index = 0
            while index < message.count {
                let take = Int.random(in: 0...min(130, message.count - index), using: &random)
                message.withUnsafeBytes { hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[index..<index + take])) }
                index += take
            }
            #expect(hash.finalize() == expected, "seed \(seed), length \(message.count)")
        }
    }

    @Test("HMAC-SHA-256 over random chunk splits and random key lengths (300 seeded cases)")
    func hmacChunks() {
        for seed in UInt64(1)...300 {
            var random = SeededGenerator(seed: seed &* 7_919)
            let key = random.bytes(count: Int.random(in: 0...150, using: &random))
            let message = random.bytes(count: Int.random(in: 0...400, using: &random))
            let expected = HMAC<SHA256>.authenticationCode(for: message, using: key)
            var mac = HMAC<SHA256>(key: key)
            var index = 0
            while index < message.count {
                let take = Int.random(in: 1...min(90, message.count - index), using: &random)
                mac.update(message[index..<index + take])
                index += take
            }
            #expect(mac.finalize() == expected, "seed \(seed)")
        }
    }

    @Test("finalize leaves the hash usable")
    func finalizeIsNotConsuming() {
        var hash = SHA256()
        hash.update(Array("ab".utf8))
        _ = hash.finalize()
        hash.update(Array("c".utf8))
        #expect(Hex.encode(hash.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("non-contiguous sequences hash like arrays")
    func nonContiguous() {
        let message = (0..<300).lazy.map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(SHA256.hash(message) == SHA256.hash(Array(message)))
    }
}
