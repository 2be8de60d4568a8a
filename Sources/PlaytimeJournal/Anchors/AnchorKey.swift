internal import PlaytimeCrypto

/// The key a game server authenticates its anchors with, derived from the server's secret with HKDF-SHA-256
/// (salt `playtime-anchor-key-v1`, no info, 32 bytes; docs/anchors.md). Every server of a fleet derives the
/// same key from the same secret.
package struct AnchorKey: Sendable {
    private let authenticator: HMAC<SHA256>

    /// The salt of the derivation (its ASCII bytes).
    static let salt = Array("playtime-anchor-key-v1".utf8)
    /// What the MAC input begins with.
    static let label = Array("playtime-anchor-v1".utf8) + [0]

    /// The anchor key of `serverSecret`.
    package init(serverSecret: [UInt8]) {
        authenticator = HMAC<SHA256>(key: HKDF<SHA256>.deriveKey(inputKeyMaterial: serverSecret, salt: Self.salt, info: [], outputByteCount: 32))
    }

    /// An anchor of `serverNanoseconds` for `journalID` of `account` at the head the device reported, with a
    /// fresh random nonce unless one is given (tests pin it).
    package func issue(
        serverNanoseconds: Int64, account: String, journalID: String, headSequence: UInt64, headMAC: String,
        nonce: [UInt8]? = nil
    ) -> ServerAnchor {
        var generator = SystemRandomNumberGenerator()
        let nonceBytes = nonce ?? (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var anchor = ServerAnchor(
            serverNanoseconds: serverNanoseconds, account: account, journalID: journalID,
            headSequence: headSequence, headMAC: headSequence == 0 ? "" : headMAC,
            nonce: Hex.encode(nonceBytes), mac: [])
        anchor.mac = code(anchor)
        return anchor
    }

    /// True when the server issued `anchor` (its MAC, compared in constant time).
    package func verifies(_ anchor: ServerAnchor) -> Bool {
        constantTimeEquals(code(anchor), anchor.mac)
    }

    private func code(_ anchor: ServerAnchor) -> [UInt8] {
        var state = authenticator
        state.update(Self.label)
        state.update(Array(anchor.signedText.utf8))
        return state.finalize()
    }
}
