/// An ErrorResponse from the server: its fields by their protocol codes (protocol v3, "Error and Notice Message
/// Fields").
package struct PostgresServerError: Sendable, Equatable, CustomStringConvertible {
    /// `V` (or `S` from old servers): `ERROR`, `FATAL` or `PANIC`, never localized.
    package var severity: String
    /// `C`: the five-character SQLSTATE, such as `23505` (unique violation) or `42601` (syntax error).
    package var sqlState: String
    /// `M`: the primary message.
    package var message: String
    /// `D`: the optional detail.
    package var detail: String?
    /// `H`: the optional hint.
    package var hint: String?
    /// `n`: the constraint that was violated, when there is one.
    package var constraintName: String?

    /// Creates an error from its fields.
    package init(
        severity: String, sqlState: String, message: String,
        detail: String? = nil, hint: String? = nil, constraintName: String? = nil
    ) {
        self.severity = severity
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.constraintName = constraintName
    }

    /// True for `FATAL` and `PANIC`: the server ends the session after sending it.
    package var endsSession: Bool { severity == "FATAL" || severity == "PANIC" }

    /// `SEVERITY SQLSTATE: message (detail)`.
    package var description: String {
        var text = "\(severity) \(sqlState): \(message)"
        if let detail { text += " (\(detail))" }
        return text
    }
}
