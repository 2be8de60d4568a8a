internal import PlaytimeCrypto

/// How a `roughtime` record's first nonce commits to the session's departure record
/// (docs/journal-format.md §12): `H("PlaytimeGuard signed time v1" ‖ 0 ‖ proves ‖ 0 ‖ departure MAC ‖ blind)`,
/// with `H` the Roughtime hash, SHA-512 truncated to 32 bytes.
///
/// A signed answer to that nonce cannot exist before the departure record did: the record's MAC (a hash of the
/// whole chain up to it) is inside the nonce.
package enum SignedTimeCommitment {
    /// The domain-separation label.
    static let label = Array("PlaytimeGuard signed time v1".utf8)

    /// The first nonce for a record proving `proves`, committing to `departureMAC` with `blind`.
    package static func firstNonce(proves: SignedTimeEvent, departureMAC: [UInt8], blind: [UInt8]) -> [UInt8] {
        var hash = SHA512()
        hash.update(label)
        hash.update([0])
        hash.update(Array(proves.rawValue.utf8))
        hash.update([0])
        hash.update(departureMAC)
        hash.update(blind)
        return Array(hash.finalize().prefix(32))
    }
}
