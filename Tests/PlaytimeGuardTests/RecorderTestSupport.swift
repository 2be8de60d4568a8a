import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport

/// A fresh temporary directory with a key file, per test.
struct RecorderFixture {
    let directory: String
    let key: JournalKey
    let clock = ManualClock()
    let probe = ScriptedConnectivityProbe()
    let network: ManualNetworkTimeSource

    init() throws {
        directory = NSTemporaryDirectory() + "playtime-recorder-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        key = try KeyFile.generate(path: directory + "/key")
        network = ManualNetworkTimeSource(clock: clock)
    }

    var journalPath: String { directory + "/journal.jsonl" }

    func recorder(configuration: RecorderConfiguration = RecorderConfiguration()) throws -> SessionRecorder {
        try SessionRecorder(
            journalPath: journalPath, key: key, clock: clock, networkTime: network,
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
