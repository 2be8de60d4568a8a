import PlaytimeCrypto
import PropertyTesting
import Testing

/// FIPS 180-4 / NIST CSRC example vectors for SHA-512, padding boundaries and streaming.
@Suite("SHA-512")
struct SHA512Tests {
    @Test(
        "empty, abc, 448-bit and 896-bit messages",
        arguments: [
            ("", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
            ("abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
            ),
        ])
    func vector(message: String, expected: String) {
        #expect(Hex.encode(SHA512.hash(Array(message.utf8))) == expected)
    }

    @Test("one million 'a' bytes, one shot and fed in uneven pieces")
    func millionA() {
        let expected = "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        var hash = SHA512()
        var fed = 0
        var step = 1
        while fed < 1_000_000 {
            let take = min(step, 1_000_000 - fed, chunk.count)
            hash.update(chunk[0..<take])
            fed += take
            step = step % 997 + 13
        }
        #expect(Hex.encode(hash.finalize()) == expected)
        #expect(Hex.encode(SHA512.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == expected)
    }

    /// Digests of bytes `i % 251` for lengths around the 112-byte padding limit and the 128-byte block,
    /// as computed by Python's hashlib.
    @Test(
        "padding boundaries 111, 112, 127, 128, 129, 239 and 240 bytes",
        arguments: [
            (111, "a1a111449b198d9b1f538bad7f3fc1022b3a5b1a5e90a0bc860de8512746cbc31599e6c834de3a3235327af0b51ff57bf7acf1974a73014d9c3953812edc7c8d"),
            (112, "c5fbd731d19d2ae1180f001be72c2c1aaba1d7b094b3748880e24593b8e117a750e11c1bd867cc2f96dace8c8b74abd2d5c4f236be444e77d30d1916174070b9"),
            (127, "eab89674feaa34e27aebeeff3c0a4d70070bb872d5e9f186cf1dbbdee517b6e35724d629ff025a5b07185e911ada7e3c8acf830aa0e4f71777bd2d44f504f7f0"),
            (128, "1dffd5e3adb71d45d2245939665521ae001a317a03720a45732ba1900ca3b8351fc5c9b4ca513eba6f80bc7b1d1fdad4abd13491cb824d61b08d8c0e1561b3f7"),
            (129, "1d9da57fbbdab09afb3506ab2d223d06109d65c1c8ad197f50138f714bc4c3f2fe5787922639c680acad1c651f955990425954ce2cba0c5cc83f2667d878eb0f"),
            (239, "cb4c7fd522756d5781ad3a4f590a1d862906b960e7720136cb3fb36b563caa1ea5689134291fa79c80ccc2b4092b41df32ebdcb36dbe79db483440228c1622a8"),
            (240, "6c48466c9f6c07e4ab762c696b7eeb35cfe236fca73683e5fab873ac3489b4d2eb3d7afcce7e8165dbbf37aded3b5b0c889c0b7e0f1790a8330d8677429d91a5"),
        ])
    func paddingBoundary(length: Int, expected: String) {
        let message = (0..<length).map { UInt8($0 % 251) }
        #expect(Hex.encode(SHA512.hash(message)) == expected)
    }

    @Test("HMAC-SHA-512, RFC 4231 test cases 1 and 6 (key longer than a block)")
    func hmac() {
        let short = HMAC<SHA512>.authenticationCode(
            for: Array("Hi There".utf8), using: [UInt8](repeating: 0x0b, count: 20))
        #expect(
            Hex.encode(short)
                == "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
        let long = HMAC<SHA512>.authenticationCode(
            for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            using: [UInt8](repeating: 0xaa, count: 131))
        #expect(
            Hex.encode(long)
                == "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598")
    }

    @Test("sizes: 128-byte blocks, 64-byte digests")
    func sizes() {
        #expect(SHA512.blockByteCount == 128)
        #expect(SHA512.byteCount == 64)
        #expect(SHA512.hash([UInt8]()).count == 64)
    }

    @Test("two updates split at every offset equal the one-shot digest (property over message seeds)")
    func splitAtEveryOffset() throws {
        try PropertyCheck.check(Gen.uint64, count: 40, name: "SHA-512 split at every offset") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let message = random.bytes(count: Int.random(in: 0...300, using: &random))
            let expected = SHA512.hash(message)
            for offset in 0...message.count {
                var hash = SHA512()
                hash.update(message[0..<offset])
                hash.update(message[offset...])
                try PropertyCheck.expect(hash.finalize() == expected, "seed \(seed), length \(message.count), split at \(offset)")
            }
        }
    }

    @Test("random multi-piece splits equal the one-shot digest (property over message seeds)")
    func randomSplits() throws {
        try PropertyCheck.check(Gen.uint64, count: 300, name: "SHA-512 random splits") { (seed: UInt64) throws in
            var random = SeededGenerator(seed: seed)
            let message = random.bytes(count: Int.random(in: 0...1_000, using: &random))
            let expected = SHA512.hash(message)
            var hash = SHA512()
            var index = 0
            while index < message.count {
                let take = Int.random(in: 0...min(260, message.count - index), using: &random)
                message.withUnsafeBytes { hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[index..<index + take])) }
                index += take
            }
            try PropertyCheck.expect(hash.finalize() == expected, "seed \(seed), length \(message.count)")
        }
    }

    @Test("finalize leaves the hash usable")
    func finalizeIsNotConsuming() {
        var hash = SHA512()
        hash.update(Array("ab".utf8))
        _ = hash.finalize()
        hash.update(Array("c".utf8))
        #expect(hash.finalize() == SHA512.hash(Array("abc".utf8)))
    }
}
