package import PlaytimeSystem

/// Why one server of a chain gave no verified time.
package enum RoughtimeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// An answer arrived and was refused: it is never trusted.
    case rejected(RoughtimeRejection)
    /// Nothing answering the nonce arrived before the timeout.
    case noAnswer
    /// The host name did not resolve.
    case dnsFailure(ResolveError)
    /// No route to any address of the server (no interface, `ENETUNREACH`, …).
    case noRoute(SystemError)
    /// Every address refused (ICMP port unreachable) or sending failed otherwise.
    case unreachable(SystemError)

    /// A stable kebab-case code: the rejection's code, or `no-answer`, `dns-failure`, `no-route`, `unreachable`.
    package var code: String {
        switch self {
        case .rejected(let rejection): rejection.code
        case .noAnswer: "no-answer"
        case .dnsFailure: "dns-failure"
        case .noRoute: "no-route"
        case .unreachable: "unreachable"
        }
    }

    /// One sentence in plain words (no system-call names or error numbers).
    package var description: String {
        switch self {
        case .rejected(let rejection): "rejected: \(rejection)"
        case .noAnswer: "no answer before the timeout"
        case .dnsFailure(let error): "\(error)"
        case .noRoute(let error): "no route: \(error.plainWords)"
        case .unreachable(let error): "unreachable: \(error.plainWords)"
        }
    }
}
