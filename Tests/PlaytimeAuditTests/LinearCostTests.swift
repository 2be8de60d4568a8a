import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting
import Testing

@testable import PlaytimeAudit

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

        func place(account: String, journalID: String, placements: [Placement]) throws(RegistryError) -> [Int64] {
            lock.withLock {
                counted.calls += 1
                counted.intervals += placements.count
            }
            return try inner.place(account: account, journalID: journalID, placements: placements)
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
        let gate = UploadGate(
            key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
            registry: InMemoryDeviceRegistry(), accounts: accounts, enrolledAt: 0)
        let decision = try Self.accept(gate, path)
        #expect(decision.payments.count > 490)
        #expect(accounts.calls == 1)
        #expect(accounts.intervals == decision.payments.count)
    }

    @Test("the file account store replaces the account's file once per upload, and a second journal sees the first's placements")
    func oneFileWritePerUpload() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        try Self.write(CostlyJournals.networkSessions(count: 400, key: directory.key), to: directory.file("a"))
        // Another device of the same account (another journal id), the same hours.
        try Self.write(
            CostlyJournals.networkSessions(count: 400, key: directory.key, salt: 99, journalID: Array(repeating: 7, count: 16)),
            to: directory.file("b"))
        let accounts = try FileAccountIntervalStore(directory: directory.file("accounts"))
        let gate = UploadGate(
            key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: 0),
            registry: InMemoryDeviceRegistry(), accounts: accounts, enrolledAt: 0)
        let first = try Self.accept(gate, directory.file("a"))
        #expect(first.payments.count > 390)
        #expect(accounts.writeCount == 1)
        let second = try Self.accept(gate, directory.file("b"))
        // Nothing of it fits (the first device holds those hours): nothing placed, nothing written.
        #expect(accounts.writeCount == 1)
        #expect(second.payableGold == 0)
        #expect(second.findings.filter { $0.kind == .timeNotConserved }.count == first.payments.count)
    }

    @Test("a batch places exactly what one-by-one placing would (in order, idempotent repeats)")
    func batchMatchesOneByOne() {
        var random = SplitMix64(seed: 0x1157)
        func placement(_ random: inout SplitMix64, _ id: String) -> Placement {
            let start = Int64(random.next() % 10_000)
            let length = Int64(random.next() % 3_000) + 1
            let hint = start + Int64(random.next() % UInt64(length))
            return Placement(
                sessionID: id, window: start..<(start + length), preferred: hint..<(hint + Int64(random.next() % 400)),
                nanoseconds: Int64(random.next() % 800))
        }
        for _ in 0..<200 {
            var batch = AccountIntervals()
            var single = AccountIntervals()
            for journal in ["a", "b", "c"] {
                for index in 0..<Int(random.next() % 12) {
                    let made = placement(&random, "\(index)")
                    _ = batch.place(journalID: journal, [made])
                    _ = single.place(journalID: journal, [made])
                }
            }
            let placements = (0..<Int(random.next() % 30)).map { _ in placement(&random, "n\(random.next() % 20)") }
            let together = batch.place(journalID: "d", placements)
            let oneByOne = placements.map { single.place(journalID: "d", [$0])[0] }
            #expect(together == oneByOne)
            #expect(batch == single)
        }
    }

    @Test(
        "placements never share an instant, stay in their windows, keep what they held, and get at least the free time they ask for (against a brute-force line)"
    )
    func placementMatchesBruteForce() {
        var random = SplitMix64(seed: 0x5E6)
        for _ in 0..<300 {
            var account = AccountIntervals()
            var windows: [String: Range<Int64>] = [:]
            var holds: [String: Int64] = [:]
            for step in 0..<Int(random.next() % 40) {
                let low = Int64(random.next() % 400)
                let high = Int64(random.next() % 400)
                let window = min(low, high)..<max(low, high)
                let hint = Int64(random.next() % 400)
                let asked = Int64(random.next() % 120)
                var taken = [Bool](repeating: false, count: 400)
                for entry in account.entries { for instant in entry.start..<entry.end { taken[Int(instant)] = true } }
                let free = window.filter { !taken[Int($0)] }.count
                let journal = "j\(step % 3)"
                let id = "s\(step)"
                let held = account.place(
                    journalID: journal,
                    [
                        Placement(
                            sessionID: id, window: window,
                            preferred: hint..<(hint + Int64(random.next() % 50)), nanoseconds: asked)
                    ])[0]
                windows[journal + "/" + id] = window
                holds[journal + "/" + id] = held
                #expect(held >= min(asked, Int64(free)) && held <= asked, "window \(window) asked \(asked) free \(free) held \(held)")
                // The whole account, from scratch: disjoint pieces, each in its session's window, every hold intact.
                var owner = [String?](repeating: nil, count: 400)
                var totals: [String: Int64] = [:]
                for entry in account.entries {
                    let key = entry.journalID + "/" + entry.sessionID
                    #expect(windows[key].map { $0.lowerBound <= entry.start && entry.end <= $0.upperBound } == true, "\(key) left its window")
                    totals[key, default: 0] += entry.end - entry.start
                    for instant in entry.start..<entry.end {
                        #expect(owner[Int(instant)] == nil, "instant \(instant) placed twice")
                        owner[Int(instant)] = key
                    }
                }
                for (key, hold) in holds { #expect((totals[key] ?? 0) == hold, "\(key) holds \(totals[key] ?? 0), was told \(hold)") }
            }
        }
    }

    @Test("a session network time pins is not trimmed because an offline session placed earlier by its wall clock took its hour: that one moves")
    func pinnedSessionMovesAFlexibleOne() {
        var account = AccountIntervals()
        // An offline session that may lie anywhere in a day, placed first where its wall clock says (hour 5).
        let day: Range<Int64> = 0..<86_400
        #expect(account.place(journalID: "tablet", [Placement(sessionID: "t", window: day, preferred: 18_000..<21_600, nanoseconds: 3_600)]) == [3_600])
        // A network-proven session of another device, exactly hour 5: it gets it all; the tablet keeps its hour elsewhere.
        let five: Range<Int64> = 18_000..<21_600
        #expect(account.place(journalID: "phone", [Placement(sessionID: "p", window: five, preferred: five, nanoseconds: 3_600)]) == [3_600])
        #expect(account.place(journalID: "tablet", [Placement(sessionID: "t", window: day, preferred: day, nanoseconds: 3_600)]) == [3_600])
        #expect(AccountIntervals.unionLength(account.entries.map { $0.start..<$0.end }) == 7_200)
        // A third device with the same pinned hour gets nothing: nothing there can move.
        #expect(account.place(journalID: "watch", [Placement(sessionID: "w", window: five, preferred: five, nanoseconds: 3_600)]) == [0])
    }

    @Test(
        "moving pieces to make room is bounded work: 64 sessions short of time in an account of 6 000 pieces with 1 ns gaps take well under seconds (241 s before)"
    )
    func makingRoomIsBounded() {
        var account = AccountIntervals()
        let second: Int64 = 1_000_000_000
        // 3 000 one-second pieces one nanosecond apart, each free to move anywhere in a day, then 3 000 packed.
        var placements: [Placement] = []
        for index in 0..<3_000 {
            let start = Int64(index) * (second + 1)
            placements.append(Placement(sessionID: "f\(index)", window: 0..<(86_400 * second), preferred: start..<(start + second), nanoseconds: second))
        }
        _ = account.place(journalID: "fragments", placements)
        let packedStart = 4_000 * second
        _ = account.place(
            journalID: "packed",
            (0..<3_000).map { index in
                let start = packedStart + Int64(index) * second
                return Placement.ticket("p\(index)", interval: start..<(start + second), nanoseconds: second)
            })
        // 64 sessions that can lie only where everything is full.
        let full = 0..<(3_000 * (second + 1))
        let started = ContinuousClock.now
        let held = account.place(journalID: "short", (0..<64).map { Placement(sessionID: "s\($0)", window: full, preferred: full, nanoseconds: 10 * second) })
        let elapsed = ContinuousClock.now - started
        #expect(held.allSatisfy { $0 <= 10 * second })
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }

    @Test("20 000 small sessions scattered over one fragmented day are placed in about linear time (they would be 4·10⁸ steps at one scan each)")
    func scatteredPlacements() {
        var random = SplitMix64(seed: 0xF4A6)
        let day: Int64 = 86_400_000
        var account = AccountIntervals()
        var placements: [Placement] = []
        for index in 0..<20_000 {
            let hint = Int64(random.next() % UInt64(day))
            placements.append(Placement(sessionID: "s\(index)", window: 0..<day, preferred: hint..<(hint + 2_000), nanoseconds: 2_000))
        }
        let started = ContinuousClock.now
        let held = account.place(journalID: "j", placements)
        let elapsed = ContinuousClock.now - started
        #expect(held.reduce(0, +) == 20_000 * 2_000)
        #expect(AccountIntervals.unionLength(account.entries.map { $0.start..<$0.end }) == 20_000 * 2_000)
        #expect(elapsed < .seconds(20), "\(elapsed)")
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
                    let start = Int64(random.next() % 1_000)
                    let length = Int64(random.next() % 100) + 1
                    added.append(.init(start: start, end: start + length, journal: "\(journal)", session: "\(index)"))
                }
                intervals.add(added)
                all += added
            }
            for _ in 0..<20 {
                let start = Int64(random.next() % 1_100)
                let end = start + Int64(random.next() % 100) + 1
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
