import PropertyTesting
import Testing

@Suite("Shrinking")
struct ShrinkingTests {
    @Test("all ints < 1000 shrinks to exactly 1000", arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func intThreshold(seed: UInt64) throws {
        let example = try #require(counterexample(Gen<Int64>.int64, seed: seed) { $0 < 1000 })
        #expect(example.shrunk == 1000)
        #expect(example.original >= 1000)
    }

    @Test("a negative threshold shrinks to the boundary")
    func negativeThreshold() throws {
        let example = try #require(counterexample(Gen<Int64>.int(in: -1_000_000...1_000_000)) { $0 > -77 })
        #expect(example.shrunk == -77)
    }

    @Test("a range above zero shrinks toward its lower bound")
    func rangeLowerBound() throws {
        let example = try #require(counterexample(Gen<Int>.int(in: 500...9000)) { $0 % 7 != 3 })
        #expect(example.shrunk == 500 + ((3 - 500 % 7) + 7) % 7)
    }

    @Test("arrays with no element > 5 and length < 3 shrink to [6] or [0, 0, 0]", arguments: [UInt64(1), 2, 3, 4, 5])
    func arrayMinimal(seed: UInt64) throws {
        let gen = Gen<Int>.int(in: 0...100).array(count: 0...20)
        let example = try #require(counterexample(gen, seed: seed) { $0.count < 3 && $0.allSatisfy { $0 <= 5 } })
        #expect(example.shrunk == [6] || example.shrunk == [0, 0, 0], "shrunk to \(example.shrunk)")
    }

    @Test("a sum threshold shrinks to a short array summing to exactly the threshold")
    func sumThreshold() throws {
        let gen = Gen<Int>.int(in: 0...1000).array(count: 0...30)
        let example = try #require(counterexample(gen) { $0.reduce(0, +) <= 1000 })
        #expect(example.shrunk.reduce(0, +) == 1001)
        #expect(example.shrunk.count <= 2)
    }

    @Test("shrinking works through map and flatMap")
    func throughMapAndFlatMap() throws {
        let gen = Gen<Int>.int(in: 1...20).flatMap { length in
            Gen<Int>.int(in: 0...1000).array(count: length...length).map { (length, $0) }
        }
        let example = try #require(counterexample(gen) { $0.1.contains { $0 >= 300 } == false })
        #expect(example.shrunk.0 == 1)
        #expect(example.shrunk.1 == [300])
    }

    @Test("optionals shrink toward nil and strings built by map shrink")
    func optionalsAndStrings() throws {
        let gen = Gen<Int>.int(in: 0...50).optional
        let example = try #require(counterexample(gen) { _ in false })
        #expect(example.shrunk == nil)
        let words = Gen<Character>.element(of: Array("abcdef")).array(count: 0...10).map { String($0) }
        let wordExample = try #require(counterexample(words) { !$0.contains("d") })
        #expect(wordExample.shrunk == "d")
    }

    @Test("a property that throws is shrunk and its error is reported")
    func thrownErrors() throws {
        struct TooBig: Error {}
        let example = try #require(
            counterexample(Gen<UInt64>.uint64) { value in
                if value > 12345 { throw TooBig() }
                return true
            })
        #expect(example.shrunk == 12346)
        #expect(example.shrunkMessage.contains("TooBig"))
    }
}
