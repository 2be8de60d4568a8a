/// Why a check produced no trustworthy time. Every server's outcome is attached.
package struct NTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// No route or no usable interface: the device is offline. Reported without waiting for a timeout.
        case offline
        /// Every host name failed to resolve while interfaces are up.
        case dnsFailure = "dns-failure"
        /// Nothing answered in time (UDP blocked or servers down), or ports refused.
        case unreachable
        /// Replies arrived but all failed validation.
        case rejected
        /// Valid replies, but no interval was shared by the required number of servers.
        case noMajority = "no-majority"
        /// No servers were given.
        case noServers = "no-servers"
    }

    /// The kind of failure.
    package var kind: Kind
    /// Each server's outcome.
    package var servers: [NTPServerOutcome]

    /// Creates an error.
    package init(kind: Kind, servers: [NTPServerOutcome]) {
        self.kind = kind
        self.servers = servers
    }

    /// `kind: server reason; server reason`.
    package var description: String {
        let details = servers.map { "\($0.server) \($0.status.rawValue)" + ($0.reason.map { " (\($0))" } ?? "") }
        return details.isEmpty ? kind.rawValue : "\(kind.rawValue): " + details.joined(separator: "; ")
    }
}
