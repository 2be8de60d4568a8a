/// Where and how to connect: the server's address (TCP host and port, or a Unix socket directory), the role,
/// its password, the database, and the deadlines every connect and every query must meet.
///
/// Built from a connection URL with ``init(url:)`` or field by field. There is no TLS: see docs/postgres-client.md.
package struct PostgresConfiguration: Sendable, Equatable {
    /// Host name or numeric address for TCP; ignored when ``socketDirectory`` is set.
    package var host: String
    /// The server's port; with a socket directory it names the socket file `.s.PGSQL.<port>`.
    package var port: UInt16
    /// A directory holding the server's Unix-domain socket; when set, the client connects there instead of TCP.
    package var socketDirectory: String?
    /// The role to log in as.
    package var user: String
    /// The role's password, for cleartext-password and SCRAM-SHA-256 authentication; `nil` for trust/peer.
    package var password: String?
    /// The database; `nil` lets the server use the role's name.
    package var database: String?
    /// Sent as `application_name`, shown in `pg_stat_activity`.
    package var applicationName: String
    /// Budget for opening a connection: TCP or socket connect, startup and authentication together.
    package var connectTimeoutNanoseconds: Int64
    /// Budget for one query, from sending it to the server's ReadyForQuery. A query that overruns is cancelled
    /// (best effort) and its connection closed.
    package var queryTimeoutNanoseconds: Int64
    /// The longest server message accepted; a longer announcement fails with ``PostgresError/messageTooLarge(announcedBytes:limitBytes:)``
    /// before anything is allocated for it.
    package var maximumMessageBytes: Int
    /// The most row data one query may return (the sum of its DataRow messages); beyond it the query fails with
    /// ``PostgresError/resultTooLarge(limitBytes:)`` and the connection is closed, so no server can fill memory
    /// with many rows each under ``maximumMessageBytes``.
    package var maximumResultBytes: Int
    /// How many named prepared statements each connection keeps (by SQL text); 0 sends every query through the
    /// unnamed statement (Parse each time), for servers behind a transaction-pooling proxy that cannot keep them.
    package var statementCacheCapacity: Int
    /// The highest SCRAM iteration count accepted from a server (a hostile server could ask for billions).
    package var maximumSCRAMIterations: Int
    /// The servers after the first (``host``, ``port``, ``socketDirectory``), tried in order when the first does
    /// not give a session of the kind ``targetSessionAttributes`` asks for; empty for one server.
    package var additionalHosts: [PostgresHostAddress]
    /// Which kind of server to settle on (`target_session_attrs`); ``PostgresTargetSessionAttributes/any`` by default.
    package var targetSessionAttributes: PostgresTargetSessionAttributes

    /// Creates a configuration for TCP (`socketDirectory == nil`) or a Unix socket directory.
    package init(
        host: String = "localhost", port: UInt16 = 5432, socketDirectory: String? = nil,
        user: String, password: String? = nil, database: String? = nil
    ) {
        self.host = host
        self.port = port
        self.socketDirectory = socketDirectory
        self.user = user
        self.password = password
        self.database = database
        applicationName = "PlaytimeGuard"
        connectTimeoutNanoseconds = 10_000_000_000
        queryTimeoutNanoseconds = 30_000_000_000
        maximumMessageBytes = 64 << 20
        maximumSCRAMIterations = 1_000_000
        statementCacheCapacity = 64
        maximumResultBytes = 256 << 20
        additionalHosts = []
        targetSessionAttributes = .any
    }

    /// Every server, in the order they are tried: the first from ``host``, ``port`` and ``socketDirectory``, then
    /// ``additionalHosts``.
    package var hosts: [PostgresHostAddress] {
        [PostgresHostAddress(host: host, port: port, socketDirectory: socketDirectory)] + additionalHosts
    }

    /// True when connecting is a search (several hosts, or a kind of server asked for); false for one host and
    /// `any`, which connects exactly as a one-server configuration always has.
    package var searchesHosts: Bool { !additionalHosts.isEmpty || targetSessionAttributes != .any }

    /// This configuration narrowed to one of its servers, with no others.
    package func selecting(_ address: PostgresHostAddress) -> PostgresConfiguration {
        var single = self
        single.host = address.host
        single.port = address.port
        single.socketDirectory = address.socketDirectory
        single.additionalHosts = []
        return single
    }

    /// The socket file when connecting over a Unix-domain socket: `<socketDirectory>/.s.PGSQL.<port>`.
    package var unixSocketPath: String? {
        guard let socketDirectory else { return nil }
        let directory = socketDirectory.hasSuffix("/") ? String(socketDirectory.dropLast()) : socketDirectory
        return "\(directory)/.s.PGSQL.\(port)"
    }

    /// `user@host:port/database` or `user@/socket/dir/.s.PGSQL.port/database`, without the password; several
    /// servers are listed with commas (`user@h1:5432,h2:5433/database`).
    package var endpointDescription: String {
        "\(user)@\(hosts.map(\.description).joined(separator: ","))/\(database ?? user)"
    }
}
