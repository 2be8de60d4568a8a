/// PBKDF2 (RFC 8018 §5.2) with HMAC as the pseudorandom function: the key derivation of SCRAM (RFC 5802 §2.2,
/// where it is called `Hi`) and of many password stores.
package enum PBKDF2<H: HashFunction> {
    /// Derives `keyByteCount` bytes from `password` and `salt` with `iterations` rounds of `HMAC<H>`.
    ///
    /// - Precondition: `iterations >= 1` and `keyByteCount >= 0`; callers check untrusted counts first.
    package static func deriveKey(
        password: [UInt8], salt: [UInt8], iterations: Int, keyByteCount: Int
    ) -> [UInt8] {
        precondition(iterations >= 1, "PBKDF2 needs at least one iteration")
        precondition(keyByteCount >= 0, "PBKDF2 cannot derive a negative length")
        // The keyed HMAC state is computed once; each round copies it (see HMAC's own note).
        let keyed = HMAC<H>(key: password)
        var derived: [UInt8] = []
        derived.reserveCapacity(keyByteCount)
        var block = [UInt8](repeating: 0, count: H.byteCount)
        var accumulator = [UInt8](repeating: 0, count: H.byteCount)
        var blockIndex: UInt32 = 1
        while derived.count < keyByteCount {
            // U1 = PRF(P, S || INT(i)); T_i = U1 ^ U2 ^ … ^ U_c, with U_j = PRF(P, U_{j-1}).
            var first = keyed
            first.update(salt)
            first.update([
                UInt8(blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
                UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
            ])
            block.withUnsafeMutableBytes { first.finalize(into: $0) }
            accumulator = block
            if iterations > 1 {
                block.withUnsafeMutableBytes { blockBytes in
                    accumulator.withUnsafeMutableBufferPointer { sum in
                        for _ in 1..<iterations {
                            var round = keyed
                            round.update(bufferPointer: UnsafeRawBufferPointer(blockBytes))
                            round.finalize(into: blockBytes)
                            for index in 0..<H.byteCount { sum[index] ^= blockBytes[index] }
                        }
                    }
                }
            }
            derived.append(contentsOf: accumulator.prefix(keyByteCount - derived.count))
            blockIndex &+= 1
        }
        return derived
    }
}
