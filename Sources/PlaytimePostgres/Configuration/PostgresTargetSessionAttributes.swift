/// Which kind of server a connection must reach when the connection string lists several hosts
/// (`target_session_attrs`, as libpq names the values). Hosts are tried in their order; one that does not qualify
/// is closed and the next tried (docs/postgres-client.md, "Several hosts").
package enum PostgresTargetSessionAttributes: String, Sendable, Equatable, CaseIterable {
    /// The first host that accepts a session (the default).
    case any = "any"
    /// A host whose sessions may write: `SHOW transaction_read_only` answers `off`.
    case readWrite = "read-write"
    /// A host whose sessions are read-only: `SHOW transaction_read_only` answers `on`.
    case readOnly = "read-only"
    /// A host that is not in recovery: `SELECT pg_is_in_recovery()` answers false.
    case primary = "primary"
    /// A host in recovery (a hot standby): `SELECT pg_is_in_recovery()` answers true.
    case standby = "standby"
    /// A standby if any host is one, else the first host that accepts a session.
    case preferStandby = "prefer-standby"

    /// True when a session on this kind of host is expected to write: a write refused as read-only (SQLSTATE
    /// 25006) then means the host changed role, and the pool drops its connections to find the new one.
    package var expectsWrites: Bool { self == .readWrite || self == .primary }
}
