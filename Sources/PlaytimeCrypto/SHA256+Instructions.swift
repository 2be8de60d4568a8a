internal import CPlaytimeSHA

extension SHA256 {
    /// Runs the compression function over `blockCount` consecutive 64-byte blocks at `base` with `implementation`.
    @inline(__always)
    static func compress(_ state: inout SHA256State, _ base: UnsafeRawPointer, blockCount: Int, implementation: SHAImplementation) {
        switch implementation {
        case .instructions: compressWithInstructions(&state, base, blockCount: blockCount)
        case .portable: compressPortable(&state, base, blockCount: blockCount)
        }
    }

    /// The compression function on the CPU's instructions (CPlaytimeSHA); the state goes through a tuple, whose
    /// eight words are laid out as the C array they are read as.
    static func compressWithInstructions(_ state: inout SHA256State, _ base: UnsafeRawPointer, blockCount: Int) {
        var words = (state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7)
        withUnsafeMutableBytes(of: &words) { raw in
            playtime_sha256_compress_hardware(raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self), base, blockCount)
        }
        state = SHA256State(h0: words.0, h1: words.1, h2: words.2, h3: words.3, h4: words.4, h5: words.5, h6: words.6, h7: words.7)
    }
}
