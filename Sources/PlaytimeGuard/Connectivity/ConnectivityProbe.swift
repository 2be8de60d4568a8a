internal import PlaytimeNTP
package import PlaytimeSystem

/// Cheap local facts about the network: no packet is sent, nothing waits.
package protocol ConnectivityProbe: Sendable {
    /// Offline when nothing could carry traffic; otherwise unknown (only a real exchange proves online).
    func localConnectivity() -> Connectivity
}

/// This machine's interfaces (`getifaddrs`) and routes (a UDP `connect`, which sends nothing).
package struct SystemConnectivityProbe: ConnectivityProbe {
    /// Addresses whose routes are checked, e.g. the NTP servers' numeric addresses.
    package var routeTargets: [SocketAddress]

    /// Creates a probe; with no targets only the interface table is read.
    package init(routeTargets: [SocketAddress] = []) {
        self.routeTargets = routeTargets
    }

    /// Creates a probe whose targets are the numeric addresses among `servers`.
    package init(servers: [NTPServer]) {
        self.routeTargets = servers.compactMap { SocketAddress(numericHost: $0.host, port: $0.port) }
    }

    /// Offline (`no-interface` or `no-route`) or unknown (`interfaces-up`, `route-ok`).
    package func localConnectivity() -> Connectivity {
        if !routeTargets.isEmpty {
            let problems = routeTargets.map(NetworkInterfaces.routeProblem(to:))
            if problems.contains(where: { $0 == nil }) { return Connectivity(state: .unknown, reason: "route-ok") }
            if problems.allSatisfy({ $0?.meansNoRoute == true }) { return Connectivity(state: .offline, reason: "no-route") }
        }
        return NetworkInterfaces.summary().hasUsableInterface
            ? Connectivity(state: .unknown, reason: "interfaces-up")
            : Connectivity(state: .offline, reason: "no-interface")
    }
}

/// A probe that answers what it is told: for tests and simulations.
package final class ScriptedConnectivityProbe: ConnectivityProbe {
    private let state: ThreadLock<Connectivity>

    /// Starts with `initial`.
    package init(_ initial: Connectivity = Connectivity(state: .unknown, reason: "interfaces-up")) {
        state = ThreadLock(initial)
    }

    /// Changes what later probes answer.
    package func set(_ connectivity: Connectivity) { state.withLock { $0 = connectivity } }

    /// The scripted answer.
    package func localConnectivity() -> Connectivity { state.withLock { $0 } }
}
