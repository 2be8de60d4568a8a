import PlaytimeCrypto
import Testing

/// PBKDF2-HMAC-SHA-256: RFC 7914 §11's two vectors, and the RFC 6070 inputs (defined there for SHA-1) with their
/// SHA-256 outputs as widely published, pinned as hex.
@Suite("PBKDF2-HMAC-SHA-256 vectors")
struct PBKDF2VectorTests {
    /// One vector: password, salt, iteration count, expected key (its length is the derived length).
    struct Case: Sendable, CustomTestStringConvertible {
        let password: String
        let salt: String
        let iterations: Int
        let expected: String
        var testDescription: String { "P=\(password.debugDescription) S=\(salt.debugDescription) c=\(iterations)" }
    }

    static let cases: [Case] = [
        // RFC 7914 §11.
        Case(
            password: "passwd", salt: "salt", iterations: 1,
            expected: "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
        Case(
            password: "Password", salt: "NaCl", iterations: 80000,
            expected: "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"),
        // RFC 6070's inputs, SHA-256.
        Case(
            password: "password", salt: "salt", iterations: 1,
            expected: "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        Case(
            password: "password", salt: "salt", iterations: 2,
            expected: "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        Case(
            password: "password", salt: "salt", iterations: 4096,
            expected: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        Case(
            password: "passwordPASSWORDpassword", salt: "saltSALTsaltSALTsaltSALTsaltSALTsalt", iterations: 4096,
            expected: "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
        Case(
            password: "pass\u{0}word", salt: "sa\u{0}lt", iterations: 4096,
            expected: "89b69d0516f829893c696226650a8687"),
    ]

    @Test("deriveKey matches", arguments: cases)
    func vector(_ testCase: Case) {
        let key = PBKDF2<SHA256>.deriveKey(
            password: Array(testCase.password.utf8), salt: Array(testCase.salt.utf8),
            iterations: testCase.iterations, keyByteCount: testCase.expected.utf8.count / 2)
        #expect(Hex.encode(key) == testCase.expected)
    }

    @Test("A shorter key is a prefix of a longer one; zero bytes is empty")
    func prefixes() {
        let long = PBKDF2<SHA256>.deriveKey(password: Array("k".utf8), salt: [1, 2], iterations: 3, keyByteCount: 70)
        let short = PBKDF2<SHA256>.deriveKey(password: Array("k".utf8), salt: [1, 2], iterations: 3, keyByteCount: 33)
        #expect(long.count == 70)
        #expect(Array(long.prefix(33)) == short)
        #expect(PBKDF2<SHA256>.deriveKey(password: [], salt: [], iterations: 1, keyByteCount: 0).isEmpty)
    }
}
