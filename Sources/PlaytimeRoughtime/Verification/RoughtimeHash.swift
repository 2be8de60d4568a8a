internal import PlaytimeCrypto

/// `H`: SHA-512 truncated to its first 32 bytes (draft-ietf-ntp-roughtime-19 §5.1.4, §5.3).
package enum RoughtimeHash {
    /// Bytes of one `H` output.
    package static let byteCount = 32

    /// `H(parts[0] || parts[1] || …)`.
    package static func h(_ parts: ArraySlice<UInt8>...) -> [UInt8] {
        var function = SHA512()
        for part in parts { function.update(part) }
        return Array(function.finalize().prefix(byteCount))
    }

    /// The `SRV` value naming a long-term key: `H(0xff || publicKey)`.
    package static func serverKeyHash(_ publicKey: [UInt8]) -> [UInt8] {
        h([0xff], publicKey[...])
    }
}
