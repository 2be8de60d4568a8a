package import PlaytimeSystem

/// Why a ticket store (a ``ReplayGuard``, a ``BudgetLedger``, a ``RateProvider`` or ``MultiplierGrants``)
/// could not answer.
///
/// Every failure leaves the decision "not paid": a store never reports success unless its record is made.
package enum TicketStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed.
    case system(SystemError)
    /// The store's file is not in the expected format at `offset`; the store refuses to guess.
    case corrupt(path: String, offset: Int64, reason: String)
    /// The store's file disappeared while in use; recreating it would forget what it recorded.
    case missing(path: String)
    /// An earlier write or `fsync` failed, so the file's state is unknown; reopen the store.
    case unusable(path: String)
    /// The file is a format version this code does not read (written by a newer release, or unknown).
    case unsupportedVersion(path: String, header: String)
    /// The store's database did not answer or refused the statement (a fleet store on PostgreSQL,
    /// docs/fleet.md); `reason` names the failure, never a password.
    case database(reason: String)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .system(let error): return "ticket store: \(error)"
        case .corrupt(let path, let offset, let reason): return "store file \(path) is corrupt at byte \(offset): \(reason)"
        case .missing(let path): return "store file \(path) disappeared; refusing to recreate it"
        case .unusable(let path): return "store file \(path) is unusable after a failed write; reopen it"
        case .unsupportedVersion(let path, let header):
            return "store file \(path) has the unsupported header \"\(header)\"; refusing to read or change it"
        case .database(let reason): return "ticket store database: \(reason)"
        }
    }
}

/// The error of replay guards (the same type as every ticket store's).
package typealias ReplayStoreError = TicketStoreError
