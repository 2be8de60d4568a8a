internal import PlaytimeAudit
internal import PlaytimeFleet
internal import PlaytimeSystem
internal import PlaytimeTickets

/// The four stores a server pays through: files in one directory (shared by the processes of one machine)
/// or the fleet's tables in PostgreSQL (shared by every host), behind the same protocols (docs/fleet.md).
struct ServerStores: Sendable {
    var replayGuard: any ReplayGuard
    var budgetLedger: any BudgetLedger
    var registry: any DeviceRegistry
    var accounts: any AccountIntervalStore
    /// The multipliers the server granted one session at a time (``EarningsServer/grant(_:player:session:)``).
    var grants: any MultiplierGrantStore
    /// Every paying call's record, by player: the fleet's table, or the files' log (docs/service.md, "Payments").
    var paymentLog: any PaymentLogStore
    /// The file stores' payment log, which also answers a retried call on files (``FilePaymentLog/once``); `nil` on a
    /// fleet database, whose transactions do.
    var filePayments: FilePaymentLog?
    /// The fleet database, for its garbage collection; `nil` for files, which compact themselves.
    var fleet: FleetDatabase?
    /// The directory of the file stores; `nil` for a database.
    var directory: String?
    /// Where the stores are, for logs (a database URL without its password).
    var description: String

    /// The stores named by `store`: a `postgres://` URL, or a directory (created if missing).
    static func open(_ store: String, maximumConnections: Int) throws(ServerError) -> ServerStores {
        store.hasPrefix("postgres://") || store.hasPrefix("postgresql://")
            ? try fleet(url: store, maximumConnections: maximumConnections) : try files(directory: store)
    }

    /// `replay`, `budget`, `registry/`, `accounts/`, `grants/` and `payments/` in `directory`.
    static func files(directory: String) throws(ServerError) -> ServerStores {
        do {
            try FileSystem.createDirectories(atPath: directory)
        } catch {
            throw .setup("cannot create the state directory \(directory): \(error.reasonText)")
        }
        let replayGuard: FileReplayGuard
        let budgetLedger: FileBudgetLedger
        do { replayGuard = try FileReplayGuard(path: directory + "/replay") } catch {
            throw .setup("replay file \(directory)/replay: \(error) (refusing to start rather than forget redeemed tickets)")
        }
        do { budgetLedger = try FileBudgetLedger(path: directory + "/budget") } catch {
            throw .setup("budget file \(directory)/budget: \(error) (refusing to start rather than forget paid gold)")
        }
        let payments: FilePaymentLog
        do { payments = try FilePaymentLog(directory: directory + "/payments") } catch {
            throw .setup("payment log \(directory)/payments: \(error)")
        }
        do {
            return ServerStores(
                replayGuard: replayGuard, budgetLedger: budgetLedger,
                registry: try FileDeviceRegistry(directory: directory + "/registry"),
                accounts: try FileAccountIntervalStore(directory: directory + "/accounts"),
                grants: try FileMultiplierGrants(directory: directory + "/grants"), paymentLog: payments,
                filePayments: payments, fleet: nil,
                directory: directory, description: "replay file \(directory)/replay, budget file \(directory)/budget")
        } catch {
            throw .setup("device registry \(directory)/registry: \(error)")
        }
    }

    /// The fleet's stores in the database at `url` (the schema is created or migrated at open).
    static func fleet(url: String, maximumConnections: Int) throws(ServerError) -> ServerStores {
        let database: FleetDatabase
        do { database = try FleetDatabase(url: url, maximumConnections: maximumConnections) } catch {
            throw .setup("\(error) (refusing to start without the fleet's stores)")
        }
        return ServerStores(
            replayGuard: database.replayGuard, budgetLedger: database.budgetLedger, registry: database.deviceRegistry,
            accounts: database.accountIntervals, grants: database.multiplierGrants, paymentLog: database.paymentLog,
            filePayments: nil, fleet: database, directory: nil,
            description: "fleet database \(redacted(url))")
    }

    /// `url` without its password, for logs.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@") else { return url }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
