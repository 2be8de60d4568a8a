import PropertyTesting
import Testing

@Suite("Determinism")
struct DeterminismTests {
    static let composite = Gen<(Int64, [Int], Bool?)>.zip(
        .int(in: -1_000_000...1_000_000),
        Gen<Int>.int(in: 0...50).array(count: 0...10),
        Gen<Bool>.bool.optional
    )

    @Test("the same seed generates the same values")
    func sameSeedSameValues() {
        let first = sample(Self.composite, seed: 99).map { "\($0)" }
        let second = sample(Self.composite, seed: 99).map { "\($0)" }
        let other = sample(Self.composite, seed: 100).map { "\($0)" }
        #expect(first.count == 200)
        #expect(first == second)
        #expect(first != other)
    }

    @Test("the same seed finds and shrinks to the same counterexample")
    func sameSeedSameCounterexample() throws {
        let gen = Gen<Int>.int(in: 0...1_000_000).array(count: 0...20)
        let property: ([Int]) -> Bool = { $0.reduce(0, +) < 5000 }
        let a = try #require(counterexample(gen, seed: 5, property))
        let b = try #require(counterexample(gen, seed: 5, property))
        #expect(a.original == b.original)
        #expect(a.shrunk == b.shrunk)
        #expect(a.casesRun == b.casesRun)
        #expect(a.shrunk.reduce(0, +) >= 5000)
    }

    @Test("a passing property runs exactly count cases")
    func passingRunsCount() throws {
        var calls = 0
        try PropertyCheck.forAll(.int(in: 0...10), count: 1234, name: "always true", seed: 3, environment: [:]) { _ in
            calls += 1
            return true
        }
        #expect(calls == 1234)
    }

    @Test("a random default seed still reports the seed that replays the failure")
    func randomSeedReplays() throws {
        let gen = Gen<Int64>.int(in: 0...1_000_000)
        var config = PropertyConfiguration(count: 1000, echoFailures: false)
        guard case .failed(let first) = PropertyRunner.run(gen, configuration: config, { $0 < 500_000 }) else {
            Issue.record("expected a failure")
            return
        }
        config.seed = first.seed
        guard case .failed(let replayed) = PropertyRunner.run(gen, configuration: config, { $0 < 500_000 }) else {
            Issue.record("expected the replay to fail")
            return
        }
        #expect(replayed.original == first.original)
        #expect(replayed.casesRun == first.casesRun)
    }
}
