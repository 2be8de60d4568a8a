/// SHA-256 as specified by FIPS 180-4, computed incrementally.
///
/// The state is a fixed-size value with no heap storage, so copies are cheap and the
/// compression loop never allocates.
package struct SHA256: HashFunction {
    /// 64: SHA-256 processes 512-bit blocks.
    package static var blockByteCount: Int { 64 }
    /// 32: a SHA-256 digest is 256 bits.
    package static var byteCount: Int { 32 }

    /// The eight chaining words H0…H7.
    var state: SHA256State
    /// Bytes received but not yet compressed (fewer than one block).
    var pending: SHA256Block
    /// How many bytes of `pending` are in use, 0..<64.
    var pendingCount: Int
    /// The code that compresses: the process's choice when this hash was created (``SHAImplementation``).
    package let implementation: SHAImplementation
    /// Total message length so far, in bytes.
    var messageByteCount: UInt64

    /// Creates a hash in the FIPS 180-4 initial state, compressing as this process does
    /// (``SHAImplementation/sha256``).
    package init() {
        self.init(implementation: SHAImplementation.sha256)
    }

    /// Creates a hash in the FIPS 180-4 initial state that compresses with `implementation` (tests compare the two).
    ///
    /// - Precondition: `implementation` is `.portable`, or the CPU has the instructions
    ///   (``SHAImplementation/sha256InstructionsPresent``).
    package init(implementation: SHAImplementation) {
        precondition(
            implementation == .portable || SHAImplementation.sha256InstructionsPresent,
            "SHA256: this CPU has no SHA-256 instructions")
        self.implementation = implementation
        state = SHA256State()
        pending = SHA256Block()
        pendingCount = 0
        messageByteCount = 0
    }

    /// Feeds the bytes of `bufferPointer` into the hash.
    package mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        messageByteCount &+= UInt64(truncatingIfNeeded: bufferPointer.count)
        let implementation = implementation
        BlockFeeder.feed(bufferPointer, blockByteCount: 64, state: &state, pending: &pending, pendingCount: &pendingCount) {
            SHA256.compress(&$0, $1, blockCount: $2, implementation: implementation)
        }
    }

    /// Writes the 32-byte digest of everything fed so far into `output`.
    package func finalize(into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= 32, "SHA256.finalize(into:) needs 32 bytes")
        var copy = self
        let bitLength = messageByteCount &<< 3
        var tail = SHA256Block()
        let count = pendingCount
        let tailBlocks = count < 56 ? 1 : 2
        withUnsafeMutableBytes(of: &tail) { padded in
            withUnsafeBytes(of: pending) { padded.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            padded[count] = 0x80
        }
        // The padded tail is one or two blocks; the second, when needed, is all zeros but the length.
        var second = SHA256Block()
        let lengthBytes = bitLength.bigEndian
        if tailBlocks == 1 {
            withUnsafeMutableBytes(of: &tail) { $0.storeBytes(of: lengthBytes, toByteOffset: 56, as: UInt64.self) }
            withUnsafeBytes(of: tail) { SHA256.compress(&copy.state, $0.baseAddress.unsafelyUnwrapped, blockCount: 1, implementation: implementation) }
        } else {
            withUnsafeMutableBytes(of: &second) { $0.storeBytes(of: lengthBytes, toByteOffset: 56, as: UInt64.self) }
            withUnsafeBytes(of: tail) { SHA256.compress(&copy.state, $0.baseAddress.unsafelyUnwrapped, blockCount: 1, implementation: implementation) }
            withUnsafeBytes(of: second) { SHA256.compress(&copy.state, $0.baseAddress.unsafelyUnwrapped, blockCount: 1, implementation: implementation) }
        }
        copy.state.store(into: output)
    }
}
