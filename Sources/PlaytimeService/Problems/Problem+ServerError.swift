internal import PlaytimeAudit
internal import PlaytimeHTTP
internal import PlaytimeServer
internal import PlaytimeTickets

extension Problem {
    /// The problem a refusal of the library is answered with: its refusal kind as the `code`, its ``ServerError`` code
    /// as the `category`. A store failure is 503 with `Retry-After` (the same request may succeed; nothing was paid
    /// twice); every refusal of the request itself is 4xx, never 500.
    init(_ error: ServerError) {
        let category = error.code.rawValue
        if let refusal = error.ticketError {
            switch refusal {
            case .alreadyRedeemed: self.init(409, "already-redeemed", error.description, category: category)
            case .malformed: self.init(422, "malformed-ticket", error.description, category: category)
            case .unknownKey: self.init(422, "unknown-ticket-key", error.description, category: category)
            case .forged: self.init(422, "forged-ticket", error.description, category: category)
            case .otherPlayer: self.init(422, "other-player", error.description, category: category)
            case .unknownPolicy: self.init(422, "unknown-policy", error.description, category: category)
            case .notYetValid: self.init(422, "ticket-not-yet-valid", error.description, category: category)
            case .expired: self.init(422, "ticket-expired", error.description, category: category)
            case .storeFailure, .ledgerFailure: self.init(503, "store-unavailable", error.description, category: category, retryAfter: 1)
            }
            return
        }
        if let refusal = error.uploadError {
            switch refusal {
            case .notAJournal: self.init(422, "not-a-journal", error.description, category: category)
            case .unreadable: self.init(422, "unreadable-journal", error.description, category: category)
            case .overLimit: self.init(413, "over-limit", error.description, category: category)
            case .concurrentUpload: self.init(409, "concurrent-upload", error.description, category: category, retryAfter: 1)
            case .registry: self.init(503, "store-unavailable", error.description, category: category, retryAfter: 1)
            }
            return
        }
        switch error.code {
        case .anchor: self.init(422, "bad-anchor-request", error.description, category: category)
        case .grant: self.init(422, "unknown-multiplier", error.description, category: category)
        case .ticket: self.init(422, "bad-request", error.description, category: category)
        case .upload: self.init(422, "unreadable-journal", error.description, category: category)
        default: self.init(503, "store-unavailable", error.description, category: category, retryAfter: 1)
        }
    }

    /// The problem of a refusal the HTTP layer made itself (its status).
    init(_ error: PlaytimeHTTP.HTTPError) {
        switch error.status {
        case 408: self.init(408, "request-timeout", error.description)
        case 413: self.init(413, "too-large", error.description)
        case 431: self.init(431, "headers-too-large", error.description)
        case 503: self.init(503, "busy", error.description, retryAfter: 1)
        case 505: self.init(505, "version-not-supported", error.description)
        default: self.init(400, "bad-request", error.description)
        }
    }
}
