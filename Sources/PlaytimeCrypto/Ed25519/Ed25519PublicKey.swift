/// An Ed25519 public key (RFC 8032), validated on creation: 32 bytes, canonical y < p, a point on the
/// curve, and not of small order (orders 1, 2, 4, 8 are refused: see ``Ed25519KeyError/smallOrder``).
///
/// Verification is RFC 8032 §5.1.7 with the **cofactorless** equation `[S]B = R + [k]A`, checked by
/// computing `[S]B − [k]A` and comparing its canonical encoding with the 32 bytes of R. Consequences,
/// pinned by tests (docs/crypto.md, "Verification equation"):
/// - S ≥ L is refused; a non-canonical R never matches (the computed encoding is canonical);
/// - for a torsion-free key (every honestly generated key) a signature whose R has a small-order
///   component is refused;
/// - a key with a small-order component (mixed order, accepted by `init`) verifies a signature
///   exactly when the torsion parts cancel: R's torsion part must equal −[k] times A's.
///
/// Verification handles public data only and is not claimed to run in constant time.
public struct Ed25519PublicKey: Sendable, Hashable {
    /// The 32 bytes as received.
    let raw: [UInt8]
    /// The decoded point A.
    let point: Ed25519Point

    /// A key from its 32 bytes in padded base64, as operators publish Roughtime keys; `nil` when the text is not
    /// base64 of 32 bytes or not a point of the curve.
    public init?(base64: String) {
        guard let raw = Base64.decode(base64), raw.count == 32,
            let key = try? Ed25519PublicKey(rawRepresentation: raw)
        else { return nil }
        self = key
    }

    /// Validates `rawRepresentation` as a public key.
    package init(rawRepresentation: some Collection<UInt8>) throws(Ed25519KeyError) {
        guard rawRepresentation.count == 32 else { throw .wrongLength(rawRepresentation.count) }
        let bytes = Array(rawRepresentation)
        let decoded = bytes.withUnsafeBytes { Ed25519Point.decode($0.baseAddress.unsafelyUnwrapped) }
        switch decoded {
        case .failure(.nonCanonical): throw .nonCanonicalEncoding
        case .failure(.notOnCurve): throw .notOnCurve
        case .success(let point):
            guard !point.hasSmallOrder else { throw .smallOrder }
            self.init(raw: bytes, point: point)
        }
    }

    /// A key from an already validated point and its encoding.
    init(raw: [UInt8], point: Ed25519Point) {
        self.raw = raw
        self.point = point
    }

    /// The 32-byte encoding.
    package var rawRepresentation: [UInt8] { raw }

    /// The decoded point A (package API for tests).
    package var curvePoint: Ed25519Point { point }

    /// RFC 8032 §5.1.7 verification; false for any malformed or wrong signature; never traps.
    package func isValidSignature(_ signature: some Collection<UInt8>, for message: some Collection<UInt8>) -> Bool {
        guard signature.count == 64 else { return false }
        var fixed = SignatureStorage()
        withUnsafeMutableBytes(of: &fixed) { storage in
            for (index, byte) in signature.enumerated() where index < 64 { storage[index] = byte }
        }
        return withUnsafeBytes(of: fixed) { storage in
            var hash = SHA512()
            hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: storage[0..<32]))
            raw.withUnsafeBytes { hash.update(bufferPointer: $0) }
            hash.update(message)
            return verify(signature: storage.baseAddress.unsafelyUnwrapped, prehashed: hash)
        }
    }

    /// The §5.1.7 check once R ‖ A ‖ M has been fed to `hash`: `signature` points at 64 bytes R ‖ S.
    func verify(signature: UnsafeRawPointer, prehashed hash: SHA512) -> Bool {
        let sPointer = signature + 32
        guard Ed25519Scalar.isCanonical(sPointer) else { return false }
        let s = Ed25519Scalar.loadWords(sPointer)
        var digest = DigestStorage()
        withUnsafeMutableBytes(of: &digest) { hash.finalize(into: $0) }
        let k = withUnsafeBytes(of: digest) { Ed25519Scalar(reducing64: $0.baseAddress.unsafelyUnwrapped) }
        let check = Ed25519Point.baseCombination(s: Ed25519Scalar(s.0, s.1, s.2, s.3), k: k, point: -point)
        var encoded = PointStorage()
        withUnsafeMutableBytes(of: &encoded) { check.encode(into: $0.baseAddress.unsafelyUnwrapped) }
        return withUnsafeBytes(of: encoded) { computed in
            var difference: UInt8 = 0
            for index in 0..<32 { difference |= computed[index] ^ signature.load(fromByteOffset: index, as: UInt8.self) }
            return difference == 0
        }
    }

    /// Equal keys have equal encodings (the encoding is canonical, so equal points too).
    public static func == (lhs: Ed25519PublicKey, rhs: Ed25519PublicKey) -> Bool { lhs.raw == rhs.raw }

    /// Hashes the encoding.
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}

/// 64 bytes of inline storage (a signature or a SHA-512 digest).
struct SignatureStorage {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}

/// 64 bytes of inline storage for a SHA-512 digest.
typealias DigestStorage = SignatureStorage

/// 32 bytes of inline storage for a point encoding.
struct PointStorage {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
}
