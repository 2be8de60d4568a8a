package import PlaytimeAudit
package import PlaytimeTickets

/// Why an ``EarningsServer`` could not start, redeem, accept, anchor or grant: a ``code`` to branch on and the reason
/// in words (the ticket's or the upload's own refusal among them).
///
/// A struct, not an enum: a later version may add codes without breaking a caller, who compares ``code`` with the
/// constants and keeps a default (docs/facades.md).
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure: one of the constants below (a later version may add more).
    public struct Code: Hashable, Sendable {
        /// The code's name, as it is logged.
        public let rawValue: String
        /// A code by name.
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The name.
        package var description: String { rawValue }

        /// The stores or the configuration could not be opened; the server did not start.
        public static let setup = Code(rawValue: "setup")
        /// The ticket was refused (already redeemed, forged, expired, …) or its stores failed; the description says which.
        public static let ticket = Code(rawValue: "ticket")
        /// The upload could not be judged (not a journal under the key, over a limit, a concurrent upload, …); the
        /// description says which.
        public static let upload = Code(rawValue: "upload")
        /// A store failed after the judgement; nothing more was paid (the session counts as paid: a retry pays
        /// nothing twice).
        public static let store = Code(rawValue: "store")
        /// An anchor request was refused (the journal id or head is not in the documented form); nothing was issued.
        public static let anchor = Code(rawValue: "anchor")
        /// A multiplier grant was refused (no policy of this server defines the name, or the session id is empty);
        /// nothing was recorded.
        public static let grant = Code(rawValue: "grant")
    }

    /// What kind of failure.
    public let code: Code
    /// A one-line explanation.
    public let description: String
    /// The ticket's refusal, for ``Code/ticket``.
    package let ticketError: TicketError?
    /// The upload's refusal, for ``Code/upload``.
    package let uploadError: UploadError?

    private init(_ code: Code, _ description: String, ticket: TicketError? = nil, upload: UploadError? = nil) {
        self.code = code
        self.description = description
        self.ticketError = ticket
        self.uploadError = upload
    }

    /// The server did not start.
    static func setup(_ detail: String) -> ServerError { ServerError(.setup, "cannot start: \(detail)") }
    /// The ticket was refused.
    static func ticket(_ error: TicketError) -> ServerError { ServerError(.ticket, error.description, ticket: error) }
    /// The upload was refused.
    static func upload(_ error: UploadError) -> ServerError { ServerError(.upload, error.description, upload: error) }
    /// A store failed after the judgement.
    static func store(_ detail: String) -> ServerError { ServerError(.store, "store failure: \(detail)") }
    /// An anchor request was refused.
    static func anchor(_ detail: String) -> ServerError { ServerError(.anchor, "no anchor issued: \(detail)") }
    /// A grant was refused.
    static func grant(_ detail: String) -> ServerError { ServerError(.grant, "no multiplier granted: \(detail)") }
}
