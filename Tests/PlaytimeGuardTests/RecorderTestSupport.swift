import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeTestSupport
import Synchronization

/// A network time source that answers from a manual clock: true time = the clock's wall minus a skew the
/// test set (so a moved wall clock does not move network time), or fails as told. Counts its calls.
final class RecorderTestNetwork: NetworkTimeSource {
    enum Mode: Sendable { case answer, offline, unreachable }
    private let clock: ManualClock
    private let state: Mutex<(mode: Mode, wallMinusTrue: Int64, calls: Int, budgets: [Int64])>

    init(clock: ManualClock, mode: Mode = .answer) {
        self.clock = clock
        state = Mutex((mode, 0, 0, []))
    }

    func set(_ mode: Mode) { state.withLock { $0.mode = mode } }
    /// Records that the wall clock was moved by `delta` (network time does not move).
    func wallMoved(by delta: Int64) { state.withLock { $0.wallMinusTrue += delta } }
    var calls: Int { state.withLock { $0.calls } }
    var budgets: [Int64] { state.withLock { $0.budgets } }

    nonisolated(nonsending) func fix(withinNanoseconds budget: Int64) async -> Result<NTPFix, NTPError> {
        let (mode, skew) = state.withLock { value -> (Mode, Int64) in
            value.calls += 1
            value.budgets.append(budget)
            return (value.mode, value.wallMinusTrue)
        }
        switch mode {
        case .offline: return .failure(NTPError(kind: .offline, servers: []))
        case .unreachable: return .failure(NTPError(kind: .unreachable, servers: []))
        case .answer:
            return .success(NTPFix(offsetNanoseconds: -skew, errorBoundNanoseconds: 2_000_000, delayNanoseconds: 4_000_000,
                                   stratum: 2, anchor: clock.read(), driftPPM: 100, servers: []))
        }
    }
}

/// A fresh temporary directory with a key file, per test.
struct RecorderFixture {
    let directory: String
    let key: JournalKey
    let clock = ManualClock()
    let probe = ScriptedConnectivityProbe()
    let network: RecorderTestNetwork

    init() throws {
        directory = NSTemporaryDirectory() + "playtime-recorder-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        key = try KeyFile.generate(path: directory + "/key")
        network = RecorderTestNetwork(clock: clock)
    }

    var journalPath: String { directory + "/journal.jsonl" }

    func recorder(configuration: RecorderConfiguration = RecorderConfiguration()) throws -> SessionRecorder {
        try SessionRecorder(journalPath: journalPath, key: key, clock: clock, networkTime: network,
                            connectivity: ConnectivityMonitor(probe: probe, clock: clock), configuration: configuration)
    }

    /// Every record in the journal, verified.
    func records() throws -> [JournalRecord] {
        var records: [JournalRecord] = []
        let result = try JournalReader.read(path: journalPath, key: key) { records.append($0) }
        if let failure = result.failure { throw failure }
        return records
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }
}
