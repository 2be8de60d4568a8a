/// The allowed shape of a JSON text: which keys each object may have, at every level.
///
/// ``StrictJSON`` checks a text against it before any decoding, so that a duplicate key or an unknown field
/// is refused instead of silently resolved (first value wins) or ignored.
package indirect enum JSONShape: Sendable {
    /// A string, number, `true`, `false` or `null`.
    case scalar
    /// An object that may hold only these keys (compared byte for byte), each value of its own shape.
    case object([String: JSONShape])
    /// An array whose every element has this shape.
    case array(JSONShape)
    /// Any value: its syntax is checked and its objects may not repeat a key, but their keys are not restricted
    /// (a reward policy, whose decoder ignores keys it does not know, docs/reward-policy.md).
    case any
}
