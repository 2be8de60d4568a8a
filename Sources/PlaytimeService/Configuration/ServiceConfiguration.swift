/// Everything `playtime-server` is told (docs/service.md, "Configuration"): from flags, or from a JSON file given with
/// `--config` whose keys are the flags' names without the dashes, in camel case (`--max-connections` is
/// `maxConnections`); a flag given with `--config` overrides the file. ``ServiceOptions`` is the one table of both.
package struct ServiceConfiguration: Sendable, Equatable {
    /// Where to listen: `HOST:PORT` (numeric host; port 0: any free port, printed at start).
    package var listen = "127.0.0.1:8080"
    /// A second listener that serves only `GET /v1/metrics`, without a key (a scraper inside the cluster); `nil`: none.
    package var metricsListen: String?
    /// The state directory: the server secret, the API keys and, without `--store`, the file stores.
    package var state = "playtime-server-state"
    /// A `postgres://` URL (several hosts allowed) for a fleet's stores; `nil`: files in ``state``.
    package var store: String?
    /// The server secret (hex, at least 16 bytes; created with 32 random bytes when missing); default `STATE/server.secret`.
    package var secretFile: String?
    /// The API keys file; default `STATE/api-keys` (created with one key, printed once, when missing).
    package var apiKeysFile: String?
    /// The support console's operator keys file (`--operator-keys`; default `STATE/operator-keys`).
    package var operatorKeysFile: String?
    /// The ad network's secret for multiplier grants (text, at least 16 bytes); `nil`: grants are off.
    package var adNetworkSecretFile: String?
    /// A journal key shared by every player (the legacy mode): journals under it are accepted besides enrolled ones.
    /// `nil` (the default): only journals this server enrolled.
    package var legacyJournalKeyFile: String?
    /// The reward policy: `default`, `demo`, or a policy JSON file.
    package var policy = "default"
    /// Earlier policies still honoured, each `NAME_OR_FILE` or `NAME_OR_FILE=UNIX_SECONDS` (when it was retired).
    package var retainedPolicies: [String] = []
    /// The operator's Roughtime public keys file (one base64 key a line); `nil`: none.
    package var roughtimeKeysFile: String?
    /// How long a ticket stays redeemable, in seconds.
    package var ticketLifetimeSeconds: Int64 = 604_800
    /// Per-player earn rates, `PLAYER=GOLD_PER_HOUR`.
    package var playerRates: [String] = []
    /// Connections at once, all clients.
    package var maxConnections: Int64 = 256
    /// Connections at once from one client address (0: no limit, e.g. behind a proxy).
    package var maxConnectionsPerClient: Int64 = 64
    /// Connections kept for health and readiness probes.
    package var reservedConnections: Int64 = 16
    /// Request body memory, all requests together, in MiB.
    package var bodyMemoryMiB: Int64 = 128
    /// The largest journal upload, in MiB (at most half of the body memory).
    package var maxUploadMiB: Int64 = 32
    /// Seconds a whole request may take to arrive.
    package var readSeconds: Int64 = 30
    /// Seconds a request's head may take.
    package var headSeconds: Int64 = 10
    /// Seconds an idle keep-alive connection stays open.
    package var idleSeconds: Int64 = 15
    /// Seconds SIGTERM waits for requests in flight.
    package var shutdownGraceSeconds: Int64 = 25
    /// Database connections (a `postgres://` store).
    package var databaseConnections: Int64 = 8
    /// Where the access log goes: `-` (standard output), `off`, or a file (appended).
    package var accessLog = "-"

    /// The defaults.
    package init() {}

    /// The secret file, resolved.
    package var secretPath: String { secretFile ?? state + "/server.secret" }
    /// The API keys file, resolved.
    package var apiKeysPath: String { apiKeysFile ?? state + "/api-keys" }
    /// The operator keys file in force.
    package var operatorKeysPath: String { operatorKeysFile ?? state + "/operator-keys" }
}
