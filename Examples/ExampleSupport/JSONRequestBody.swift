import PlaytimeSystem

/// A request body type that declares its allowed shape, so ``JSONBody/decode(_:from:)`` can refuse anything else.
package protocol JSONRequestBody: Decodable {
    /// The keys the body may have, at every nesting level.
    static var jsonShape: JSONShape { get }
}
