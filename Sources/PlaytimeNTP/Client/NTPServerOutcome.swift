/// What one server contributed to a check.
package struct NTPServerOutcome: Sendable, Hashable, Codable {
    /// The outcome's kind.
    package enum Status: String, Sendable, Hashable, Codable {
        /// A valid sample that agreed with the majority.
        case ok
        /// No valid reply before the timeout.
        case timeout
        /// Replies arrived but failed validation.
        case rejected
        /// The server sent a Kiss-o'-Death (or was retired by an earlier one).
        case kissOfDeath = "kiss-of-death"
        /// A valid sample that disagreed with the majority.
        case falseticker
        /// No route to the server, or its port refused the request.
        case unreachable
        /// The host name did not resolve.
        case dnsFailure = "dns-failure"
    }

    /// The server as given.
    package var server: String
    /// The address actually used, if any.
    package var address: String?
    /// The outcome's kind.
    package var status: Status
    /// Why, in words, when not `ok`.
    package var reason: String?
    /// A stable code for the reason (e.g. `origin-mismatch`, `no-route`, `RATE`).
    package var reasonCode: String?
    /// The best (lowest-delay) valid sample, if any.
    package var sample: NTPSample?
    /// True when the answer was reused from an earlier check to respect the minimum poll interval.
    package var reused: Bool

    /// Creates an outcome.
    package init(
        server: String, address: String? = nil, status: Status, reason: String? = nil, reasonCode: String? = nil, sample: NTPSample? = nil, reused: Bool = false
    ) {
        self.server = server
        self.address = address
        self.status = status
        self.reason = reason
        self.reasonCode = reasonCode
        self.sample = sample
        self.reused = reused
    }
}
