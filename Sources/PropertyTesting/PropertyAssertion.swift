/// A failed expectation inside a property body, thrown by ``PropertyCheck/expect(_:_:)``.
public struct PropertyAssertion: Error, Sendable, CustomStringConvertible {
    /// What was expected.
    public var message: String

    /// Creates an assertion failure with a message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
