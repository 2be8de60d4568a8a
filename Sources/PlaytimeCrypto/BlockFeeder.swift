/// The Merkle–Damgård message buffering SHA-256 and SHA-512 share (FIPS 180-4 §5): input is compressed a
/// whole block at a time, straight from the caller's buffer, and only a partial block is copied into the
/// inline `pending` storage. Generic over the state and block types, specialized for each hash.
enum BlockFeeder {
    /// Feeds `input` through `compress`, which takes the state, the first block and a block count.
    @inline(__always)
    static func feed<State, Block>(
        _ input: UnsafeRawBufferPointer, blockByteCount: Int, state: inout State,
        pending: inout Block, pendingCount: inout Int,
        compress: (inout State, UnsafeRawPointer, Int) -> Void
    ) {
        guard var cursor = input.baseAddress, input.count > 0 else { return }
        var remaining = input.count
        if pendingCount > 0 {
            let take = Swift.min(blockByteCount - pendingCount, remaining)
            let start = pendingCount
            withUnsafeMutableBytes(of: &pending) { block in
                block.baseAddress.unsafelyUnwrapped.advanced(by: start).copyMemory(from: cursor, byteCount: take)
            }
            pendingCount += take
            cursor += take
            remaining -= take
            guard pendingCount == blockByteCount else { return }
            withUnsafeBytes(of: pending) { block in compress(&state, block.baseAddress.unsafelyUnwrapped, 1) }
            pendingCount = 0
        }
        let fullBlocks = remaining / blockByteCount
        if fullBlocks > 0 {
            compress(&state, cursor, fullBlocks)
            cursor += fullBlocks * blockByteCount
            remaining -= fullBlocks * blockByteCount
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &pending) { block in
                block.baseAddress.unsafelyUnwrapped.copyMemory(from: cursor, byteCount: remaining)
            }
            pendingCount = remaining
        }
    }
}
