import PropertyTesting

/// A configuration for engine tests: fixed seed, no stderr noise, no environment.
func quiet(seed: UInt64 = 1, count: Int = 1000) -> PropertyConfiguration {
    PropertyConfiguration(count: count, seed: seed, echoFailures: false)
}

/// Runs `property` and returns the counterexample, or nil when it passed.
func counterexample<Value>(
    _ gen: Gen<Value>, seed: UInt64 = 1, count: Int = 1000, _ property: (Value) throws -> Bool
) -> Counterexample<Value>? {
    if case .failed(let example) = PropertyRunner.run(gen, configuration: quiet(seed: seed, count: count), property) {
        return example
    }
    return nil
}

/// Collects the first `count` values a generator produces for `seed`.
func sample<Value>(_ gen: Gen<Value>, seed: UInt64, count: Int = 200) -> [Value] {
    var values: [Value] = []
    _ = PropertyRunner.run(gen, configuration: quiet(seed: seed, count: count)) { value in
        values.append(value)
        return true
    }
    return values
}
