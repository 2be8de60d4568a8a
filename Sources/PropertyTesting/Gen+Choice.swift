extension Gen {
    /// Picks one of `generators` uniformly, then runs it; shrinks toward the first.
    ///
    /// With an empty list the generation is discarded.
    package static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        Gen.typed { source throws(GenerationError) in
            guard !generators.isEmpty else { throw .rejected("oneOf with no generators") }
            let bound = UInt64(generators.count - 1)
            let index = try source.choice(upTo: bound) { rng in rng.next(upTo: bound) }
            return try generators[Int(index)].run(source)
        }
    }

    /// Picks one of `generators` uniformly, then runs it.
    package static func oneOf(_ generators: Gen<Value>...) -> Gen<Value> { oneOf(generators) }

    /// Picks a generator with probability proportional to its weight; shrinks toward the first.
    ///
    /// Non-positive weights are never picked at random; when no weight is
    /// positive the generation is discarded.
    package static func frequency(_ weighted: [(weight: Int, gen: Gen<Value>)]) -> Gen<Value> {
        let entries = weighted.map { (UInt64(clamping: max(0, $0.weight)), $0.gen) }
        let total = entries.reduce(UInt64(0)) { $0.addingReportingOverflow($1.0).partialValue }
        return Gen.typed { source throws(GenerationError) in
            guard total > 0, !entries.isEmpty else { throw .rejected("frequency with no positive weight") }
            let bound = UInt64(entries.count - 1)
            let index = try source.choice(upTo: bound) { rng in
                var ticket = rng.next(upTo: total - 1)
                for (offset, entry) in entries.enumerated() {
                    if ticket < entry.0 { return UInt64(offset) }
                    ticket -= entry.0
                }
                return bound
            }
            return try entries[Int(index)].1.run(source)
        }
    }

    /// Picks one of `elements` uniformly; shrinks toward the first element.
    ///
    /// With an empty collection the generation is discarded.
    package static func element<C: Collection & Sendable>(of elements: C) -> Gen<Value>
    where C.Element == Value, Value: Sendable {
        let values = Array(elements)
        return Gen.typed { source throws(GenerationError) in
            guard !values.isEmpty else { throw .rejected("element(of:) an empty collection") }
            let bound = UInt64(values.count - 1)
            let index = try source.choice(upTo: bound) { rng in rng.next(upTo: bound) }
            return values[Int(index)]
        }
    }
}
