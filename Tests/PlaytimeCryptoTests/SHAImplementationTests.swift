import Foundation
import PlaytimeCrypto
import PropertyTesting
import Testing

/// Both SHA-2 implementations — the CPU's instructions (CPlaytimeSHA) and the portable Swift — against the FIPS
/// 180-4 and RFC 4231 vectors and against each other (docs/crypto.md, "Hashing on the CPU's instructions").
/// The other suites hash with the process's choice; CI runs them once more with `PLAYTIME_SHA_FALLBACK=1`.
@Suite("SHA-2 on the CPU's instructions and in Swift")
struct SHAImplementationTests {
    /// The SHA-256 implementations this CPU can run: the Swift code always, the instructions where present.
    static let sha256Implementations: [SHAImplementation] =
        SHAImplementation.sha256InstructionsPresent ? [.instructions, .portable] : [.portable]
    /// The SHA-512 implementations this CPU can run.
    static let sha512Implementations: [SHAImplementation] =
        SHAImplementation.sha512InstructionsPresent ? [.instructions, .portable] : [.portable]

    static func sha256(_ message: [UInt8], _ implementation: SHAImplementation) -> String {
        var hash = SHA256(implementation: implementation)
        hash.update(message)
        return Hex.encode(hash.finalize())
    }

    static func sha512(_ message: [UInt8], _ implementation: SHAImplementation) -> String {
        var hash = SHA512(implementation: implementation)
        hash.update(message)
        return Hex.encode(hash.finalize())
    }

    @Test("the CPU's feature report matches what the kernel says it has (/proc/cpuinfo)")
    func detection() throws {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let text = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("flags") || $0.hasPrefix("Features") })
        let flags = Set(line.split(separator: ":").last.map { $0.split(separator: " ").map(String.init) } ?? [])
        #if arch(x86_64)
        let sha256 = flags.contains("sha_ni") && flags.contains("ssse3") && flags.contains("sse4_1")
        let sha512 = false  // Intel's SHA512 instructions are not used
        #else
        let sha256 = flags.contains("sha2")
        let sha512 = flags.contains("sha512")
        #endif
        #expect(SHAImplementation.sha256InstructionsPresent == sha256, "cpuinfo flags: \(flags.sorted())")
        #expect(SHAImplementation.sha512InstructionsPresent == sha512, "cpuinfo flags: \(flags.sorted())")
        #endif
    }

    @Test("the process's choice follows the CPU and PLAYTIME_SHA_FALLBACK")
    func choice() {
        let setting = ProcessInfo.processInfo.environment[SHAImplementation.fallbackVariable]
        let chosen = SHAImplementation.chosen(fallbackSetting: setting)
        #expect(SHAImplementation.sha256 == chosen.sha256)
        #expect(SHAImplementation.sha512 == chosen.sha512)
        #expect(SHA256().implementation == SHAImplementation.sha256)
        #expect(SHA512().implementation == SHAImplementation.sha512)
        for forcing in ["1", "yes", "00"] {
            #expect(SHAImplementation.chosen(fallbackSetting: forcing) == (.portable, .portable), "\(forcing)")
        }
        let present = (
            SHAImplementation.sha256InstructionsPresent ? SHAImplementation.instructions : .portable,
            SHAImplementation.sha512InstructionsPresent ? SHAImplementation.instructions : .portable
        )
        for unforced in [nil, "", "0"] as [String?] {
            #expect(SHAImplementation.chosen(fallbackSetting: unforced) == present, "\(unforced ?? "unset")")
        }
    }

    @Test("SHA-256: FIPS 180-4 examples, padding boundaries and one million 'a'", arguments: sha256Implementations)
    func sha256Vectors(_ implementation: SHAImplementation) {
        let examples = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ]
        for (message, digest) in examples {
            #expect(Self.sha256(Array(message.utf8), implementation) == digest, "\(message.prefix(8))…")
        }
        // Python's hashlib for bytes(range(n)).
        let boundaries = [
            55: "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59",
            56: "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562",
            63: "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488",
            64: "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108",
            65: "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781",
        ]
        for (count, digest) in boundaries {
            #expect(Self.sha256((0..<count).map { UInt8($0) }, implementation) == digest, "length \(count)")
        }
        #expect(
            Self.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), implementation)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("SHA-512: FIPS 180-4 examples, padding boundaries and one million 'a'", arguments: sha512Implementations)
    func sha512Vectors(_ implementation: SHAImplementation) {
        let examples = [
            ("", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
            ("abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
            ),
        ]
        for (message, digest) in examples {
            #expect(Self.sha512(Array(message.utf8), implementation) == digest, "\(message.prefix(8))…")
        }
        // Python's hashlib for bytes(i % 251).
        let boundaries = [
            111: "a1a111449b198d9b1f538bad7f3fc1022b3a5b1a5e90a0bc860de8512746cbc31599e6c834de3a3235327af0b51ff57bf7acf1974a73014d9c3953812edc7c8d",
            112: "c5fbd731d19d2ae1180f001be72c2c1aaba1d7b094b3748880e24593b8e117a750e11c1bd867cc2f96dace8c8b74abd2d5c4f236be444e77d30d1916174070b9",
            128: "1dffd5e3adb71d45d2245939665521ae001a317a03720a45732ba1900ca3b8351fc5c9b4ca513eba6f80bc7b1d1fdad4abd13491cb824d61b08d8c0e1561b3f7",
            240: "6c48466c9f6c07e4ab762c696b7eeb35cfe236fca73683e5fab873ac3489b4d2eb3d7afcce7e8165dbbf37aded3b5b0c889c0b7e0f1790a8330d8677429d91a5",
        ]
        for (count, digest) in boundaries {
            #expect(Self.sha512((0..<count).map { UInt8($0 % 251) }, implementation) == digest, "length \(count)")
        }
        #expect(
            Self.sha512([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), implementation)
                == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    }

    @Test("HMAC-SHA-256: RFC 4231 cases 1–7", arguments: sha256Implementations)
    func hmacSHA256(_ implementation: SHAImplementation) {
        for testCase in HMACVectorTests.cases {
            var mac = HMAC(key: testCase.key, hash: SHA256(implementation: implementation))
            mac.update(testCase.data)
            let code = Hex.encode(mac.finalize())
            #expect(code.hasPrefix(testCase.expected), "case \(testCase.number)")
        }
    }

    @Test("HMAC-SHA-512: RFC 4231 cases 1 and 6", arguments: sha512Implementations)
    func hmacSHA512(_ implementation: SHAImplementation) {
        var short = HMAC(key: [UInt8](repeating: 0x0b, count: 20), hash: SHA512(implementation: implementation))
        short.update(Array("Hi There".utf8))
        #expect(
            Hex.encode(short.finalize())
                == "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
        var long = HMAC(key: [UInt8](repeating: 0xaa, count: 131), hash: SHA512(implementation: implementation))
        long.update(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(
            Hex.encode(long.finalize())
                == "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598")
    }

    /// A message length, the sizes of the pieces it is fed in (the rest goes in one last piece) and a seed for
    /// its bytes: shrinks towards short messages fed whole.
    static let streamedMessages = Gen.zip(Gen.int(in: 0...3_000), Gen.array(of: Gen.int(in: 0...300), count: 0...12), Gen.uint64)

    /// Feeds `message` to `hash` in pieces of the given sizes (cut to what is left), then the rest.
    static func feed<H: HashFunction>(_ message: [UInt8], pieces: [Int], into hash: inout H) {
        var index = 0
        message.withUnsafeBytes { bytes in
            for size in pieces {
                let take = min(size, message.count - index)
                hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[index..<index + take]))
                index += take
            }
            hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[index...]))
        }
    }

    @Test(
        "SHA-256 on the instructions, fed in random pieces, equals the Swift code on the whole message (property)",
        .enabled(if: SHAImplementation.sha256InstructionsPresent))
    func sha256Agreement() throws {
        try PropertyCheck.check(Self.streamedMessages, count: 400, name: "SHA-256 instructions vs Swift") { (length, pieces, seed) throws in
            var random = SeededGenerator(seed: seed)
            let message = random.bytes(count: length)
            var streamed = SHA256(implementation: .instructions)
            Self.feed(message, pieces: pieces, into: &streamed)
            var reference = SHA256(implementation: .portable)
            reference.update(message)
            var portableStreamed = SHA256(implementation: .portable)
            Self.feed(message, pieces: pieces, into: &portableStreamed)
            try PropertyCheck.expect(streamed.finalize() == reference.finalize(), "instructions, length \(length), pieces \(pieces)")
            try PropertyCheck.expect(portableStreamed.finalize() == reference.finalize(), "Swift streamed, length \(length), pieces \(pieces)")
        }
    }

    @Test(
        "SHA-512 on the instructions, fed in random pieces, equals the Swift code on the whole message (property)",
        .enabled(if: SHAImplementation.sha512InstructionsPresent))
    func sha512Agreement() throws {
        try PropertyCheck.check(Self.streamedMessages, count: 400, name: "SHA-512 instructions vs Swift") { (length, pieces, seed) throws in
            var random = SeededGenerator(seed: seed)
            let message = random.bytes(count: length)
            var streamed = SHA512(implementation: .instructions)
            Self.feed(message, pieces: pieces, into: &streamed)
            var reference = SHA512(implementation: .portable)
            reference.update(message)
            try PropertyCheck.expect(streamed.finalize() == reference.finalize(), "length \(length), pieces \(pieces)")
        }
    }

    @Test(
        "HMAC-SHA-256 with a random key on the instructions equals the Swift code (property)",
        .enabled(if: SHAImplementation.sha256InstructionsPresent))
    func hmacAgreement() throws {
        let cases = Gen.zip(Gen.int(in: 0...200), Self.streamedMessages)
        try PropertyCheck.check(cases, count: 200, name: "HMAC-SHA-256 instructions vs Swift") { (keyLength, streamed) throws in
            let (length, pieces, seed) = streamed
            var random = SeededGenerator(seed: seed)
            let key = random.bytes(count: keyLength)
            let message = random.bytes(count: length)
            var fast = HMAC(key: key, hash: SHA256(implementation: .instructions))
            var reference = HMAC(key: key, hash: SHA256(implementation: .portable))
            var index = 0
            for size in pieces {
                let take = min(size, message.count - index)
                fast.update(message[index..<index + take])
                index += take
            }
            fast.update(message[index...])
            reference.update(message)
            try PropertyCheck.expect(fast.finalize() == reference.finalize(), "key \(keyLength) bytes, length \(length), pieces \(pieces)")
        }
    }
}
