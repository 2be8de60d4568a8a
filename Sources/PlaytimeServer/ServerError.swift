internal import PlaytimeAudit
internal import PlaytimeTickets

/// Why an ``EarningsServer`` could not start, redeem or accept.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    /// The stores or the configuration could not be opened; the server did not start.
    case setup(String)
    /// The ticket was refused (already redeemed, forged, expired, …) or its stores failed
    /// (``TicketError/storeFailure(_:)``, ``TicketError/ledgerFailure(_:)``).
    case ticket(TicketError)
    /// The upload could not be judged (not a journal under the key, unreadable, a concurrent upload, …).
    case upload(UploadError)
    /// A store failed after the judgement; nothing more was paid (the session counts as paid: a retry pays
    /// nothing twice).
    case store(String)
    /// An anchor request was refused (the journal id or head is not in the documented form); nothing was issued.
    case anchor(String)
    /// A multiplier grant was refused (no policy of this server defines the name, or the session id is empty);
    /// nothing was recorded.
    case grant(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .setup(let detail): return "cannot start: \(detail)"
        case .ticket(let error): return error.description
        case .upload(let error): return error.description
        case .store(let detail): return "store failure: \(detail)"
        case .anchor(let detail): return "no anchor issued: \(detail)"
        case .grant(let detail): return "no multiplier granted: \(detail)"
        }
    }
}
