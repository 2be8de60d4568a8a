extension String {
    /// The text `bytes` encode, or `nil` unless they are well-formed UTF-8: what
    /// `String(validating:as: UTF8.self)` does, which Apple's systems only have from macOS 15 / iOS 18
    /// (docs/apple.md).
    ///
    /// Decoding replaces each ill-formed sequence with U+FFFD, whose encoding (EF BF BD) is itself
    /// well-formed, so the decoded text re-encodes to exactly `bytes` if and only if none was replaced.
    package init?(strictUTF8 bytes: some Collection<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
