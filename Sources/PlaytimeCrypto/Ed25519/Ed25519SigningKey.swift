/// An Ed25519 signing key (RFC 8032 §5.1.5), for tests and in-process fake servers only.
///
/// Not public, and not hardened: scalar multiplication is variable time, and the secret stays in
/// ordinary memory. A game never signs; only servers do.
package struct Ed25519SigningKey: Sendable {
    /// The secret scalar s (clamped, then reduced modulo L, which leaves [s]B unchanged).
    package let secretScalar: Ed25519Scalar
    /// The second half of SHA-512(seed): the nonce prefix.
    let prefix: [UInt8]
    /// A = [s]B.
    package let publicKey: Ed25519PublicKey

    /// Derives the key from a 32-byte seed (RFC 8032 §5.1.5).
    package init(seed: some Collection<UInt8>) {
        precondition(seed.count == 32, "an Ed25519 seed is 32 bytes")
        let digest = SHA512.hash(seed)
        var clamped = Array(digest[0..<32])
        clamped[0] &= 248
        clamped[31] &= 127
        clamped[31] |= 64
        secretScalar = Ed25519Scalar(reducing: clamped)
        prefix = Array(digest[32..<64])
        let point = Ed25519Point.baseMultiple(secretScalar)
        publicKey = Ed25519PublicKey(raw: point.encoding, point: point)
    }

    /// The 64-byte signature R ‖ S of `message` (RFC 8032 §5.1.6).
    package func signature(for message: some Collection<UInt8>) -> [UInt8] {
        var nonceHash = SHA512()
        nonceHash.update(prefix)
        nonceHash.update(message)
        let r = Ed25519Scalar(reducing: nonceHash.finalize())
        let encodedR = Ed25519Point.baseMultiple(r).encoding
        var challengeHash = SHA512()
        challengeHash.update(encodedR)
        challengeHash.update(publicKey.rawRepresentation)
        challengeHash.update(message)
        let k = Ed25519Scalar(reducing: challengeHash.finalize())
        let s = Ed25519Scalar.multiplyAdd(k, secretScalar, r)
        return encodedR + s.bytes
    }
}
