internal import PlaytimeSystem

/// Which connections the server takes (``HTTPServerLimits``): at most ``HTTPServerLimits/maximumConnections`` in all
/// and ``HTTPServerLimits/maximumConnectionsPerClient`` per client, and beyond them a few reserved for probes, at most
/// a quarter of those per client. Shared by the accepting thread and the connection threads.
final class ConnectionAdmission: Sendable {
    /// How a connection was let in.
    enum Slot: Sendable {
        /// Within the general limits.
        case general
        /// One of the reserved slots: probes only.
        case reserved
    }

    private struct Counts {
        var general = 0
        var reserved = 0
        var perClient: [String: Int] = [:]
        var reservedPerClient: [String: Int] = [:]
    }

    private let limits: HTTPServerLimits
    private let counts = ThreadLock(Counts())

    init(limits: HTTPServerLimits) { self.limits = limits }

    /// A slot for a connection from `client`, or `nil` when even the reserved ones are taken (refuse it: 503).
    func enter(client: String) -> Slot? {
        counts.withLock { counts -> Slot? in
            let mine = counts.perClient[client, default: 0]
            let perClient = limits.maximumConnectionsPerClient
            if counts.general < limits.maximumConnections, perClient == 0 || mine < perClient {
                counts.general += 1
                counts.perClient[client] = mine + 1
                return .general
            }
            let reservedMine = counts.reservedPerClient[client, default: 0]
            if counts.reserved < limits.reservedConnections, reservedMine < max(1, limits.reservedConnections / 4) {
                counts.reserved += 1
                counts.reservedPerClient[client] = reservedMine + 1
                return .reserved
            }
            return nil
        }
    }

    /// Frees the slot ``enter(client:)`` gave.
    func leave(client: String, slot: Slot) {
        counts.withLock { counts in
            switch slot {
            case .general:
                counts.general -= 1
                Self.decrement(&counts.perClient, client)
            case .reserved:
                counts.reserved -= 1
                Self.decrement(&counts.reservedPerClient, client)
            }
        }
    }

    /// Connections open now (general and reserved).
    var open: (general: Int, reserved: Int) { counts.withLock { ($0.general, $0.reserved) } }

    private static func decrement(_ table: inout [String: Int], _ client: String) {
        let left = table[client, default: 1] - 1
        table[client] = left > 0 ? left : nil
    }
}
