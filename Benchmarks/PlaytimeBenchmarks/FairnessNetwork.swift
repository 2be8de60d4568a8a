import PlaytimeGuard
import PlaytimeNTP
import PlaytimeSystem
import PlaytimeTestSupport

/// Servers of the `fairness` benchmark: in-process `FakeNTPServer`s on 127.0.0.1, each behind its own
/// `LossyUDPProxy` with the same defects and its own seed (seed + position).
final class FairnessServers: Sendable {
    let fakes: [FakeNTPServer]
    let proxies: [LossyUDPProxy]

    init(_ replies: [FakeReply], _ impairment: PathImpairment, seed: UInt64) throws {
        fakes = try replies.map { try FakeNTPServer($0) }
        proxies = try fakes.enumerated().map { try LossyUDPProxy(upstream: $1.address, impairment: impairment, seed: seed &+ UInt64($0)) }
    }

    /// The proxies' addresses, as the client is given them.
    var servers: [NTPServer] { proxies.compactMap { NTPServer(parsing: $0.serverArgument) } }

    func stop() {
        proxies.forEach { $0.stop() }
        fakes.forEach { $0.stop() }
    }
}

/// One check a session's recorder made through the loopback path.
struct FairnessCheck: Sendable {
    /// The check ended with a fix.
    var fixed: Bool
    /// Real nanoseconds the check took (the client's own budget is the recorder's 1.5 s).
    var elapsedNanoseconds: Int64
}

/// Network time for a session whose clocks are simulated (hours away pass in no time) from real exchanges:
/// each check runs a fresh `NTPClient` (a freshly started game, default configuration) over real sockets through
/// the lossy proxies, within the recorder's budget, and the fix it gets is moved onto the simulated clock
/// unchanged (its offset from true time, its error bound and its servers' outcomes). The fake servers answer the
/// machine's wall clock plus their configured error, and the simulated device's wall clock is true time, so the
/// offset carried over is the servers' error as the real client measured it through the path.
///
/// `phases[i]` are the servers of the i-th check (the last list for every later one): a server that steps
/// between the departure's check and the return's is a different list of fakes, so trials can run side by side.
final class LoopbackNetworkTime: NetworkTimeSource {
    private let phases: [[NTPServer]]
    private let clock: ManualClock
    private let log = ThreadLock<[FairnessCheck]>([])

    init(phases: [[NTPServer]], clock: ManualClock) {
        self.phases = phases
        self.clock = clock
    }

    /// The checks made so far, in order.
    var checks: [FairnessCheck] { log.withLock { $0 } }

    nonisolated(nonsending) func fix(withinNanoseconds budgetNanoseconds: Int64) async -> Result<NTPFix, NTPError> {
        let index = log.withLock { $0.count }
        let servers = phases[min(index, phases.count - 1)]
        let anchor = clock.read()
        let started = SystemClock.bootNanoseconds()
        let result: Result<NTPFix, NTPError>
        do throws(NTPError) {
            result = .success(try await NTPClient().query(servers, timeoutNanoseconds: budgetNanoseconds))
        } catch {
            result = .failure(error)
        }
        let elapsed = SystemClock.bootNanoseconds() - started
        log.withLock { $0.append(FairnessCheck(fixed: (try? result.get()) != nil, elapsedNanoseconds: elapsed)) }
        return result.map { real in
            NTPFix(
                offsetNanoseconds: real.offsetNanoseconds, errorBoundNanoseconds: real.errorBoundNanoseconds,
                delayNanoseconds: real.delayNanoseconds, stratum: real.stratum, anchor: anchor, driftPPM: real.driftPPM,
                servers: real.servers)
        }
    }
}
