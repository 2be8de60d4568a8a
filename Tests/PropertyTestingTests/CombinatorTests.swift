import PropertyTesting
import Testing

@Suite("Combinators")
struct CombinatorTests {
    @Test("int(in:) respects bounds, including the extremes of Int64")
    func intBounds() throws {
        for range in [Int64.min...Int64.max, Int64.min...(-5), 3...3, -2...2, 7...Int64.max] {
            let values = sample(Gen<Int64>.int(in: range), seed: 11, count: 500)
            #expect(values.allSatisfy { range.contains($0) })
        }
        let full = sample(Gen<Int64>.int64, seed: 12, count: 2000)
        #expect(full.contains(Int64.min) || full.contains(Int64.max), "boundaries should be generated")
    }

    @Test("array(of:count:) respects its length range and covers it")
    func arrayLengths() {
        let lengths = sample(Gen<Bool>.bool.array(count: 2...6), seed: 13, count: 500).map(\.count)
        #expect(lengths.allSatisfy { (2...6).contains($0) })
        #expect(Set(lengths) == Set(2...6))
    }

    @Test("filter keeps only matching values and gives up when impossible")
    func filter() throws {
        let even = sample(Gen<Int>.int(in: 0...1000).filter { $0 % 2 == 0 }, seed: 14)
        #expect(even.allSatisfy { $0 % 2 == 0 })
        let impossible = Gen<Int>.int(in: 0...10).filter(maxAttempts: 5) { $0 > 10 }
        let result = PropertyRunner.run(impossible, configuration: quiet(count: 10)) { _ in true }
        guard case .gaveUp = result else {
            Issue.record("expected gaveUp, got \(result)")
            return
        }
    }

    @Test("frequency follows its weights and never picks a zero weight")
    func frequency() {
        let gen = Gen<String>.frequency([(weight: 9, gen: .constant("a")), (weight: 1, gen: .constant("b")), (weight: 0, gen: .constant("c"))])
        let values = sample(gen, seed: 15, count: 2000)
        let a = values.filter { $0 == "a" }.count
        #expect(!values.contains("c"))
        #expect(a > 1600 && a < 1950, "a picked \(a) times of 2000")
    }

    @Test("oneOf, element(of:) and zip reach every alternative")
    func alternatives() {
        let one = sample(Gen<Int>.oneOf(.constant(1), .constant(2), .constant(3)), seed: 16)
        #expect(Set(one) == [1, 2, 3])
        let letters = sample(Gen<Character>.element(of: "xyz"), seed: 17)
        #expect(Set(letters) == ["x", "y", "z"])
        let quads = sample(Gen<(Bool, Bool, Bool, Bool)>.zip(.bool, .bool, .bool, .bool), seed: 18)
        #expect(Set(quads.map { "\($0)" }).count == 16)
    }

    @Test("custom generators draw through GenSource")
    func custom() throws {
        struct Point: Equatable {
            var x: Int64
            var y: Int64
        }
        let point = Gen<Point> { source in
            Point(x: try source.generate(.int(in: 0...9)), y: try source.generate(.int(in: 0...9)))
        }
        let example = try #require(counterexample(point) { $0.x + $0.y < 12 })
        #expect(example.shrunk.x + example.shrunk.y == 12)
        #expect(example.shrunk.x == 3 && example.shrunk.y == 9)
    }
}
