import PlaytimeCrypto
import Testing

/// What one HMAC costs in compressions once the key's pad blocks are hashed (guide §14): its own message blocks
/// plus one outer block, never the two pad blocks again. The journal authenticates every line this way, from the
/// keyed state JournalKey keeps (docs/journal-format.md §4: the previous MAC and the line, 32 + n bytes).
@Suite("HMAC cost in compressions")
struct HMACCostTests {
    /// Counts the blocks a SHA-256 compresses, shared by every copy of one hash (HMAC copies its keyed states).
    final class BlockCounter: @unchecked Sendable {
        var blocks = 0
    }

    /// SHA-256 that also counts its compressions: whole blocks as they fill, then one or two at the end.
    struct CountingSHA256: HashFunction {
        static var blockByteCount: Int { 64 }
        static var byteCount: Int { 32 }
        var hash = SHA256()
        var pending = 0
        let counter: BlockCounter

        init() { counter = BlockCounter() }
        init(counter: BlockCounter) { self.counter = counter }

        mutating func update(bufferPointer: UnsafeRawBufferPointer) {
            hash.update(bufferPointer: bufferPointer)
            counter.blocks += (pending + bufferPointer.count) / 64
            pending = (pending + bufferPointer.count) % 64
        }

        func finalize(into output: UnsafeMutableRawBufferPointer) {
            hash.finalize(into: output)
            counter.blocks += pending < 56 ? 1 : 2
        }
    }

    @Test("keying costs the two pad blocks once; each message costs ceil((n + 9) / 64) + 1 blocks")
    func perMessage() {
        let counter = BlockCounter()
        let keyed = HMAC(key: [UInt8](repeating: 0x42, count: 32), hash: CountingSHA256(counter: counter))
        #expect(counter.blocks == 2)
        for length in [0, 1, 23, 55, 56, 63, 64, 119, 120, 300, 1_000] {
            counter.blocks = 0
            var mac = keyed
            mac.update([UInt8](repeating: 7, count: length))
            let code = mac.finalize()
            #expect(code == HMAC<SHA256>.authenticationCode(for: [UInt8](repeating: 7, count: length), using: [UInt8](repeating: 0x42, count: 32)))
            #expect(counter.blocks == (length + 9 + 63) / 64 + 1, "message of \(length) bytes")
        }
    }

    @Test("a journal line of 285 MAC-covered bytes after the previous MAC costs 7 compressions, not 9")
    func journalLine() {
        let counter = BlockCounter()
        let keyed = HMAC(key: [UInt8](repeating: 0x42, count: 32), hash: CountingSHA256(counter: counter))
        counter.blocks = 0
        var mac = keyed
        mac.update([UInt8](repeating: 1, count: 32))
        mac.update([UInt8](repeating: 2, count: 285))
        _ = mac.finalize()
        #expect(counter.blocks == 7)
    }
}
