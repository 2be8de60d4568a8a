/// A cryptographic hash function that consumes its message in pieces.
///
/// Conforming types are small value types: copying one forks the computation, which is how
/// ``HMAC`` caches its keyed state. `finalize` does not consume the value, so a copy can keep
/// streaming after a digest has been taken.
package protocol HashFunction: Sendable {
    /// The size in bytes of one input block of the compression function.
    static var blockByteCount: Int { get }
    /// The size in bytes of a digest.
    static var byteCount: Int { get }
    /// Creates a hash function in its initial state, with no input consumed.
    init()
    /// Feeds the bytes of `bufferPointer` into the hash.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// Writes the digest of everything fed so far into the first ``byteCount`` bytes of `output`.
    ///
    /// - Precondition: `output.count >= Self.byteCount`.
    func finalize(into output: UnsafeMutableRawBufferPointer)
}

extension HashFunction {
    /// Feeds a sequence of bytes into the hash; contiguous storage is read without copying.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }

    /// Returns the digest of everything fed so far, leaving `self` able to continue.
    package func finalize() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.byteCount) { buffer, initialized in
            finalize(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = Self.byteCount
        }
    }

    /// Returns the digest of `bytes` in one call.
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var function = Self()
        function.update(bytes)
        return function.finalize()
    }

    /// Returns the digest of the bytes of `bufferPointer` in one call.
    package static func hash(bufferPointer: UnsafeRawBufferPointer) -> [UInt8] {
        var function = Self()
        function.update(bufferPointer: bufferPointer)
        return function.finalize()
    }
}
