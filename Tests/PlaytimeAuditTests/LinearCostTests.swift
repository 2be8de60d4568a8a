import Foundation
@testable import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting
import Testing

/// No input costs more than linear time (docs/fleet.md, "Limits and cost"): the work is counted where it can
/// be; where it cannot, the input is large enough that the old quadratic cost is minutes and the bound is
/// seconds.
@Suite("Linear cost of judging")
struct LinearCostTests {
    /// An account store that counts its calls, over the in-memory one.
    final class CountingAccounts: AccountIntervalStore, @unchecked Sendable {
        let inner = InMemoryAccountIntervalStore()
        private let lock = NSLock()
        private var counted: (calls: Int, intervals: Int) = (0, 0)
        var calls: Int { lock.withLock { counted.calls } }
        var intervals: Int { lock.withLock { counted.intervals } }

        func record(account: String, journalID: String, intervals: [AccountInterval]) throws(RegistryError) -> [Int64] {
            lock.withLock {
                counted.calls += 1
                counted.intervals += intervals.count
            }
            return try inner.record(account: account, journalID: journalID, intervals: intervals)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func accept(_ gate: UploadGate, _ path: String) throws -> UploadDecision {
        let file = try OpenFile(path: path, options: [])
        return try gate.accept(file: file, now: CostlyJournals.judgedAfter, account: "player")
    }

    @Test("an upload of 500 paid sessions records the account's intervals in one call (it was one write per session)")
    func oneAccountCallPerUpload() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        try Self.write(CostlyJournals.networkSessions(count: 500, key: directory.key), to: path)
        let accounts = CountingAccounts()
        let gate = UploadGate(key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
                              registry: InMemoryDeviceRegistry(), accounts: accounts)
        let decision = try Self.accept(gate, path)
        #expect(decision.payments.count > 490)
        #expect(accounts.calls == 1)
        #expect(accounts.intervals == decision.payments.count)
    }

    @Test("the file account store replaces the account's file once per upload, and a second journal sees the first's intervals")
    func oneFileWritePerUpload() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.write(CostlyJournals.networkSessions(count: 400, key: directory.key), to: directory.file("a"))
        // Another device of the same account (another journal id), the same hours.
        try Self.write(CostlyJournals.networkSessions(count: 400, key: directory.key, salt: 99, journalID: Array(repeating: 7, count: 16)),
                       to: directory.file("b"))
        let accounts = try FileAccountIntervalStore(directory: directory.file("accounts"))
        let gate = UploadGate(key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
                              registry: InMemoryDeviceRegistry(), accounts: accounts)
        let first = try Self.accept(gate, directory.file("a"))
        #expect(first.payments.count > 390)
        #expect(accounts.writeCount == 1)
        let second = try Self.accept(gate, directory.file("b"))
        #expect(accounts.writeCount == 2)
        #expect(second.payableGold == 0)
        #expect(second.findings.filter { $0.kind == .overlappingSessions }.count == first.payments.count)
    }

    @Test("a batch records exactly what one-by-one recording would (overlaps with other journals, idempotent repeats)")
    func batchMatchesOneByOne() {
        var random = SplitMix64(seed: 0x1157)
        for _ in 0..<200 {
            var batch = AccountIntervals()
            var single = AccountIntervals()
            for journal in ["a", "b", "c"] {
                for index in 0..<Int(random.next() % 12) {
                    let start = Int64(random.next() % 10_000), length = Int64(random.next() % 500)
                    _ = batch.record(journalID: journal, sessionID: "\(index)", away: start..<(start + length))
                    _ = single.record(journalID: journal, sessionID: "\(index)", away: start..<(start + length))
                }
            }
            var intervals: [AccountInterval] = []
            for _ in 0..<Int(random.next() % 30) {
                let start = Int64(random.next() % 10_000), length = Int64(random.next() % 800) + 1
                intervals.append(AccountInterval(sessionID: "n\(random.next() % 20)", away: start..<(start + length)))
            }
            let together = batch.record(journalID: "d", intervals)
            let oneByOne = intervals.map { single.record(journalID: "d", sessionID: $0.sessionID, away: $0.away) }
            #expect(together == oneByOne)
            #expect(batch == single)
        }
    }

    @Test("coverage by binary search equals the union of the intersections, at the Int64 extremes too")
    func coverageMatchesUnion() {
        var random = SplitMix64(seed: 0xC0FE)
        let edges: [Int64] = [.min, .min + 1, -1, 0, 1, .max - 1, .max]
        for _ in 0..<500 {
            var ranges: [Range<Int64>] = []
            for _ in 0..<Int(random.next() % 10) {
                let a = random.next() % 4 == 0 ? edges[Int(random.next() % 7)] : Int64(random.next() % 1_000)
                let b = random.next() % 4 == 0 ? edges[Int(random.next() % 7)] : Int64(random.next() % 1_000)
                ranges.append(min(a, b)..<max(a, b))
            }
            let a = random.next() % 4 == 0 ? edges[Int(random.next() % 7)] : Int64(random.next() % 1_000)
            let b = random.next() % 4 == 0 ? edges[Int(random.next() % 7)] : Int64(random.next() % 1_000)
            let query = min(a, b)..<max(a, b)
            let expected = AccountIntervals.unionLength(ranges.compactMap { range in
                let low = max(range.lowerBound, query.lowerBound), high = min(range.upperBound, query.upperBound)
                return low < high ? low..<high : nil
            })
            #expect(Coverage(ranges).length(within: query) == expected)
        }
    }

    @Test("the cross-device check finds an overlapping earlier interval exactly when a scan would")
    func deviceIntervalsMatchScan() {
        var random = SplitMix64(seed: 0xDE71)
        for _ in 0..<200 {
            var intervals = DeviceIntervals()
            var all: [DeviceIntervals.Interval] = []
            for journal in 0..<Int(random.next() % 4) {
                var added: [DeviceIntervals.Interval] = []
                for index in 0..<Int(random.next() % 8) {
                    let start = Int64(random.next() % 1_000), length = Int64(random.next() % 100) + 1
                    added.append(.init(start: start, end: start + length, journal: "\(journal)", session: "\(index)"))
                }
                intervals.add(added)
                all += added
            }
            for _ in 0..<20 {
                let start = Int64(random.next() % 1_100), end = start + Int64(random.next() % 100) + 1
                let found = intervals.overlapping(start: start, end: end)
                let scanned = all.contains { $0.start < end && start < $0.end }
                #expect((found != nil) == scanned)
                if let found { #expect(found.start < end && start < found.end) }
            }
        }
    }

    @Test("three claims naming 70 000 distinct multipliers each are judged in seconds (a quadratic check took minutes)")
    func distinctNamesBySet() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        try Self.write(CostlyJournals.multiplierClaims(3, names: 70_000, key: directory.key), to: path)
        var configuration = AuditConfiguration(serverNowNanoseconds: CostlyJournals.judgedAfter)
        configuration.limits.multipliersPerClaim = 70_000
        let auditor = SessionAuditor(key: directory.key, configuration: configuration, crossDeviceChecks: false)
        var sessions: [AuditedSession] = []
        let elapsed = try ContinuousClock().measure {
            let file = try OpenFile(path: path, options: [])
            try auditor.audit(file: file, name: "j") { sessions.append($0) }
        }
        // 210 000 distinct names: a pairwise check is 2.2 × 10¹⁰ comparisons (256 s measured in a release
        // build); the set takes well under a second. The bound leaves room for a debug build on a loaded machine.
        #expect(elapsed < .seconds(60))
        #expect(sessions.count == 1)
        #expect(sessions.first?.multipliers.count == 210_000)
        #expect(auditor.refusal == nil)
    }
}


