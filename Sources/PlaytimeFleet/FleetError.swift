internal import PlaytimeAudit
package import PlaytimePostgres
internal import PlaytimeTickets

/// Why the fleet database could not be opened or collected.
package enum FleetError: Error, Sendable, CustomStringConvertible {
    /// The connection string is not usable (see PlaytimePostgres's `PostgresConfiguration`).
    case configuration(PostgresError)
    /// The server could not be reached, or refused a statement.
    case database(PostgresError)
    /// The database holds a schema newer than this code knows (written by a newer release): nothing was changed.
    case unsupportedSchema(found: Int, supported: Int)
    /// The database answered something this code does not expect (a row missing, a value out of range).
    case unexpectedAnswer(String)

    /// In words.
    package var description: String {
        switch self {
        case .configuration(let error): return "fleet database configuration: \(error)"
        case .database(let error): return "fleet database: \(error)"
        case .unsupportedSchema(let found, let supported):
            return "fleet database has schema version \(found); this release knows up to \(supported) and changes nothing"
        case .unexpectedAnswer(let detail): return "fleet database answered unexpectedly: \(detail)"
        }
    }
}

extension TicketStoreError {
    /// A database failure of a ticket store: the caller does not pay.
    static func fleet(_ error: PostgresError) -> TicketStoreError { .database(reason: "\(error)") }
}

extension RegistryError {
    /// A database failure of a registry: nothing was recorded as far as the caller knows; it does not pay.
    static func fleet(_ error: PostgresError) -> RegistryError { RegistryError("fleet database: \(error)") }
}
