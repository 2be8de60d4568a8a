/// What the device could tell about its network at one moment, with why.
public struct Connectivity: Sendable, Hashable, Codable {
    /// Online, offline, or not known.
    public enum State: String, Sendable, Hashable, Codable {
        /// A network answered recently (an NTP check succeeded).
        case online
        /// No usable interface or no route: checks would fail at once.
        case offline
        /// Interfaces are up but nothing has confirmed the network lately.
        case unknown
    }

    /// The state.
    public var state: State
    /// A short machine-readable reason, e.g. `no-interface`, `no-route`, `ntp-ok`, `ntp-unreachable`.
    public var reason: String

    /// Creates a connectivity value.
    public init(state: State, reason: String) {
        self.state = state
        self.reason = reason
    }

    /// Not yet known.
    public static let unknown = Connectivity(state: .unknown, reason: "not-checked")
}
