import PlaytimeGuard
import PlaytimeNTP
import PlaytimeSystem

/// Network time in a simulation: honest servers that read the simulation's true time within a small
/// error, no network at all, or servers that lie.
final class SimulatedNetworkTimeSource: NetworkTimeSource {
    /// How the network behaves for the next checks.
    enum Mode: Sendable {
        /// Three honest servers: true time plus `bias`, within `bound` (|bias| ≤ bound).
        case honest(bias: Int64, bound: Int64)
        /// No route: fails at once as offline.
        case offline
        /// Interfaces up, nothing answers.
        case unreachable
        /// Every server (DNS hijack or a fake server the device owner set up) says true time + `lie`.
        case hijacked(lie: Int64)
        /// One of three servers says true time + `lie`; two are honest.
        case minorityLiar(lie: Int64)
    }

    private let clock: SimulatedClock
    private let mode: ThreadLock<Mode>

    init(clock: SimulatedClock, mode: Mode = .honest(bias: 0, bound: 20_000_000)) {
        self.clock = clock
        self.mode = ThreadLock(mode)
    }

    func set(_ newMode: Mode) { mode.withLock { $0 = newMode } }

    nonisolated(nonsending) func fix(withinNanoseconds budgetNanoseconds: Int64) async -> Result<NTPFix, NTPError> {
        let reading = clock.read()
        let truth = clock.trueNanoseconds
        switch mode.withLock({ $0 }) {
        case .offline:
            return .failure(NTPError(kind: .offline, servers: []))
        case .unreachable:
            return .failure(NTPError(kind: .unreachable, servers: []))
        case .honest(let bias, let bound):
            return .success(Self.fix(network: truth &+ bias, bound: bound, at: reading, servers: ["sim-a", "sim-b", "sim-c"].map(Self.ok)))
        case .hijacked(let lie):
            return .success(Self.fix(network: truth &+ lie, bound: 10_000_000, at: reading, servers: ["sim-a", "sim-b", "sim-c"].map(Self.ok)))
        case .minorityLiar(let lie):
            // Each server's offset interval; the real Marzullo selection with a majority quorum decides.
            let bound: Int64 = 15_000_000
            let offsets: [Int64] = [
                truth - reading.wallNanoseconds + 3_000_000, truth - reading.wallNanoseconds - 2_000_000,
                truth &+ lie - reading.wallNanoseconds,
            ]
            let intervals = offsets.map { (low: $0 - bound, high: $0 + bound) }
            guard let selection = IntervalIntersection.select(intervals, quorum: 2) else {
                return .failure(NTPError(kind: .noMajority, servers: []))
            }
            let names = ["sim-a", "sim-b", "sim-liar"]
            let outcomes = names.indices.map { index in
                selection.members.contains(index)
                    ? Self.ok(names[index])
                    : NTPServerOutcome(server: names[index], status: .falseticker, reason: "outside the majority interval")
            }
            let middle = selection.low / 2 + selection.high / 2
            let half = (selection.high - selection.low) / 2 + 1
            return .success(Self.fix(network: reading.wallNanoseconds &+ middle, bound: half, at: reading, servers: outcomes))
        }
    }

    private static func ok(_ name: String) -> NTPServerOutcome { NTPServerOutcome(server: name, status: .ok) }

    private static func fix(network: Int64, bound: Int64, at reading: ClockReading, servers: [NTPServerOutcome]) -> NTPFix {
        NTPFix(
            offsetNanoseconds: network &- reading.wallNanoseconds, errorBoundNanoseconds: bound, delayNanoseconds: 20_000_000,
            stratum: 2, anchor: reading, driftPPM: 100, servers: servers)
    }
}
