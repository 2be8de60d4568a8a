import Foundation
import PlaytimeFleet
import PlaytimeJournal
import PlaytimePostgres
import PlaytimeRewards
import PlaytimeTestSupport
import PlaytimeTickets
import Testing

/// A primary and a streaming standby of the test's own (scripts/postgres-standby.sh), so killing the primary
/// disturbs no other test.
final class StandbyPair: @unchecked Sendable {
    let directory: String
    let harness: String
    /// Both hosts, `target_session_attrs=read-write`: the pool follows the writable one.
    let url: String

    init(mode: String) throws {
        guard let loopback = FleetTestServer.harness else { throw FleetTestError("PLAYTIME_POSTGRES_HARNESS is not set") }
        harness = URL(fileURLWithPath: loopback).deletingLastPathComponent().appendingPathComponent("postgres-standby.sh").path
        directory = NSTemporaryDirectory() + "playtime-failover-\(UUID().uuidString.prefix(8))"
        let facts = try PrivatePostgres.run(harness, ["start", directory, "\(33000 + Int.random(in: 0..<1500))", mode])
        guard let line = facts.split(separator: "\n").first(where: { $0.hasPrefix("export PLAYTIME_FAILOVER_URL=") }) else {
            throw FleetTestError("the standby harness printed no URL: \(facts)")
        }
        url = String(line.dropFirst("export PLAYTIME_FAILOVER_URL=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
    }

    /// `pg_ctl stop -m immediate` on the primary: a crash, nothing flushed or said to the clients.
    func killPrimary() throws { try PrivatePostgres.run(harness, ["kill-primary", directory]) }
    /// `pg_ctl promote` on the standby, waiting until it accepts writes.
    func promote() throws { try PrivatePostgres.run(harness, ["promote", directory]) }
    /// One value of a statement on the primary or the standby, as the superuser.
    func scalar(_ which: String, _ sql: String) throws -> String {
        try PrivatePostgres.run(harness, ["sql", directory, which, sql]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    /// Stops both and deletes the directory.
    func remove() { _ = try? PrivatePostgres.run(harness, ["stop", directory]) }
}

/// The primary dies while four processes redeem tickets and upload journals through `EarningsServer`; the standby is
/// promoted; the same processes carry on with no restart (docs/fleet.md, "Failover").
@Suite(
    "Fleet: the primary dies and its standby is promoted", .serialized,
    .enabled(if: FleetTestServer.available && FleetTestServer.harness != nil))
struct FleetFailoverTests {
    static let now = StoreContracts.start + 2 * StoreContracts.hour

    @Test("synchronous standby: every acknowledged payment survives, none is paid twice, every caller learns its outcome")
    func synchronous() async throws {
        let figures = try await Self.failover(mode: "sync")
        #expect(figures.lost == 0, "acknowledged payments lost: \(figures.lost)")
    }

    @Test("asynchronous standby: the acknowledged payments it lost are measured, and each is found and paid again by its retry")
    func asynchronous() async throws {
        _ = try await Self.failover(mode: "async")
    }

    /// What one failover measured.
    struct Figures {
        var calls = 0
        var lost = 0
    }

    /// One call of the work: a ticket or an upload, and the line the workers read.
    static func work(count: Int, tag: String) throws -> (lines: [String], directory: TemporaryJournalDirectory) {
        let authority = try TicketAuthority(
            keys: TicketKeyRing(current: TicketKey(id: "fleet-test", secret: WorkerTickets.secret)),
            policy: failoverPolicy, replayGuard: InMemoryReplayGuard(), budgetLedger: InMemoryBudgetLedger())
        let directory = try TemporaryJournalDirectory(prefix: "playtime-failover-\(tag)")
        var lines: [String] = []
        for index in 0..<count {
            if index % 3 == 2 {
                // An honest hour away, proven by network time, in a journal of its own.
                let path = directory.file("journal-\(tag)-\(index).jsonl")
                var builder = try JournalBuilder(path: path, key: directory.key)
                try builder.honestSession(
                    id: String(format: "%016x", index + 1), departWall: StoreContracts.start - StoreContracts.hour,
                    departBoot: 5_000_000_000, awaySeconds: 3600, policyVersion: failoverPolicy.version)
                try builder.close()
                lines.append("upload\tfu-\(tag)-\(index)\t\(directory.keyPath)\t\(path)")
            } else {
                let player = "ft-\(tag)-\(index)"
                let ticket = try authority.issue(player: player, session: "s\(index)", rate: 600, at: StoreContracts.start)
                lines.append("ticket\t\(player)\t\(try ticket.encodedText())")
            }
        }
        return (lines, directory)
    }

    /// The worker's policy (`playtime-fleet-worker --server`): the default with a budget no test reaches.
    static var failoverPolicy: RewardPolicy {
        var policy = RewardPolicy.default
        policy.version = "fleet-failover"
        policy.dailyBudgetGold = 1_000_000_000_000
        return policy
    }

    static func worker(_ url: String, work: String, pauseMilliseconds: Int, holdFile: String? = nil) throws -> ChildProcess {
        try ChildProcess(
            try BuiltBinary.path("playtime-fleet-worker"),
            [
                "--server", "--url", url, "--secret", WorkerTickets.secretHex, "--work", work, "--now", "\(now)",
                "--threads", "2", "--pause-ms", "\(pauseMilliseconds)", "--deadline-ms", "60000",
            ]
                + (holdFile.map { ["--hold-after", "10", "--hold-file", $0] } ?? []))
    }

    /// An answer line: `paid|repeat ID GOLD ATTEMPTS SENTMS ANSWEREDMS`.
    struct Answer {
        var repeated: Bool
        var id: String
        var gold: Int64
        var attempts: Int
        var sentAt: Int64
        var answeredAt: Int64

        init?(_ line: String) {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 6, words[0] == "paid" || words[0] == "repeat", let gold = Int64(words[2]), let attempts = Int(words[3]),
                let sent = Int64(words[4]), let answered = Int64(words[5])
            else { return nil }
            repeated = words[0] == "repeat"
            id = words[1]
            self.gold = gold
            self.attempts = attempts
            sentAt = sent
            answeredAt = answered
        }
    }

    static func failover(mode: String) async throws -> Figures {
        try await onOwnThread {
            let pair = try StandbyPair(mode: mode)
            defer { pair.remove() }
            _ = try FleetDatabase(url: pair.url, maximumConnections: 1)  // the schema, before the workers start
            var files: [String] = []
            var directories: [TemporaryJournalDirectory] = []
            var all: [String] = []
            for worker in 0..<4 {
                let (lines, directory) = try work(count: 150, tag: "\(mode)\(worker)")
                let path = directory.file("work.tsv")
                try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
                files.append(path)
                directories.append(directory)
                all += lines
            }
            defer { directories.forEach { $0.cleanUp() } }
            let hold = directories[0].file("go")
            let workers = try files.map { try worker(pair.url, work: $0, pauseMilliseconds: 20, holdFile: hold) }
            // Every thread makes 10 calls and holds; then they go on and the primary is killed at once: calls in
            // flight at the kill, and 65 more a thread to make after it (however slow the machine).
            // The standby's flush lag while the workers pay (PostgreSQL reports none once the primary is idle).
            _ = try await StoreContracts.onThread { workers[0].wait { lines in lines.filter { $0.hasPrefix("paid ") }.count >= 4 } }
            let lag =
                (try? pair.scalar("primary", "SELECT coalesce(max(extract(epoch FROM flush_lag) * 1000)::numeric(10,3)::text, 'none') FROM pg_stat_replication"))
                ?? "?"
            for worker in workers {
                _ = try await StoreContracts.onThread { worker.wait { lines in lines.filter { $0 == "holding" }.count == 2 } }
            }
            #expect(FileManager.default.createFile(atPath: hold, contents: nil))
            let killedAt = Int64(Date().timeIntervalSince1970 * 1000)
            try pair.killPrimary()
            let deadAt = Int64(Date().timeIntervalSince1970 * 1000)
            // The database's manager notices and promotes: a second here (tens of seconds for managed databases).
            try await Task.sleep(nanoseconds: 1_000_000_000)
            let promotingAt = Int64(Date().timeIntervalSince1970 * 1000)
            try pair.promote()
            // The standby took writes at some instant between these two (the harness waits until it does).
            let promotedAt = Int64(Date().timeIntervalSince1970 * 1000)
            let outputs = try await StoreContracts.concurrently(4) { workers[$0].finish() }
            for output in outputs {
                #expect(output.last == "done", "\(output.suffix(3))")
                #expect(output.filter { $0.hasPrefix("failed ") }.isEmpty, "\(output.filter { $0.hasPrefix("failed ") }.prefix(3))")
            }
            // Every caller sends its call again, as one that timed out would: each learns its payment (a repeat) or,
            // where nothing was committed, is paid now. Never a refusal.
            let retryPath = directories[0].file("retry.tsv")
            try all.joined(separator: "\n").write(toFile: retryPath, atomically: true, encoding: .utf8)
            let retry = try await StoreContracts.onThread { try worker(pair.url, work: retryPath, pauseMilliseconds: 0).finish() }
            #expect(retry.last == "done")
            #expect(retry.filter { $0.hasPrefix("failed ") }.isEmpty, "\(retry.filter { $0.hasPrefix("failed ") }.prefix(3))")
            let during = outputs.flatMap { $0 }.compactMap(Answer.init)
            let again = retry.compactMap(Answer.init)
            #expect(again.count == all.count)

            var paid: [String: [Int64]] = [:]
            for answer in during + again where !answer.repeated { paid[answer.id, default: []].append(answer.gold) }
            // A payment acknowledged before the kill and missing after it is paid again by the retry: lost.
            let lost = paid.values.filter { $0.count > 1 }.count
            #expect(paid.count == all.count, "every call paid once somewhere")
            for answer in again where answer.repeated {
                #expect(paid[answer.id]?.last == answer.gold, "a repeat answers what was paid: \(answer.id)")
            }
            // What the new primary holds is what the callers were told, payment by payment (the last, for a lost one).
            let granted = Int64(try pair.scalar("standby", "SELECT coalesce(sum(gold), 0) FROM playtime_budget_grant")) ?? -1
            #expect(granted == paid.values.compactMap(\.last).reduce(0, +))
            #expect(Int(try pair.scalar("standby", "SELECT count(*) FROM playtime_payment")) == all.count)

            // Nothing can be paid while no host is writable: a call sent after the old primary was gone is answered
            // after the promotion. (A call's answer time may be late — its thread descheduled — never early.)
            let paidAnswers = during.filter { !$0.repeated }
            #expect(
                !paidAnswers.contains { $0.sentAt >= deadAt && $0.answeredAt < promotingAt },
                "a call sent during the outage was paid before the promotion")
            // The first payment of a call that met the outage: sent after the primary was gone, or retried past it.
            let recovered = paidAnswers.filter { $0.sentAt >= deadAt || ($0.attempts > 1 && $0.answeredAt >= deadAt) }.map(\.answeredAt).min()
            let retried = during.filter { $0.attempts > 1 }
            let before = paidAnswers.filter { $0.answeredAt < killedAt }.count
            let firstPaid = recovered.map { "\($0 - killedAt) ms after the kill (\($0 - promotedAt) ms after the promotion returned)" } ?? "none"
            let mostAttempts = retried.map(\.attempts).max() ?? 1
            let verdict = mode == "sync" ? "must be 0" : "the asynchronous loss"
            let uploadGold = paid.filter { $0.key.hasPrefix("upload-") }.values.compactMap(\.last).reduce(0, +)
            print(
                "failover (\(mode)): \(all.count) calls by 4 processes × 2 threads (\(granted - uploadGold) gold for tickets, "
                    + "\(uploadGold) for uploads), \(before) paid before the kill; "
                    + "standby flush lag while paying \(lag) ms; primary gone \(deadAt - killedAt) ms after the kill began; "
                    + "standby promoted between \(promotingAt - killedAt) and \(promotedAt - killedAt) ms after it; first payment on the new primary \(firstPaid); "
                    + "\(retried.count) calls retried by the server (most attempts \(mostAttempts)); "
                    + "acknowledged payments lost: \(lost); paid twice: \(lost) (\(verdict))")
            #expect(recovered != nil, "nothing was paid on the new primary")
            return Figures(calls: all.count, lost: lost)
        }
    }
}
