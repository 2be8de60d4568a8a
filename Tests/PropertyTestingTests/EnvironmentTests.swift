import PropertyTesting
import Testing

@Suite("Environment and reporting")
struct EnvironmentTests {
    @Test("seed and count variables are parsed")
    func parsing() {
        #expect(PropertyEnvironment.parseSeed("12345") == 12345)
        #expect(PropertyEnvironment.parseSeed(" 0x3039 ") == 12345)
        #expect(PropertyEnvironment.parseSeed("banana") == nil)
        #expect(PropertyEnvironment.parseCount("500") == .absolute(500))
        #expect(PropertyEnvironment.parseCount("x10") == .multiplier(10))
        #expect(PropertyEnvironment.parseCount("3x") == .multiplier(3))
        #expect(PropertyEnvironment.parseCount("0") == nil)
        #expect(PropertyEnvironment.parseCount("-4") == nil)
        #expect(PropertyEnvironment.CountOverride.multiplier(Int.max).apply(to: 1000) == Int.max)
    }

    @Test("PLAYTIME_PROPERTY_COUNT overrides or multiplies the count")
    func countOverride() throws {
        var calls = 0
        try PropertyCheck.forAll(.bool, count: 10, seed: 1, environment: ["PLAYTIME_PROPERTY_COUNT": "37"]) { _ in
            calls += 1
            return true
        }
        #expect(calls == 37)
        calls = 0
        try PropertyCheck.forAll(.bool, count: 10, seed: 1, environment: ["PLAYTIME_PROPERTY_COUNT": "x3"]) { _ in
            calls += 1
            return true
        }
        #expect(calls == 30)
    }

    @Test("PLAYTIME_PROPERTY_SEED replays the reported failure exactly")
    func seedReplay() throws {
        let gen = Gen<Int64>.int(in: 0...1_000_000_000).array(count: 1...8)
        let property: ([Int64]) -> Bool = { $0.max() ?? 0 < 900_000_000 }
        var config = PropertyConfiguration(count: 1000, echoFailures: false)
        var first: PropertyFailure?
        do {
            try PropertyCheck.forAll(gen, name: "below 900M", configuration: config, environment: [:], property)
        } catch {
            first = error
        }
        let failure = try #require(first)
        config.seed = 0  // must be ignored: the environment wins
        var second: PropertyFailure?
        do {
            try PropertyCheck.forAll(
                gen, name: "below 900M", configuration: config,
                environment: ["PLAYTIME_PROPERTY_SEED": "\(failure.seed)"], property)
        } catch {
            second = error
        }
        let replayed = try #require(second)
        #expect(replayed.seed == failure.seed)
        #expect(replayed.original == failure.original)
        #expect(replayed.shrunk == failure.shrunk)
        #expect(replayed.casesRun == failure.casesRun)
        #expect(replayed.shrunk == "[900000000]")
    }

    @Test("the failure description names everything needed to act on it")
    func description() throws {
        var caught: PropertyFailure?
        do {
            try PropertyCheck.check(
                Gen<Int64>.int(in: 0...100_000), count: 500, name: "small numbers", seed: 77,
                configuration: PropertyConfiguration(echoFailures: false), environment: [:]
            ) { (value: Int64) throws in
                try PropertyCheck.expect(value < 1000, "\(value) is too big")
            }
        } catch {
            caught = error
        }
        let failure = try #require(caught)
        let text = failure.description
        #expect(failure.kind == .counterexample)
        #expect(text.contains("small numbers"))
        #expect(text.contains("seed 77"))
        #expect(text.contains("PLAYTIME_PROPERTY_SEED=77 swift test --filter PropertyTestingTests"))
        #expect(text.contains("after \(failure.casesRun) case(s)"))
        #expect(text.contains("original: \(failure.original ?? "-")"))
        #expect(text.contains("shrunk:   1000"))
        #expect(text.contains("1000 is too big"))
        #expect(text.contains("EnvironmentTests.swift"))
    }

    @Test("a property that always holds does not throw")
    func passes() throws {
        try PropertyCheck.forAll(Gen<Int64>.int64, name: "magnitude is non-negative", environment: [:]) { $0.magnitude >= 0 }
    }
}
