/// HKDF (RFC 5869): extract-then-expand key derivation with `HMAC<H>`. A game server derives every journal's
/// key and its anchor key from one secret with it, so a fleet stores no per-player keys (docs/anchors.md).
package enum HKDF<H: HashFunction> {
    /// The pseudorandom key of RFC 5869 §2.2: `HMAC(salt, inputKeyMaterial)`, an empty salt standing for
    /// `H.byteCount` zero bytes.
    package static func extract(inputKeyMaterial: [UInt8], salt: [UInt8]) -> [UInt8] {
        HMAC<H>.authenticationCode(for: inputKeyMaterial, using: salt.isEmpty ? [UInt8](repeating: 0, count: H.byteCount) : salt)
    }

    /// RFC 5869 §2.3: `T(1) ‖ T(2) ‖ …` cut to `outputByteCount`, with `T(i) = HMAC(prk, T(i−1) ‖ info ‖ i)`.
    ///
    /// - Precondition: `0 ≤ outputByteCount ≤ 255 × H.byteCount` (the RFC's limit); callers pass constants.
    package static func expand(pseudorandomKey: [UInt8], info: [UInt8], outputByteCount: Int) -> [UInt8] {
        precondition(outputByteCount >= 0 && outputByteCount <= 255 * H.byteCount, "HKDF output length out of range")
        let keyed = HMAC<H>(key: pseudorandomKey)
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount)
        var previous: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            var block = keyed
            block.update(previous)
            block.update(info)
            block.update(CollectionOfOne(counter))
            previous = block.finalize()
            output.append(contentsOf: previous.prefix(outputByteCount - output.count))
            counter &+= 1
        }
        return output
    }

    /// Extract then expand: `outputByteCount` bytes of key from `inputKeyMaterial`, `salt` and `info`.
    package static func deriveKey(inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], outputByteCount: Int) -> [UInt8] {
        expand(pseudorandomKey: extract(inputKeyMaterial: inputKeyMaterial, salt: salt), info: info, outputByteCount: outputByteCount)
    }
}
