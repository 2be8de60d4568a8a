import PropertyTesting
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test("matches the reference sequence for seed 0")
    func referenceVector() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("the same seed gives the same sequence, different seeds differ")
    func determinism() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        var c = SplitMix64(seed: 43)
        let first = (0..<100).map { _ in a.next() }
        let second = (0..<100).map { _ in b.next() }
        let third = (0..<100).map { _ in c.next() }
        #expect(first == second)
        #expect(first != third)
    }

    @Test("bounded draws stay within bounds and cover a small range")
    func bounded() {
        var rng = SplitMix64(seed: 7)
        var seen = Set<UInt64>()
        for _ in 0..<1000 {
            let value = rng.next(upTo: 5)
            #expect(value <= 5)
            seen.insert(value)
        }
        #expect(seen == Set(0...5))
        #expect(rng.next(upTo: 0) == 0)
        _ = rng.next(upTo: .max)
    }
}
