/// What the device could tell about its network at one moment, with why.
package struct Connectivity: Sendable, Hashable, Codable {
    /// Online, offline, or not known.
    package enum State: String, Sendable, Hashable, Codable {
        /// A network answered recently (an NTP check succeeded).
        case online
        /// No usable interface or no route: checks would fail at once.
        case offline
        /// Interfaces are up but nothing has confirmed the network lately.
        case unknown
    }

    /// The state.
    package var state: State
    /// A short machine-readable reason, e.g. `no-interface`, `no-route`, `ntp-ok`, `ntp-unreachable`.
    package var reason: String

    /// Creates a connectivity value.
    package init(state: State, reason: String) {
        self.state = state
        self.reason = reason
    }

    /// Not yet known.
    package static let unknown = Connectivity(state: .unknown, reason: "not-checked")
}
