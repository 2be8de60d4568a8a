/// Why a departure ticket was not issued or not paid.
package enum TicketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text or fields are not a well-formed ticket.
    case malformed(TicketFormatError)
    /// The ticket names a key id that is not (or no longer) accepted.
    case unknownKey(String)
    /// The tag does not match: the ticket was altered or not issued by this server.
    case forged
    /// The ticket was issued to a different player (compared byte for byte).
    case otherPlayer
    /// The ticket names a reward policy version the authority does not keep.
    case unknownPolicy(String)
    /// The ticket's issue time is later than now plus the allowed skew (Unix nanoseconds).
    case notYetValid(issuedAt: Int64, now: Int64)
    /// The ticket's expiry is not after now (Unix nanoseconds).
    case expired(expiresAt: Int64, now: Int64)
    /// The ticket, or another ticket of the same (player, session), was redeemed before.
    case alreadyRedeemed
    /// A store failed before the ticket was consumed (the replay guard, the rates or the grants): nothing
    /// was paid and the ticket can be redeemed again.
    case storeFailure(TicketStoreError)
    /// The budget ledger failed after the ticket was consumed: nothing was paid and the ticket is used up
    /// (the price of never paying past the budget; see `docs/tickets.md`).
    case ledgerFailure(TicketStoreError)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .malformed(let error): return "malformed ticket: \(error)"
        case .unknownKey(let id): return "ticket signed with key \"\(id)\", which is not accepted"
        case .forged: return "ticket tag does not verify"
        case .otherPlayer: return "ticket belongs to another player"
        case .unknownPolicy(let version): return "ticket names unknown reward policy \"\(version)\""
        case .notYetValid(let issued, let now): return "ticket issued at \(issued) ns, after now (\(now) ns) plus the allowed skew"
        case .expired(let expires, let now): return "ticket expired at \(expires) ns (now \(now) ns)"
        case .alreadyRedeemed: return "ticket (or its session) already redeemed"
        case .storeFailure(let error): return "ticket store failed, nothing paid: \(error)"
        case .ledgerFailure(let error): return "budget ledger failed after the ticket was used, nothing paid: \(error)"
        }
    }
}
