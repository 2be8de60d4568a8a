/// HMAC as specified by RFC 2104, over any ``HashFunction``.
///
/// The keyed state (hash after the inner and outer pad blocks) is computed once in `init(key:)`;
/// copying an `HMAC` value reuses it, so authenticating many short messages under one key costs
/// no pad blocks per message.
package struct HMAC<H: HashFunction>: Sendable {
    /// Inner hash, already fed `key ⊕ ipad`.
    var inner: H
    /// Outer hash, already fed `key ⊕ opad`.
    var outer: H

    /// Creates an authenticator for `key`. Keys longer than one block are hashed first (RFC 2104 §2).
    package init<Key: Sequence>(key: Key) where Key.Element == UInt8 {
        self.init(key: key, hash: H())
    }

    /// Creates an authenticator for `key` whose hashes start from `hash` (a fresh hash of a chosen
    /// ``SHAImplementation``: tests run HMAC on both). Keys longer than one block are hashed first (RFC 2104 §2).
    package init<Key: Sequence>(key: Key, hash: H) where Key.Element == UInt8 {
        var keyBytes = Array(key)
        if keyBytes.count > H.blockByteCount {
            var keyHash = hash
            keyHash.update(keyBytes)
            keyBytes = keyHash.finalize()
        }
        var innerPad = [UInt8](repeating: 0x36, count: H.blockByteCount)
        var outerPad = [UInt8](repeating: 0x5c, count: H.blockByteCount)
        for index in keyBytes.indices {
            innerPad[index] ^= keyBytes[index]
            outerPad[index] ^= keyBytes[index]
        }
        inner = hash
        inner.update(innerPad)
        outer = hash
        outer.update(outerPad)
    }

    /// Feeds the bytes of `bufferPointer` into the message.
    package mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: bufferPointer)
    }

    /// Feeds a sequence of bytes into the message.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        inner.update(bytes)
    }

    /// Writes the authentication code (``HashFunction/byteCount`` bytes) into `output` without allocating.
    package func finalize(into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= H.byteCount, "HMAC.finalize(into:) needs H.byteCount bytes")
        inner.finalize(into: output)
        var outerCopy = outer
        outerCopy.update(bufferPointer: UnsafeRawBufferPointer(rebasing: output[0..<H.byteCount]))
        outerCopy.finalize(into: output)
    }

    /// Returns the authentication code of everything fed so far; `self` can continue afterwards.
    package func finalize() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: H.byteCount) { buffer, initialized in
            finalize(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = H.byteCount
        }
    }

    /// Returns the authentication code of `message` under `key`.
    package static func authenticationCode<Message: Sequence, Key: Sequence>(
        for message: Message, using key: Key
    ) -> [UInt8] where Message.Element == UInt8, Key.Element == UInt8 {
        var mac = HMAC(key: key)
        mac.update(message)
        return mac.finalize()
    }

    /// True when `code` is exactly the authentication code of `message` under `key`.
    ///
    /// The comparison takes the same time wherever the first differing byte is.
    /// A code of the wrong length is rejected.
    package static func isValidAuthenticationCode<Code: Collection, Message: Sequence, Key: Sequence>(
        _ code: Code, authenticating message: Message, using key: Key
    ) -> Bool where Code.Element == UInt8, Message.Element == UInt8, Key.Element == UInt8 {
        constantTimeEquals(authenticationCode(for: message, using: key), code)
    }
}
