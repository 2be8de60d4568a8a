import Foundation
internal import PlaytimeCrypto

/// The client side of SCRAM-SHA-256 (RFC 5802 §3, §5 and §7; RFC 7677), without channel binding: the gs2 header is
/// `n,,` ("client does not support channel binding"), which is what a server that offers SCRAM without TLS expects.
///
/// Three steps: ``clientFirstMessage``, ``clientFinalMessage(serverFirst:)`` (checks the server's nonce, salt and
/// iteration count, computes the proof), ``verifyServerFinal(_:)`` (the server must prove it knows the password
/// too: a wrong signature is an error). Pure computation, no I/O: RFC 7677 §3's example is pinned as a test.
struct SCRAMSHA256Client {
    /// The gs2 header `n,,` and its base64 form in client-final's `c=` attribute.
    private static let gs2Header = "n,,"

    private let password: [UInt8]
    private let clientNonce: String
    private let clientFirstBare: String
    private let maximumIterations: Int
    /// Set by ``clientFinalMessage(serverFirst:)``: the signature the server must send back.
    private var expectedServerSignature: [UInt8]?
    /// True once the server's signature was verified.
    private(set) var isServerVerified = false

    /// Prepares an exchange. `user` goes into `n=` (PostgreSQL sends it empty and takes the role from the startup
    /// message); `clientNonce` must be fresh random printable text without `,`.
    init(user: String = "", password: String, clientNonce: String, maximumIterations: Int) {
        self.password = SASLprep.prepare(password)
        self.clientNonce = clientNonce
        self.maximumIterations = maximumIterations
        let escaped = user.replacingOccurrences(of: "=", with: "=3D").replacingOccurrences(of: ",", with: "=2C")
        clientFirstBare = "n=\(escaped),r=\(clientNonce)"
    }

    /// A fresh client nonce: 18 random bytes in base64 (24 characters, no `,`).
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<18).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    /// `n,,n=USER,r=NONCE`.
    var clientFirstMessage: String { Self.gs2Header + clientFirstBare }

    /// Reads server-first-message (`r=…,s=…,i=…`) and returns client-final-message (`c=biws,r=…,p=…`).
    mutating func clientFinalMessage(serverFirst: String) throws(PostgresError) -> String {
        let attributes = try Self.attributes(serverFirst)
        guard attributes.first?.key != "m" else {
            throw .authenticationFailed("the server requires a SCRAM extension (m=) this client does not know")
        }
        guard attributes.count >= 3, attributes[0].key == "r", attributes[1].key == "s", attributes[2].key == "i" else {
            throw .authenticationFailed("malformed SCRAM server-first-message")
        }
        let nonce = attributes[0].value
        guard nonce.hasPrefix(clientNonce), nonce.count > clientNonce.count,
            nonce.utf8.allSatisfy({ (0x21...0x7e).contains($0) && $0 != UInt8(ascii: ",") })
        else {
            throw .authenticationFailed("the server's SCRAM nonce does not extend the client's")
        }
        guard let salt = Data(base64Encoded: attributes[1].value).map({ [UInt8]($0) }), !salt.isEmpty else {
            throw .authenticationFailed("the server's SCRAM salt is not base64")
        }
        guard let iterations = Int(attributes[2].value), iterations >= 1 else {
            throw .authenticationFailed("the server's SCRAM iteration count \"\(attributes[2].value)\" is not a positive number")
        }
        guard iterations <= maximumIterations else {
            throw .authenticationFailed("the server asks for \(iterations) SCRAM iterations; the limit is \(maximumIterations)")
        }

        let saltedPassword = PBKDF2<SHA256>.deriveKey(password: password, salt: salt, iterations: iterations, keyByteCount: 32)
        let clientKey = HMAC<SHA256>.authenticationCode(for: Array("Client Key".utf8), using: saltedPassword)
        let storedKey = SHA256.hash(clientKey)
        let withoutProof = "c=\(Data(Self.gs2Header.utf8).base64EncodedString()),r=\(nonce)"
        let authMessage = Array("\(clientFirstBare),\(serverFirst),\(withoutProof)".utf8)
        let clientSignature = HMAC<SHA256>.authenticationCode(for: authMessage, using: storedKey)
        let proof = zip(clientKey, clientSignature).map { $0 ^ $1 }
        let serverKey = HMAC<SHA256>.authenticationCode(for: Array("Server Key".utf8), using: saltedPassword)
        expectedServerSignature = HMAC<SHA256>.authenticationCode(for: authMessage, using: serverKey)
        return "\(withoutProof),p=\(Data(proof).base64EncodedString())"
    }

    /// Checks server-final-message: `v=SIGNATURE` must be exactly the expected signature; `e=…` is the server's
    /// refusal.
    mutating func verifyServerFinal(_ serverFinal: String) throws(PostgresError) {
        guard let expected = expectedServerSignature else {
            throw .authenticationFailed("the server sent its SCRAM final message before its first")
        }
        let attributes = try Self.attributes(serverFinal)
        guard let first = attributes.first else { throw .authenticationFailed("empty SCRAM server-final-message") }
        if first.key == "e" { throw .authenticationFailed("the server refused SCRAM: \(first.value)") }
        guard first.key == "v", let signature = Data(base64Encoded: first.value) else {
            throw .authenticationFailed("malformed SCRAM server-final-message")
        }
        guard constantTimeEquals([UInt8](signature), expected) else {
            throw .authenticationFailed("the server's SCRAM signature is wrong: it does not know the password (an impostor?)")
        }
        isServerVerified = true
    }

    /// Splits `a=value,b=value,…`; values may contain `=` but not `,`.
    private static func attributes(_ message: String) throws(PostgresError) -> [(key: Character, value: String)] {
        var result: [(key: Character, value: String)] = []
        for part in message.split(separator: ",", omittingEmptySubsequences: false) {
            guard part.count >= 2, let key = part.first, key.isASCII, key.isLetter,
                part[part.index(after: part.startIndex)] == "="
            else {
                throw .authenticationFailed("malformed SCRAM attribute in \"\(message.prefix(80))\"")
            }
            result.append((key, String(part.dropFirst(2))))
        }
        return result
    }
}
