internal import PlaytimeCrypto

/// One HMAC-SHA256 signing key and the id that tickets name it by.
///
/// The keyed HMAC state is computed once here, so signing and verifying cost no key setup.
/// `description` shows the id and length only, never the secret.
package struct TicketKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The shortest accepted secret, in bytes.
    package static let minimumSecretByteCount = 16

    /// The id written into every ticket signed with this key.
    package let id: String
    /// The secret's length in bytes.
    package let secretByteCount: Int
    /// HMAC-SHA256 already keyed with the secret.
    let authenticator: HMAC<SHA256>

    /// Creates a key; the secret needs at least 16 bytes (32 random bytes are recommended).
    package init<Secret: Collection>(id: String, secret: Secret) throws(TicketKeyError) where Secret.Element == UInt8 {
        guard TicketKey.isValidID(id) else { throw .invalidID(id) }
        guard secret.count >= TicketKey.minimumSecretByteCount else { throw .secretTooShort(byteCount: secret.count) }
        self.id = id
        self.secretByteCount = secret.count
        self.authenticator = HMAC<SHA256>(key: secret)
    }

    /// True for 1–64 characters of `A-Z a-z 0-9 . _ -`.
    package static func isValidID(_ id: String) -> Bool {
        let utf8 = id.utf8
        return (1...64).contains(utf8.count) && utf8.allSatisfy(isKeyIDByte)
    }

    /// True for the bytes allowed in a key id.
    static func isKeyIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// The 32-byte HMAC-SHA256 tag of `message`.
    func tag(for message: [UInt8]) -> [UInt8] {
        var mac = authenticator
        mac.update(message)
        return mac.finalize()
    }

    /// True when `tag` is the tag of `message`; compares in constant time.
    func isValid(tag: [UInt8], for message: [UInt8]) -> Bool {
        constantTimeEquals(self.tag(for: message), tag)
    }

    /// `TicketKey(id, N bytes)`.
    package var description: String { "TicketKey(\(id), \(secretByteCount) bytes)" }

    /// Same as ``description``: the secret is never printed.
    package var debugDescription: String { description }
}
