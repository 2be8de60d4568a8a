internal import PlaytimeCrypto

extension JournalKey {
    /// The salt of a journal key's derivation (its ASCII bytes).
    static let derivationSalt = Array("playtime-journal-key-v1".utf8)

    /// The key of the journal `journalID` (its 16 bytes) enrolled by a server holding `serverSecret`:
    /// HKDF-SHA-256 with salt `playtime-journal-key-v1` and the journal id as info, 32 bytes
    /// (docs/anchors.md). A server derives it again from the journal's header, so it stores no per-player key.
    package init(serverSecret: [UInt8], journalID: [UInt8]) {
        let bytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: serverSecret, salt: Self.derivationSalt, info: journalID, outputByteCount: 32)
        // 32 bytes are above the 16-byte minimum: the initializer cannot refuse them.
        self = (try? JournalKey(bytes: bytes)) ?? { preconditionFailure("a 32-byte key was refused") }()
    }

    /// The raw bytes of the key of `journalID` under `serverSecret`, as an enrollment hands them to the device.
    package static func derivedBytes(serverSecret: [UInt8], journalID: [UInt8]) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: serverSecret, salt: derivationSalt, info: journalID, outputByteCount: 32)
    }
}
