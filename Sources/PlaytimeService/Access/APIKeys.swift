internal import PlaytimeCrypto
internal import PlaytimeSystem

/// The backends' API keys (docs/service.md, "API keys"): named, several at once, kept as SHA-256 digests in a text
/// file, one a line — `NAME sha256:<64 hex digits>`, then ` revoked` once the key may no longer be used; `#` starts
/// a comment. The keys themselves are never stored: a key is shown once, when it is made.
package struct APIKeys: Sendable {
    /// One line of the file.
    package struct Entry: Sendable, Equatable {
        /// The key's name (letters, digits, `-`, `_`, `.`; at most 64): what the access log names the caller by.
        package var name: String
        /// SHA-256 of the key's text.
        package var digest: [UInt8]
        /// True once revoked: a request with it gets 403.
        package var revoked: Bool
    }

    /// What a presented key is.
    package enum Verdict: Sendable, Equatable {
        /// A key in the file, not revoked: its name.
        case valid(String)
        /// A key in the file that was revoked: its name.
        case revoked(String)
        /// No key of the file.
        case unknown
    }

    /// The entries, in file order.
    package var entries: [Entry]

    /// Keys from entries.
    package init(entries: [Entry]) { self.entries = entries }

    /// The longest key text looked at (longer ones are unknown without being hashed).
    package static let maximumKeyBytes = 256

    /// What `key` (the Bearer token as sent) is. Every entry is compared, in constant time, whatever matched: the
    /// time taken says nothing about which key, or which byte of it, was close.
    package func verdict(for key: String) -> Verdict {
        let bytes = Array(key.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumKeyBytes else { return .unknown }
        let digest = SHA256.hash(bytes)
        var found: Verdict = .unknown
        for entry in entries {
            let same = constantTimeEquals(digest, entry.digest)
            if same, found == .unknown { found = entry.revoked ? .revoked(entry.name) : .valid(entry.name) }
        }
        return found
    }

    /// Reads the file's text; throws with the line that is wrong.
    package static func parse(_ text: String) throws(ServiceSetupError) -> APIKeys {
        var entries: [Entry] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            guard words.count == 2 || (words.count == 3 && words[2] == "revoked") else {
                throw ServiceSetupError("API keys, line \(number + 1): expected `NAME sha256:HEX` or `NAME sha256:HEX revoked`")
            }
            let name = String(words[0])
            guard isValidName(name) else {
                throw ServiceSetupError("API keys, line \(number + 1): the name '\(name)' must be 1–64 letters, digits, '-', '_' or '.'")
            }
            guard words[1].hasPrefix("sha256:"), let digest = Hex.decodeLowercase(String(words[1].dropFirst(7))), digest.count == 32 else {
                throw ServiceSetupError("API keys, line \(number + 1): the digest must be sha256: and 64 lowercase hex digits")
            }
            guard !entries.contains(where: { $0.name == name }) else {
                throw ServiceSetupError("API keys, line \(number + 1): the name '\(name)' is used twice")
            }
            entries.append(Entry(name: name, digest: digest, revoked: words.count == 3))
        }
        return APIKeys(entries: entries)
    }

    /// The file's text for these entries.
    package var text: String { text(heading: "# playtime-server API keys (docs/service.md, \"API keys\"): NAME sha256:HEX [revoked]") }

    /// The file's text for these entries under the comment line `heading`.
    package func text(heading: String) -> String {
        var text = heading + "\n"
        for entry in entries { text += "\(entry.name) sha256:\(Hex.encode(entry.digest))\(entry.revoked ? " revoked" : "")\n" }
        return text
    }

    /// A new key's text: `prefix` (`ptk_` for a backend's API key, `pto_` for an operator key) and 64 lowercase hex
    /// digits of 32 random bytes.
    package static func newKey(prefix: String = "ptk_") -> String {
        var random = SystemRandomNumberGenerator()
        return prefix + Hex.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// The entry for a new key.
    package static func entry(name: String, key: String) -> Entry {
        Entry(name: name, digest: SHA256.hash(Array(key.utf8)), revoked: false)
    }

    /// 1–64 characters of `A–Z a–z 0–9 - _ .`.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95 || byte == 46
            }
    }
}

/// Why the service could not start or reload: one sentence for the operator.
package struct ServiceSetupError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and what to do.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}
