/// A failed expectation inside a property body, thrown by ``PropertyCheck/expect(_:_:)``.
package struct PropertyAssertion: Error, Sendable, CustomStringConvertible {
    /// What was expected.
    package var message: String

    /// Creates an assertion failure with a message.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
