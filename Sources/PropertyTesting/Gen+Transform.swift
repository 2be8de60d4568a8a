extension Gen {
    /// Transforms each generated value; shrinking still works on the source choices.
    package func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Gen<Other> {
        Gen<Other>.typed { source throws(GenerationError) in transform(try self.run(source)) }
    }

    /// Uses a generated value to pick the next generator (dependent generation).
    package func flatMap<Other>(_ next: @escaping @Sendable (Value) -> Gen<Other>) -> Gen<Other> {
        Gen<Other>.typed { source throws(GenerationError) in try next(try self.run(source)).run(source) }
    }

    /// Keeps only values satisfying `predicate`, retrying at most `maxAttempts` times.
    ///
    /// When every attempt is rejected the generation is discarded
    /// (``GenerationError/filterExhausted(attempts:)``); prefer constructing valid
    /// values directly when the predicate is rarely true.
    package func filter(
        maxAttempts: Int = 100,
        _ predicate: @escaping @Sendable (Value) -> Bool
    ) -> Gen<Value> {
        let attempts = max(1, maxAttempts)
        return Gen.typed { source throws(GenerationError) in
            for _ in 0..<attempts {
                let value = try self.run(source)
                if predicate(value) { return value }
            }
            throw .filterExhausted(attempts: attempts)
        }
    }
}
