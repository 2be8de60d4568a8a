extension Gen {
    /// Pairs the values of two generators.
    package static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen.typed { source throws(GenerationError) in (try a.run(source), try b.run(source)) }
    }

    /// Combines the values of three generators.
    package static func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)>
    where Value == (A, B, C) {
        Gen.typed { source throws(GenerationError) in (try a.run(source), try b.run(source), try c.run(source)) }
    }

    /// Combines the values of four generators.
    package static func zip<A, B, C, D>(
        _ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>
    ) -> Gen<(A, B, C, D)> where Value == (A, B, C, D) {
        Gen.typed { source throws(GenerationError) in
            (try a.run(source), try b.run(source), try c.run(source), try d.run(source))
        }
    }
}
