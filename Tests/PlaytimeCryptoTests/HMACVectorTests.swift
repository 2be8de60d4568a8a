import PlaytimeCrypto
import Testing

/// RFC 4231 §4 test cases 1–7 for HMAC-SHA-256, pinned as hex.
@Suite("HMAC-SHA-256 RFC 4231 vectors")
struct HMACVectorTests {
    /// One RFC 4231 case: key, data, expected MAC (case 5 is truncated to 128 bits).
    struct Case: Sendable, CustomTestStringConvertible {
        let number: Int
        let key: [UInt8]
        let data: [UInt8]
        let expected: String
        var testDescription: String { "RFC 4231 case \(number)" }
    }

    static let cases: [Case] = [
        Case(
            number: 1, key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
            expected: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Case(
            number: 2, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
            expected: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Case(
            number: 3, key: [UInt8](repeating: 0xaa, count: 20), data: [UInt8](repeating: 0xdd, count: 50),
            expected: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Case(
            number: 4, key: (1...25).map { UInt8($0) }, data: [UInt8](repeating: 0xcd, count: 50),
            expected: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Case(
            number: 5, key: [UInt8](repeating: 0x0c, count: 20), data: Array("Test With Truncation".utf8),
            expected: "a3b6167473100ee06e0c796c2955552b"),
        Case(
            number: 6, key: [UInt8](repeating: 0xaa, count: 131),
            data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            expected: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Case(
            number: 7, key: [UInt8](repeating: 0xaa, count: 131),
            data: Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            expected: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("authenticationCode matches", arguments: cases)
    func vector(_ testCase: Case) {
        let mac = HMAC<SHA256>.authenticationCode(for: testCase.data, using: testCase.key)
        #expect(mac.count == 32)
        let truncated = Array(mac.prefix(testCase.expected.utf8.count / 2))
        #expect(Hex.encode(truncated) == testCase.expected)
    }

    @Test("isValidAuthenticationCode accepts the full code and rejects a changed one", arguments: cases)
    func validation(_ testCase: Case) {
        let mac = HMAC<SHA256>.authenticationCode(for: testCase.data, using: testCase.key)
        #expect(HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: testCase.data, using: testCase.key))
        for index in [0, 15, 31] {
            var changed = mac
            changed[index] ^= 0x01
            #expect(!HMAC<SHA256>.isValidAuthenticationCode(changed, authenticating: testCase.data, using: testCase.key))
        }
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(mac.prefix(16), authenticating: testCase.data, using: testCase.key))
    }

    @Test("a copied keyed state authenticates independently")
    func copiedState() {
        let keyed = HMAC<SHA256>(key: Array("Jefe".utf8))
        var first = keyed
        first.update(Array("what do ya want ".utf8))
        var second = keyed
        second.update(Array("Hi There".utf8))
        first.update(Array("for nothing?".utf8))
        #expect(Hex.encode(first.finalize()) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(second.finalize() == HMAC<SHA256>.authenticationCode(for: Array("Hi There".utf8), using: Array("Jefe".utf8)))
    }
}
