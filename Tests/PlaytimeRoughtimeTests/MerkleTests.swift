import PropertyTesting
import Testing

@testable import PlaytimeRoughtime

@Suite("Roughtime Merkle tree (§5.3, drafts 16–19 node order)")
struct MerkleTests {
    @Test("A single request: empty PATH, INDX 0, ROOT = H(0x00 || request)")
    func single() throws {
        let leaf = RoughtimeMerkle.leaf([1, 2, 3][...])
        #expect(leaf == RoughtimeHash.h([0, 1, 2, 3][...]))
        try RoughtimeMerkle.check(leaf: leaf, path: [][...], index: 0, root: leaf[...])
        #expect(throws: RoughtimeMerkle.Mismatch.indexTooLarge) { try RoughtimeMerkle.check(leaf: leaf, path: [][...], index: 1, root: leaf[...]) }
    }

    @Test("Two leaves: bit 0 means the sibling is on the right, H(0x01 || h || node)")
    func order() throws {
        let left = RoughtimeMerkle.leaf([1][...])
        let right = RoughtimeMerkle.leaf([2][...])
        let root = RoughtimeHash.h([0x01], left[...], right[...])
        try RoughtimeMerkle.check(leaf: left, path: right[...], index: 0, root: root[...])
        try RoughtimeMerkle.check(leaf: right, path: left[...], index: 1, root: root[...])
        // The draft-12–15 order (swapped) does not verify.
        #expect(throws: RoughtimeMerkle.Mismatch.rootDiffers) { try RoughtimeMerkle.check(leaf: left, path: right[...], index: 1, root: root[...]) }
    }

    @Test("Trees of 1–40 leaves: every leaf's path leads to the root, and only at its own index")
    func trees() throws {
        try PropertyCheck.forAll(Gen.int(in: 1...40), count: 40, name: "tree") { size in
            let leaves = (0..<size).map { RoughtimeMerkle.leaf([UInt8(truncatingIfNeeded: $0), 0xaa][...]) }
            let (root, paths) = RoughtimeMerkle.tree(leaves)
            for (index, leaf) in leaves.enumerated() {
                try RoughtimeMerkle.check(leaf: leaf, path: paths[index][...], index: UInt32(index), root: root[...])
                if size > 1 {
                    let other = (index + 1) % size
                    if (try? RoughtimeMerkle.check(leaf: leaf, path: paths[index][...], index: UInt32(other), root: root[...])) != nil,
                        leaves[other] != leaf, paths[other] != paths[index]
                    {
                        return false
                    }
                }
            }
            return true
        }
    }

    @Test("More than 32 nodes, misaligned paths and leftover INDX bits are refused")
    func limits() {
        let leaf = RoughtimeMerkle.leaf([][...])
        #expect(throws: RoughtimeMerkle.Mismatch.tooDeep(nodes: 33)) {
            try RoughtimeMerkle.check(leaf: leaf, path: [UInt8](repeating: 0, count: 33 * 32)[...], index: 0, root: leaf[...])
        }
        #expect(throws: RoughtimeMerkle.Mismatch.misalignedPath) { try RoughtimeMerkle.check(leaf: leaf, path: [0][...], index: 0, root: leaf[...]) }
    }
}
