import PlaytimeCrypto
import Testing

/// FIPS 180-4 / NIST CSRC example vectors for SHA-256.
@Suite("SHA-256 known-answer vectors")
struct SHA256VectorTests {
    @Test(
        "empty, abc, 448-bit and 896-bit messages",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vector(message: String, expected: String) {
        #expect(Hex.encode(SHA256.hash(Array(message.utf8))) == expected)
    }

    @Test("one million 'a' bytes, fed in uneven pieces")
    func millionA() {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        var hash = SHA256()
        var fed = 0
        var step = 1
        while fed < 1_000_000 {
            let take = min(step, 1_000_000 - fed, chunk.count)
            hash.update(chunk[0..<take])
            fed += take
            step = step % 997 + 13
        }
        #expect(Hex.encode(hash.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let oneShot = SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(Hex.encode(oneShot) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("padding boundaries 55, 56, 63, 64 and 65 bytes")
    func paddingBoundaries() {
        // Digests computed with Python's hashlib for bytes(range(n)).
        let expected: [Int: String] = [
            55: "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59",
            56: "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562",
            63: "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488",
            64: "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108",
            65: "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781",
        ]
        for (count, digest) in expected {
            let message = (0..<count).map { UInt8($0) }
            #expect(Hex.encode(SHA256.hash(message)) == digest, "length \(count)")
        }
    }

    @Test("static sizes")
    func sizes() {
        #expect(SHA256.byteCount == 32)
        #expect(SHA256.blockByteCount == 64)
    }
}
