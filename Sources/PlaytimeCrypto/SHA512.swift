/// SHA-512 as specified by FIPS 180-4, computed incrementally.
///
/// Like ``SHA256`` the state is a fixed-size value with no heap storage: copies are cheap and
/// the compression loop never allocates. Roughtime's `H` is this digest truncated to 32 bytes,
/// and Ed25519 (RFC 8032 §5.1) hashes with it.
package struct SHA512: HashFunction {
    /// 128: SHA-512 processes 1024-bit blocks.
    package static var blockByteCount: Int { 128 }
    /// 64: a SHA-512 digest is 512 bits.
    package static var byteCount: Int { 64 }

    /// The eight chaining words H0…H7.
    var state: SHA512State
    /// Bytes received but not yet compressed (fewer than one block).
    var pending: SHA512Block
    /// How many bytes of `pending` are in use, 0..<128.
    var pendingCount: Int
    /// The code that compresses: the process's choice when this hash was created (``SHAImplementation``).
    package let implementation: SHAImplementation
    /// Total message length so far, in bytes (FIPS 180-4 allows 2^128 bits; 2^64 bytes is plenty).
    var messageByteCount: UInt64

    /// Creates a hash in the FIPS 180-4 initial state, compressing as this process does
    /// (``SHAImplementation/sha512``).
    package init() {
        self.init(implementation: SHAImplementation.sha512)
    }

    /// Creates a hash in the FIPS 180-4 initial state that compresses with `implementation` (tests compare the two).
    ///
    /// - Precondition: `implementation` is `.portable`, or the CPU has the instructions
    ///   (``SHAImplementation/sha512InstructionsPresent``).
    package init(implementation: SHAImplementation) {
        precondition(
            implementation == .portable || SHAImplementation.sha512InstructionsPresent,
            "SHA512: this CPU has no SHA-512 instructions")
        self.implementation = implementation
        state = SHA512State()
        pending = SHA512Block()
        pendingCount = 0
        messageByteCount = 0
    }

    /// Feeds the bytes of `bufferPointer` into the hash.
    package mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        messageByteCount &+= UInt64(truncatingIfNeeded: bufferPointer.count)
        let implementation = implementation
        BlockFeeder.feed(bufferPointer, blockByteCount: 128, state: &state, pending: &pending, pendingCount: &pendingCount) {
            SHA512.compress(&$0, $1, blockCount: $2, implementation: implementation)
        }
    }

    /// Writes the 64-byte digest of everything fed so far into `output`.
    package func finalize(into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= 64, "SHA512.finalize(into:) needs 64 bytes")
        var copy = self
        // FIPS 180-4 §5.1.2: a 0x80 byte, zeros, then the bit length as a 128-bit big-endian number.
        let bitLengthLow = messageByteCount &<< 3
        let bitLengthHigh = messageByteCount &>> 61
        var tail = SHA512Block()
        let count = pendingCount
        withUnsafeMutableBytes(of: &tail) { padded in
            withUnsafeBytes(of: pending) { padded.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            padded[count] = 0x80
        }
        // The padded tail is one or two blocks; the second, when needed, is all zeros but the length.
        var last = SHA512Block()
        if count >= 112 {
            withUnsafeBytes(of: tail) { SHA512.compress(&copy.state, $0.baseAddress.unsafelyUnwrapped, blockCount: 1, implementation: implementation) }
        } else {
            last = tail
        }
        withUnsafeMutableBytes(of: &last) {
            $0.storeBytes(of: bitLengthHigh.bigEndian, toByteOffset: 112, as: UInt64.self)
            $0.storeBytes(of: bitLengthLow.bigEndian, toByteOffset: 120, as: UInt64.self)
        }
        withUnsafeBytes(of: last) { SHA512.compress(&copy.state, $0.baseAddress.unsafelyUnwrapped, blockCount: 1, implementation: implementation) }
        copy.state.store(into: output)
    }
}
