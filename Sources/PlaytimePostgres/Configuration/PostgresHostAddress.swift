/// One server a connection string names: a TCP host and port, or a Unix socket directory and the port that names
/// its socket file. A URL may list several (docs/postgres-client.md, "Several hosts").
package struct PostgresHostAddress: Sendable, Equatable, CustomStringConvertible {
    /// Host name or numeric address for TCP; ignored when ``socketDirectory`` is set.
    package var host: String
    /// The server's port; with a socket directory it names the socket file `.s.PGSQL.<port>`.
    package var port: UInt16
    /// A directory holding the server's Unix-domain socket, or `nil` for TCP.
    package var socketDirectory: String?

    /// Creates the address of one server.
    package init(host: String, port: UInt16 = 5432, socketDirectory: String? = nil) {
        self.host = host
        self.port = port
        self.socketDirectory = socketDirectory
    }

    /// `host:port`, `[v6]:port` or `/socket/dir/.s.PGSQL.port`: the place only, never a user or password.
    package var description: String {
        if let socketDirectory {
            let directory = socketDirectory.hasSuffix("/") ? String(socketDirectory.dropLast()) : socketDirectory
            return "\(directory)/.s.PGSQL.\(port)"
        }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
