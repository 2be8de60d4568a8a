/// The Merkle tree over a batch of requests (draft-ietf-ntp-roughtime-19 §5.3).
///
/// Node order: drafts 16–19 and version 1 (§5.3.1) hash `H(0x01 || h || node)` when the current bit of
/// `INDX` is 0 and `H(0x01 || node || h)` when it is 1, i.e. `PATH` lists the siblings from the leaf up and
/// `INDX` is the leaf's position counted from the left. Drafts 12–15 sent the same version number
/// (0x8000000c) with the two cases swapped; this client follows drafts 16–19 only (docs/roughtime.md).
package enum RoughtimeMerkle {
    /// The most hash values `PATH` may hold (§5.2.4).
    package static let maximumDepth = 32

    /// A leaf: `H(0x00 || request packet)`.
    package static func leaf(_ request: ArraySlice<UInt8>) -> [UInt8] {
        RoughtimeHash.h([0x00], request)
    }

    /// An inner node: `H(0x01 || left || right)`.
    package static func node(left: ArraySlice<UInt8>, right: ArraySlice<UInt8>) -> [UInt8] {
        RoughtimeHash.h([0x01], left, right)
    }

    /// Why a path does not lead to the root.
    package enum Mismatch: Error, Equatable {
        /// The path's length is not a multiple of 32 bytes.
        case misalignedPath
        /// More than 32 hash values.
        case tooDeep(nodes: Int)
        /// Bits of `INDX` remain set above the path's depth.
        case indexTooLarge
        /// The walk ends at a different value than `ROOT`.
        case rootDiffers
    }

    /// Walks `path` from `leaf` with the bits of `index` (least significant first) and compares with `root`.
    package static func check(leaf: [UInt8], path: ArraySlice<UInt8>, index: UInt32, root: ArraySlice<UInt8>) throws(Mismatch) {
        guard path.count % RoughtimeHash.byteCount == 0 else { throw .misalignedPath }
        let depth = path.count / RoughtimeHash.byteCount
        guard depth <= maximumDepth else { throw .tooDeep(nodes: depth) }
        var value = leaf
        var bits = index
        var start = path.startIndex
        for _ in 0..<depth {
            let sibling = path[start..<start + RoughtimeHash.byteCount]
            value = bits & 1 == 0 ? node(left: value[...], right: sibling) : node(left: sibling, right: value[...])
            bits >>= 1
            start += RoughtimeHash.byteCount
        }
        guard bits == 0 else { throw .indexTooLarge }
        guard value[...].elementsEqual(root) else { throw .rootDiffers }
    }

    /// The root of a tree over `leaves` and each leaf's `PATH`, for servers (test doubles) that batch
    /// requests. Leaves are padded to a power of two by repeating the last one.
    package static func tree(_ leaves: [[UInt8]]) -> (root: [UInt8], paths: [[UInt8]]) {
        precondition(!leaves.isEmpty)
        var level = leaves
        var paths = [[UInt8]](repeating: [], count: leaves.count)
        var positions = Array(0..<leaves.count)
        while level.count > 1 {
            if level.count % 2 == 1 { level.append(level[level.count - 1]) }
            for leaf in 0..<leaves.count { paths[leaf] += level[positions[leaf] ^ 1] }
            level = stride(from: 0, to: level.count, by: 2).map { node(left: level[$0][...], right: level[$0 + 1][...]) }
            positions = positions.map { $0 / 2 }
        }
        return (level[0], paths)
    }
}
