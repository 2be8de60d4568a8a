import PlaytimeCrypto
import Testing

/// HKDF-SHA-256: the three SHA-256 test cases of RFC 5869 Appendix A, pinned as hex (PRK and OKM).
@Suite("HKDF-SHA-256 vectors (RFC 5869 A.1–A.3)")
struct HKDFVectorTests {
    /// One vector: inputs and the expected pseudorandom key and output.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let ikm: [UInt8]
        let salt: [UInt8]
        let info: [UInt8]
        let length: Int
        let prk: String
        let okm: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "A.1 basic", ikm: [UInt8](repeating: 0x0b, count: 22), salt: Array(0x00...0x0c), info: Array(0xf0...0xf9), length: 42,
            prk: "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
            okm: "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"),
        Case(
            name: "A.2 longer inputs and outputs", ikm: Array(0x00...0x4f), salt: Array(0x60...0xaf), info: Array(0xb0...0xff), length: 82,
            prk: "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
            okm: "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                + "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                + "cc30c58179ec3e87c14c01d5c1f3434f1d87"),
        Case(
            name: "A.3 empty salt and info", ikm: [UInt8](repeating: 0x0b, count: 22), salt: [], info: [], length: 42,
            prk: "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
            okm: "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"),
    ]

    @Test("extract and expand match", arguments: cases)
    func vector(_ testCase: Case) {
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: testCase.ikm, salt: testCase.salt)
        #expect(Hex.encode(prk) == testCase.prk)
        let okm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: testCase.ikm, salt: testCase.salt, info: testCase.info,
            outputByteCount: testCase.length)
        #expect(Hex.encode(okm) == testCase.okm)
    }

    @Test("every output length is a prefix of the longest (T(i) does not depend on L)")
    func prefixes() {
        let ikm = [UInt8](repeating: 0x0b, count: 22)
        let longest = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: [1, 2, 3], info: [4], outputByteCount: 255 * 32)
        #expect(longest.count == 255 * 32)
        for length in [0, 1, 31, 32, 33, 64, 100] {
            #expect(HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: [1, 2, 3], info: [4], outputByteCount: length) == Array(longest.prefix(length)))
        }
    }
}
