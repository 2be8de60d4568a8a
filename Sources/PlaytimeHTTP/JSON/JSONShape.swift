/// The allowed shape of a JSON request body: which keys each object may have, at every level.
///
/// ``StrictJSON`` checks a body against it before any decoding, so that a duplicate key or an unknown field
/// is refused instead of silently resolved (first value wins) or ignored.
package indirect enum JSONShape: Sendable {
    /// A string, number, `true`, `false` or `null`.
    case scalar
    /// An object that may hold only these keys (compared byte for byte), each value of its own shape.
    case object([String: JSONShape])
    /// An array whose every element has this shape.
    case array(JSONShape)
}

/// A request body type that declares its allowed shape, so ``JSONBody/decode(_:from:)`` can refuse anything else.
package protocol JSONRequestBody: Decodable {
    /// The keys the body may have, at every nesting level.
    static var jsonShape: JSONShape { get }
}
