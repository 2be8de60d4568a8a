import PlaytimeCrypto
import Testing

/// RFC 8032 §7.1 test vectors for Ed25519: key derivation, signing and verification.
@Suite("Ed25519 RFC 8032 §7.1 vectors")
struct Ed25519VectorTests {
    @Test("public key, signature and verification", arguments: Ed25519Fixtures.rfcVectors)
    func vector(_ vector: Ed25519Fixtures.Vector) throws {
        let signer = Ed25519SigningKey(seed: bytes(vector.seed))
        #expect(Hex.encode(signer.publicKey.rawRepresentation) == vector.publicKey, "\(vector.name): public key")
        let message = bytes(vector.message)
        #expect(Hex.encode(signer.signature(for: message)) == vector.signature, "\(vector.name): signature")
        let key = try Ed25519PublicKey(rawRepresentation: bytes(vector.publicKey))
        #expect(key.isValidSignature(bytes(vector.signature), for: message), "\(vector.name): verifies")
        #expect(key == signer.publicKey)
    }

    @Test("slices and non-contiguous collections verify like arrays")
    func collectionKinds() throws {
        let vector = Ed25519Fixtures.rfcVectors[2]
        let key = try Ed25519PublicKey(rawRepresentation: bytes(vector.publicKey)[...])
        let message = bytes(vector.message)
        let padded = [0xaa] + bytes(vector.signature) + [0xbb]
        #expect(key.isValidSignature(padded[1..<65], for: message[...]))
        #expect(key.isValidSignature(bytes(vector.signature), for: message.lazy.map { $0 }))
        #expect(!key.isValidSignature(padded[0..<64], for: message))
    }

    @Test("the SHA(abc) message is SHA-512(\"abc\")")
    func shaAbcMessage() {
        #expect(Hex.encode(SHA512.hash(Array("abc".utf8))) == Ed25519Fixtures.rfcVectors[4].message)
    }

    @Test("the TEST 1024 message is 1023 bytes")
    func longMessageLength() {
        #expect(bytes(Ed25519Fixtures.rfcVectors[3].message).count == 1023)
    }
}

/// Shared inputs of the Ed25519 suites.
enum Ed25519Fixtures {
    /// One RFC 8032 §7.1 test: seed ("SECRET KEY"), public key, message and signature, all hex.
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let seed: String
        let publicKey: String
        let message: String
        let signature: String
        var testDescription: String { name }
    }

    static let rfcVectors: [Vector] = [
        Vector(
            name: "TEST 1",
            seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            message: "",
            signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        Vector(
            name: "TEST 2",
            seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            message: "72",
            signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        Vector(
            name: "TEST 3",
            seed: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            message: "af82",
            signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
        Vector(
            name: "TEST 1024",
            seed: "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
            publicKey: "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
            message: longMessage,
            signature: "d686294b743c6760c6a78a2c4c2fc76115c2600b8f083acde59e7cee32578c0f59ea4219ab9b5896795e4e2b87a30270aa0e3099eee944e9e67a1b22df41ff07"),
        Vector(
            name: "TEST SHA(abc)",
            seed: "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
            publicKey: "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
            message: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
            signature: "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
    ]

    /// The 1023-byte message of TEST 1024.
    static let longMessage: String =
        """
        08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1\
        e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d\
        658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a\
        7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e\
        06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbeffefd75499da96bd68a8a97b928a8bbc1\
        03b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed\
        185ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39\
        d502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f27\
        088d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089\
        beccf80cfe2df16a2cf65bd92dd597b07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128bab\
        27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969be\
        3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb75\
        1fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988dc\
        da6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34dff\
        7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca79\
        84a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e48\
        8acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac094\
        3bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5fb\
        93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f1610\
        e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380db\
        2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8cac\
        60c905c15fc910840b94c00a0b9d00
        """

    /// The eight points of the torsion subgroup E[8], as [i]·T for a point T of order 8 (i = 0…7).
    static let torsion: [String] = [
        "0100000000000000000000000000000000000000000000000000000000000000",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
        "0000000000000000000000000000000000000000000000000000000000000000",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    ]

    /// The group order L, little-endian.
    static let order: [UInt8] = bytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")

    /// A fixed signer for the rejection tests (TEST 1's seed).
    static let signer = Ed25519SigningKey(seed: bytes(rfcVectors[0].seed))
}

/// Decodes pinned hex; an invalid literal yields no bytes, which the test then fails on.
func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex) ?? [] }

/// The 256-bit little-endian sum a + b (both 32 bytes; the carry out of bit 255 is dropped).
func add32(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var sum = [UInt8](repeating: 0, count: 32)
    var carry = 0
    for index in 0..<32 {
        let total = Int(a[index]) + Int(b[index]) + carry
        sum[index] = UInt8(total & 0xff)
        carry = total >> 8
    }
    return sum
}
