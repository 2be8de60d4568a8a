extension Gen {
    /// Arrays of `element` values whose length lies in `count`; shrinks toward shorter
    /// arrays and simpler elements.
    ///
    /// Each element beyond the minimum is preceded by a "one more" choice, so the
    /// shrinker removes an element by deleting its block of choices. Lengths are
    /// uniform in `count` at random. Negative bounds are treated as 0.
    package static func array<Element>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<[Element]>
    where Value == [Element] {
        let minimum = max(0, count.lowerBound)
        let maximum = max(minimum, count.upperBound)
        return Gen.typed { source throws(GenerationError) in
            var result: [Element] = []
            for _ in 0..<minimum { result.append(try element.run(source)) }
            let extraSpan = UInt64(maximum - minimum)
            let target = source.unrecordedRandom(upTo: extraSpan)
            var extra: UInt64 = 0
            while extra < extraSpan {
                let wanted: UInt64 = extra < target ? 1 : 0
                guard try source.choice(upTo: 1, random: { _ in wanted }) == 1 else { break }
                result.append(try element.run(source))
                extra += 1
            }
            return result
        }
    }

    /// `nil` or a wrapped value (nil one time in four at random); shrinks toward `nil`.
    package static func optional<Wrapped>(_ wrapped: Gen<Wrapped>) -> Gen<Wrapped?> where Value == Wrapped? {
        Gen.typed { source throws(GenerationError) in
            let present = try source.choice(upTo: 1) { rng in rng.next(upTo: 3) == 0 ? 0 : 1 }
            return present == 1 ? try wrapped.run(source) : nil
        }
    }
}

extension Gen {
    /// Arrays of this generator's values with a length in `count`.
    package func array(count: ClosedRange<Int>) -> Gen<[Value]> { .array(of: self, count: count) }

    /// This generator's values or `nil`.
    package var optional: Gen<Value?> { .optional(self) }
}
