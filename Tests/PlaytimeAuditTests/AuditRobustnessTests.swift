import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import PropertyTesting
import Testing

/// Correctly signed journals can still carry absurd values (a buggy or hostile client holds the key):
/// the auditor must report, never trap.
@Suite("Auditor robustness")
struct AuditRobustnessTests {
    static let extreme = Gen<Int64>.frequency([
        (weight: 3, gen: Gen<Int64>.int(in: Int64.min...Int64.max)),
        (weight: 2, gen: Gen<Int64>.element(of: [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max])),
        (weight: 2, gen: Gen<Int64>.int(in: 0...10_000_000_000_000)),
    ])

    static let evidence: Gen<Evidence> = Gen.zip(
        Gen.zip(Gen<Int>.int(in: 0...4), extreme, extreme, Gen<Int>.int(in: 0...3)),
        Gen.zip(Gen<Int64?>.optional(extreme), extreme, Gen<Int>.int(in: 0...2)),
        Gen.zip(extreme, Gen<Int>.int(in: 0...3))
    ).map { clocks, network, other in
        let kinds = SessionEventKind.allCases
        return Evidence(
            event: kinds[clocks.0 % kinds.count], sessionID: ["", "00000000000000aa", "00000000000000bb", "x"][other.1],
            origin: network.2 == 0 ? "heartbeat" : "lifecycle",
            clock: ClockReading(wallNanoseconds: clocks.1, bootNanoseconds: clocks.2, bootID: [nil, "A", "B", "C"][clocks.3]),
            network: network.0.map { NetworkTime(unixNanoseconds: $0, errorBoundNanoseconds: network.1) },
            connectivity: .unknown, goldPerHour: other.0, policyVersion: other.1 == 0 ? "nope" : RewardPolicy.default.version)
    }

    static let claim: Gen<ClaimRecord> = Gen.zip(extreme, extreme, extreme, Gen<Int>.int(in: 0...2)).map { credited, paid, rate, pick in
        ClaimRecord(
            sessionID: ["00000000000000aa", "00000000000000bb", "zz"][pick], creditedSeconds: credited, status: [.verified, .provisional, .rejected][pick],
            paidGold: paid, escrowedGold: credited, multipliers: pick == 0 ? ["ad", "ad", "unknown"] : [], goldPerHour: rate, policyVersion: "default-1")
    }

    @Test("Signed journals of extreme readings, rates and claims are audited without trapping")
    func extremeJournals() throws {
        let directory = try TemporaryJournalDirectory(prefix: "audit-robust")
        defer { directory.cleanUp() }
        let entries = Gen<Either>.oneOf(Self.evidence.map(Either.evidence), Self.claim.map(Either.claim)).array(count: 0...12)
        var index = 0
        try PropertyCheck.check(Gen.zip(entries, entries), count: 300, name: "auditor never traps") { first, second in
            index += 1
            var paths: [String] = []
            for (number, entries) in [first, second].enumerated() {
                let path = directory.file("j\(index)-\(number)")
                var builder = try JournalBuilder(path: path, key: directory.key)
                for entry in entries {
                    switch entry {
                    case .evidence(let evidence): try builder.append(evidence)
                    case .claim(let claim): try builder.append(claim)
                    }
                }
                try builder.close()
                paths.append(path)
            }
            let auditor = SessionAuditor(key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: .max))
            for path in paths {
                let file = try OpenFile(path: path, options: [])
                try auditor.audit(file: file, name: path) { _ in }
            }
            _ = auditor.finish()
        }
    }

    @Test("Judging on a second thread gives the same sessions, findings and totals as judging in line")
    func concurrentMatchesSequential() throws {
        let directory = try TemporaryJournalDirectory(prefix: "audit-threads")
        defer { directory.cleanUp() }
        // A long honest journal (many batches) followed by random damage-free oddities.
        try AuditTests.honestJournal(at: directory.file("long"), key: directory.key, count: 3_000, awayHours: 1)
        let entries = Gen<Either>.oneOf(Self.evidence.map(Either.evidence), Self.claim.map(Either.claim)).array(count: 0...40)
        var index = 0
        try PropertyCheck.check(entries, count: 60, name: "threads agree") { entries in
            index += 1
            let path = directory.file("odd\(index)")
            var builder = try JournalBuilder(path: path, key: directory.key)
            for entry in entries {
                switch entry {
                case .evidence(let evidence): try builder.append(evidence)
                case .claim(let claim): try builder.append(claim)
                }
            }
            try builder.close()
            var results: [(AuditSummary, [AuditedSession])] = []
            for concurrent in [false, true] {
                let auditor = SessionAuditor(key: directory.key, configuration: AuditConfiguration(serverNowNanoseconds: .max), judgesConcurrently: concurrent)
                var sessions: [AuditedSession] = []
                for journal in [directory.file("long"), path] {
                    let file = try OpenFile(path: journal, options: [])
                    try auditor.audit(file: file, name: journal) { sessions.append($0) }
                }
                results.append((auditor.finish(), sessions))
            }
            try PropertyCheck.expect(results[0].0 == results[1].0, "summaries differ")
            try PropertyCheck.expect(results[0].1 == results[1].1, "sessions differ")
        }
    }

    enum Either: Sendable {
        case evidence(Evidence)
        case claim(ClaimRecord)
    }
}
