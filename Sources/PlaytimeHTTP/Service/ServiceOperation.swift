internal import Foundation

/// The service's operations, each with the `operationId`, method and path docs/openapi.json gives it (a test checks
/// that the document and this table agree).
package enum ServiceOperation: String, CaseIterable, Sendable {
    /// A new device's journal for a player.
    case enroll
    /// An anchor of the server's time for the journal head a device reports.
    case anchor
    /// A departure ticket.
    case issueTicket
    /// A departure ticket redeemed: paid once.
    case redeemTicket
    /// A journal uploaded: judged on the server's clock, each session paid once.
    case uploadJournal
    /// The ad network confirms a multiplier for a session.
    case grantMultiplier
    /// A player's payments, a page at a time.
    case listPayments
    /// Liveness.
    case health
    /// Readiness: the store answers.
    case ready
    /// Prometheus metrics.
    case metrics
    /// The support console's page (HTML, no data: docs/service.md, "Support console").
    case consolePage
    /// The console page's one script.
    case consoleScript
    /// The console page's style sheet.
    case consoleStyle
    /// What the console shows of a player: devices, payments with their verdicts and evidence, the day's budget.
    case consolePlayer
    /// A player's payments as JSON Lines, for an escalation.
    case consoleExport
    /// The payments of any player that judged or paid a session id.
    case consoleSession

    /// The HTTP method.
    package var method: String {
        switch self {
        case .listPayments, .health, .ready, .metrics: return "GET"
        case .consolePage, .consoleScript, .consoleStyle, .consolePlayer, .consoleExport, .consoleSession: return "GET"
        default: return "POST"
        }
    }

    /// The path, with `{player}` where the player id goes (percent-encoded UTF-8).
    package var path: String {
        switch self {
        case .enroll: return "/v1/players/{player}/enrollments"
        case .anchor: return "/v1/players/{player}/anchors"
        case .issueTicket: return "/v1/players/{player}/tickets"
        case .redeemTicket: return "/v1/players/{player}/redemptions"
        case .uploadJournal: return "/v1/players/{player}/uploads"
        case .grantMultiplier: return "/v1/players/{player}/grants"
        case .listPayments: return "/v1/players/{player}/payments"
        case .health: return "/v1/health"
        case .ready: return "/v1/ready"
        case .metrics: return "/v1/metrics"
        case .consolePage: return "/console"
        case .consoleScript: return "/console/app.js"
        case .consoleStyle: return "/console/app.css"
        case .consolePlayer: return "/v1/console/players/{player}"
        case .consoleExport: return "/v1/console/players/{player}/export"
        case .consoleSession: return "/v1/console/sessions/{session}"
        }
    }

    /// True for the operations that need a key (all but the probes and the console's page, script and style;
    /// metrics needs one on the main listener): a backend's API key, or for the console's look-ups an operator key
    /// (``needsOperatorKey``).
    package var needsKey: Bool {
        switch self {
        case .health, .ready, .consolePage, .consoleScript, .consoleStyle: return false
        default: return true
        }
    }

    /// True for the support console's look-ups: they take an operator key, never a backend's API key (and the
    /// backends' operations never take an operator key).
    package var needsOperatorKey: Bool {
        switch self {
        case .consolePlayer, .consoleExport, .consoleSession: return true
        default: return false
        }
    }

    /// What its body is.
    package var body: BodyKind {
        switch self {
        case .anchor, .issueTicket, .redeemTicket, .grantMultiplier: return .json
        case .uploadJournal: return .journal
        case .enroll: return .optionalJSON
        case .listPayments, .health, .ready, .metrics: return .none
        case .consolePage, .consoleScript, .consoleStyle, .consolePlayer, .consoleExport, .consoleSession: return .none
        }
    }

    /// The kinds of request body.
    package enum BodyKind: Sendable {
        /// None (a GET).
        case none
        /// A JSON object (`application/json`).
        case json
        /// Nothing or an empty JSON object.
        case optionalJSON
        /// A journal's bytes (`application/octet-stream`).
        case journal
    }
}

extension ServiceOperation {
    /// The request target for `player` (percent-encoded into the path; ignored by operations without one).
    package func target(player: String?) -> String {
        path.replacingOccurrences(of: "{player}", with: PlayerPath.encode(player ?? ""))
    }
}
