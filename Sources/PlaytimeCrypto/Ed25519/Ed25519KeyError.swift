/// Why bytes were refused as an Ed25519 public key.
package enum Ed25519KeyError: Error, Sendable, Equatable {
    /// The key is not 32 bytes long; the associated value is the length received.
    case wrongLength(Int)
    /// The encoding is not canonical: y ≥ p, or x = 0 with the sign bit set (RFC 8032 §5.1.3).
    case nonCanonicalEncoding
    /// No curve point has this y coordinate (RFC 8032 §5.1.3 step 3 fails).
    case notOnCurve
    /// The point has order 1, 2, 4 or 8. Such a key has no secret: anyone can make signatures it
    /// accepts, so it is refused (docs/crypto.md, "Small-order keys").
    case smallOrder
}
