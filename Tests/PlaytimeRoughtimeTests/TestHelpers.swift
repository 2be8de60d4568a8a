import PlaytimeCrypto

@testable import PlaytimeRoughtime

/// Decodes pinned base64 (a test input, so a bad literal is a test bug that stops the test).
func base64(_ text: String) throws -> [UInt8] {
    guard let bytes = Base64.decode(text) else { throw TestError("not base64: \(text.prefix(20))…") }
    return bytes
}

/// A thrown test failure with a message.
struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension AppendixB.Pair {
    /// The pair's bytes and key.
    func decoded() throws -> (key: Ed25519PublicKey, rand: [UInt8]?, request: [UInt8], response: [UInt8]) {
        (try Ed25519PublicKey(rawRepresentation: try base64(publicKey)), try rand.map(base64), try base64(request), try base64(response))
    }
}
