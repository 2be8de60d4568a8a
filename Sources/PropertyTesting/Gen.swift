/// A generator of random test values of type `Value`.
///
/// A generator is a pure function from a stream of recorded choices
/// (a ``GenSource``) to a value. Because shrinking works on the recorded
/// choices rather than on values, every generator built from the combinators
/// shrinks automatically, including through `map` and `flatMap`.
///
/// Write a custom generator with ``init(_:)``:
/// ```swift
/// let point = Gen<Point> { source in
///     Point(x: try source.generate(.int(in: 0...9)), y: try source.generate(.int(in: 0...9)))
/// }
/// ```
package struct Gen<Value>: Sendable {
    private let body: @Sendable (GenSource) throws(GenerationError) -> Value

    private init(body: @escaping @Sendable (GenSource) throws(GenerationError) -> Value) {
        self.body = body
    }

    /// Creates a generator from a function that draws from a ``GenSource``.
    ///
    /// Errors other than ``GenerationError`` thrown by `body` discard the
    /// generation as ``GenerationError/rejected(_:)``.
    package init(_ body: @escaping @Sendable (GenSource) throws -> Value) {
        self.body = { source throws(GenerationError) in
            do {
                return try body(source)
            } catch let error as GenerationError {
                throw error
            } catch {
                throw .rejected(String(describing: error))
            }
        }
    }

    /// Wraps a typed-throwing body without the conversion layer (used by the combinators).
    static func typed(_ body: @escaping @Sendable (GenSource) throws(GenerationError) -> Value) -> Gen<Value> {
        Gen(body: body)
    }

    /// Produces one value from `source`.
    package func run(_ source: GenSource) throws(GenerationError) -> Value {
        try body(source)
    }
}
