import ExampleSupport
import Foundation
import PlaytimeRoughtime
import PlaytimeServer
import PlaytimeSystem

/// Everything the server keeps in its `--state` directory, opened at start:
///
/// - `ticket.secret` — the HMAC secret that signs departure tickets (32 random bytes, hex, 0600). Kept
///   across restarts, so tickets issued before a restart still verify.
/// - `replay` (+ `replay.lock`) — the `FileReplayGuard`: every redeemed nonce and (player, session), fsync'd
///   before the gold is paid, so a ticket (or a session) redeemed once stays redeemed after a restart or a crash.
/// - `budget` (+ `budget.lock`) — the `FileBudgetLedger`: every player's grants of the last 24 h, fsync'd
///   before the gold is paid, so the rolling daily budget holds across restarts.
/// - `journal.key` — the key uploaded journals are audited with. The example keeps **one** key per server
///   directory and, unless `--journal-key` names another, fills it with the public demo key
///   (`Examples/Samples/demo.key`). A real server keys per player (each device's journal key is
///   provisioned by, and stored on, the server) and looks the key up by the authenticated player.
/// - `registry/` — the `FileDeviceRegistry`: per uploaded journal, the head the server accepted and the gold
///   paid per session, so an upload must extend what was seen before and no session is paid twice.
/// - `accounts/` — the `FileAccountIntervalStore`: per player, the server time already credited to sessions
///   and tickets (docs/anchors.md), so no hour of the server's clock is paid twice to one player.
/// - `uploads/` — uploaded journals while they are audited (deleted afterwards).
///
/// All of it but the key files is the library's `EarningsServer` (PlaytimeServer), which this example wraps in HTTP.
/// With `--store postgres://…` the replay guard, the budget ledger, the registry and the account intervals are
/// the fleet's tables in that database instead (docs/fleet.md), so several servers on several hosts share them;
/// with `--ticket-key FILE` the ticket secret is that file (hex text, at least 16 bytes) instead of
/// `ticket.secret`, so they also share the key. The directory then keeps only the journal key and the uploads.
struct ServerState: Sendable {
    /// The id of the ticket key (a real deployment rotates keys with `TicketKeyRing`; see docs/tickets.md).
    static let ticketKeyID = "example-1"
    /// The bytes of `Examples/Samples/demo.key`: this ASCII sentence. Public, so never a real key.
    static let demoJournalKey = Array("PlaytimeGuard PUBLIC DEMO KEY - not secret, never use in production".utf8)

    let directory: String
    /// Tickets, uploads, the replay guard, budgets, registry and account intervals: the library's server facade.
    let server: EarningsServer
    let journalKey: JournalKey
    let journalKeyPath: String
    let usesDemoJournalKey: Bool
    /// Where the stores are, for the start-up lines: the state directory's files, or the database.
    var storeDescription: String { server.storeDescription }
    /// The fleet database's garbage collection (expired tickets and sessions, stale grants) at the server's
    /// clock; `nil` for the file stores, which compact themselves.
    let collect: (@Sendable () -> String)?

    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the state in `directory`. `rates` and `grants` are the operator's server-side configuration: the
    /// earn rate per player (default the policy's) and the multipliers the server granted; requests never set them.
    init(directory: String, policy: RewardPolicy, journalKeyPath given: String?, lifetimeSeconds: Int64,
         rates: PlayerRates, grants: StaticMultiplierGrants, retirements: [String: Int64] = [:], store: String? = nil, ticketKeyPath: String? = nil,
         roughtimeKeysPath: String? = nil, databaseConnections: Int = 4) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(atPath: directory + "/uploads", withIntermediateDirectories: true)
        } catch {
            throw SetupError(description: "cannot create the state directory \(directory): \(error.localizedDescription)")
        }
        let secret: [UInt8]
        if let ticketKeyPath {
            secret = try Self.loadHex(path: ticketKeyPath)
        } else {
            var random = SystemRandomNumberGenerator()
            secret = try Self.loadOrCreateHex(path: directory + "/ticket.secret") {
                (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
        }
        if let store, !store.hasPrefix("postgres://"), !store.hasPrefix("postgresql://") {
            throw SetupError(description: "--store takes a postgres:// URL, not '\(store)' (the files live in --state)")
        }
        var configuration = ServerConfiguration()
        configuration.ticketKeyID = Self.ticketKeyID
        configuration.ticketLifetimeSeconds = lifetimeSeconds
        configuration.rates = rates
        configuration.multiplierGrants = grants
        // Database sessions for the requests in flight (connections are answered concurrently); a request that
        // finds them all busy waits for one.
        configuration.maximumConnections = databaseConnections
        // Journals name the policy in force at each departure: the demo policy, and the library's default
        // (the sample journal was recorded under it). A retained one pays only sessions the server's anchors place
        // before its retirement (the server's start here); the server's own policy pays the rest (docs/anchors.md).
        configuration.retainedPolicies = [RewardPolicy.demo, .default].filter { $0.version != policy.version }
        configuration.policyRetirements = retirements
        // Signed time in uploads is checked against the operator's Roughtime keys, never the journal key.
        if let roughtimeKeysPath { configuration.roughtimeKeys = try RoughtimeKeyFile.load(path: roughtimeKeysPath) }
        let server: EarningsServer
        do {
            server = try EarningsServer(store: store ?? directory, ticketSecret: secret, policy: policy, configuration: configuration)
        } catch {
            throw SetupError(description: store == nil ? "\(error)" : "--store: \(error)")
        }
        journalKeyPath = given ?? directory + "/journal.key"
        if given == nil {
            _ = try Self.loadOrCreateHex(path: journalKeyPath) { Self.demoJournalKey }
        }
        journalKey = try KeyFile.load(path: journalKeyPath)
        usesDemoJournalKey = try journalKey.keyIDHex == JournalKey(bytes: Self.demoJournalKey).keyIDHex
        self.server = server
        if store == nil {
            collect = nil
        } else {
            collect = { @Sendable in Self.collect(server) }
        }
    }

    /// One garbage collection of the fleet database, as a log line.
    @Sendable static func collect(_ server: EarningsServer) -> String {
        do {
            guard let report = try server.collectExpired() else { return "nothing to collect" }
            return report.description
        } catch {
            return "collection failed (retried later): \(error)"
        }
    }

    /// Reads a key file that must exist: hex text (either case, whitespace around it ignored), at least 16 bytes.
    static func loadHex(path: String) throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SetupError(description: "--ticket-key \(path) does not exist; create it once for the whole fleet, e.g. "
                             + "`head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \\n' > \(path)`")
        }
        return try readHex(path: path)
    }

    /// Reads the hex bytes at `path`, first creating the file (whole, 0600: `FileSystem.createFile`, so a full disk
    /// never leaves an empty secret behind) from `make` when it does not exist. Two servers starting together on one
    /// directory agree: the loser of the create reads.
    static func loadOrCreateHex(path: String, make: () -> [UInt8]) throws -> [UInt8] {
        if !FileManager.default.fileExists(atPath: path) {
            do throws(FileAccessError) {
                try FileSystem.createFile(atPath: path, bytes: Array((HexText.encode(make()) + "\n").utf8), permissions: 0o600)
            } catch where error.reason == .alreadyExists {
                // Created by someone else meanwhile: read theirs.
            } catch {
                throw SetupError(description: "cannot create \(path): \(error.reasonText)")
            }
        }
        return try readHex(path: path)
    }

    /// The hex bytes at `path` (at least 16).
    static func readHex(path: String) throws -> [UInt8] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SetupError(description: "cannot read \(path)")
        }
        guard let bytes = HexText.decode(text), bytes.count >= 16 else {
            throw SetupError(description: "\(path) must hold at least 16 bytes as hex text")
        }
        return bytes
    }
}
