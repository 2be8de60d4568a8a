internal import PlaytimeCrypto

/// A secret journal key with its keyed HMAC-SHA-256 state and public fingerprint.
package struct JournalKey: Sendable {
    /// HMAC-SHA-256 after the key's pad blocks; copied for every line.
    let authenticator: HMAC<SHA256>
    /// First 8 bytes of HMAC(key, "playtime-key-id"): safe to publish, names the key.
    package let keyID: [UInt8]

    /// Wraps raw key bytes; at least ``JournalFormat/minimumKeyByteCount`` (16) bytes.
    package init(bytes: [UInt8]) throws(KeyFileError) {
        guard bytes.count >= JournalFormat.minimumKeyByteCount else {
            throw KeyFileError.tooShort(path: nil, byteCount: bytes.count)
        }
        authenticator = HMAC<SHA256>(key: bytes)
        var label = authenticator
        label.update(JournalFormat.keyIDLabel)
        keyID = Array(label.finalize().prefix(JournalFormat.keyIDByteCount))
    }

    /// The key id as 16 lowercase hex digits, as it appears in the header.
    package var keyIDHex: String { Hex.encode(keyID) }

    /// HMAC-SHA-256 of `message` under the journal key (32 bytes), for values bound to the key outside the
    /// chain: boot pseudonyms and the boot sidecar (docs/journal-format.md §13). Callers begin `message` with
    /// their own label, so it never equals a line's MAC input.
    package func authenticate(_ message: [UInt8]) -> [UInt8] {
        var state = authenticator
        state.update(message)
        return Array(state.finalize())
    }
}
