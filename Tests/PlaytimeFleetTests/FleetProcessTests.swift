import Foundation
import PlaytimeFleet
import PlaytimeRewards
import PlaytimeTestSupport
import PlaytimeTickets
import Testing

/// Tickets for the worker processes, issued here with the key and policy they redeem under.
enum WorkerTickets {
    static let secret: [UInt8] = Array(0x40..<0x60)
    static var secretHex: String { secret.map { String(format: "%02x", $0) }.joined() }
    static let issuedAt = StoreContracts.start
    static let redeemedAt = StoreContracts.start + 3 * StoreContracts.hour

    /// The same policy as `playtime-fleet-worker --budget`.
    static func policy(budget: Int64?) -> RewardPolicy {
        var policy = RewardPolicy.default
        if let budget {
            policy.version = "fleet-budget-\(budget)"
            policy.dailyBudgetGold = budget
        }
        return policy
    }

    /// `count` tickets of `players(index)`, one session each, written as `PLAYER<TAB>TICKET` lines to a new file.
    static func write(count: Int, budget: Int64? = nil, player: (Int) -> String) throws -> (path: String, nonces: [String]) {
        let authority = try TicketAuthority(
            keys: TicketKeyRing(current: TicketKey(id: "fleet-test", secret: secret)),
            policy: policy(budget: budget), replayGuard: InMemoryReplayGuard(),
            budgetLedger: InMemoryBudgetLedger())
        var lines: [String] = []
        var nonces: [String] = []
        for index in 0..<count {
            let ticket = try authority.issue(player: player(index), session: "session-\(index)", rate: 600, at: issuedAt)
            lines.append("\(player(index))\t\(try ticket.encodedText())")
            nonces.append(ticket.nonce.description)
        }
        let path = NSTemporaryDirectory() + "playtime-fleet-tickets-\(UUID().uuidString).tsv"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, nonces)
    }

    /// Starts a worker on `url` for the ticket file.
    static func worker(url: String, tickets: String, start: Int = 0, threads: Int = 1, budget: Int64? = nil) throws -> ChildProcess {
        var arguments = [
            "--url", url, "--secret", secretHex, "--tickets", tickets, "--now", "\(redeemedAt)",
            "--start", "\(start)", "--threads", "\(threads)", "--connections", "\(threads)",
        ]
        if let budget { arguments += ["--budget", "\(budget)"] }
        return try ChildProcess(try BuiltBinary.path("playtime-fleet-worker"), arguments)
    }

    /// The `paid` lines by nonce: (granted, requested) of each payment.
    static func payments(_ lines: [String]) -> [String: [(granted: Int64, requested: Int64)]] {
        var paid: [String: [(granted: Int64, requested: Int64)]] = [:]
        for line in lines where line.hasPrefix("paid ") {
            let words = line.split(separator: " ")
            guard words.count == 4, let granted = Int64(words[2]), let requested = Int64(words[3]) else { continue }
            paid[String(words[1]), default: []].append((granted, requested))
        }
        return paid
    }

    /// The `repeat` lines by nonce: what each answer said the earlier redemption paid.
    static func repeats(_ lines: [String]) -> [String: [Int64]] {
        var repeated: [String: [Int64]] = [:]
        for line in lines where line.hasPrefix("repeat ") {
            let words = line.split(separator: " ")
            guard words.count == 4, let granted = Int64(words[2]) else { continue }
            repeated[String(words[1]), default: []].append(granted)
        }
        return repeated
    }

    static func failures(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("failed ") } }
}

/// Several processes on one database, and processes killed mid-work: the built `playtime-fleet-worker`.
@Suite("Fleet: processes on one PostgreSQL database", .serialized, .enabled(if: FleetTestServer.available))
struct FleetProcessTests {
    @Test("4 processes start on an empty database at once (all migrate) and redeem the same 2000 tickets: 2000 paid, each once")
    func fourProcesses() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            let (tickets, nonces) = try WorkerTickets.write(count: 2000) { "player-\($0 % 97)" }
            defer { try? FileManager.default.removeItem(atPath: tickets) }
            // Each starts at another quarter, so they meet on every ticket from both sides.
            let workers = try (0..<4).map { try WorkerTickets.worker(url: test.url, tickets: tickets, start: $0 * 500) }
            let outputs = try await StoreContracts.concurrently(4) { workers[$0].finish() }
            for (index, output) in outputs.enumerated() {
                #expect(output.last == "done", "worker \(index): \(output.suffix(3)) \(workers[index].standardError)")
                #expect(WorkerTickets.failures(output).isEmpty, "\(WorkerTickets.failures(output).prefix(3))")
                #expect(output.count == 2001)
            }
            var paid: [String: Int] = [:]
            for output in outputs {
                for (nonce, payments) in WorkerTickets.payments(output) { paid[nonce, default: 0] += payments.count }
            }
            #expect(paid.count == 2000)
            #expect(paid.values.allSatisfy { $0 == 1 })
            #expect(Set(paid.keys) == Set(nonces))
            // The other 6000 answers repeat the one payment of their ticket (exactly once: never a refusal).
            let paidBy = WorkerTickets.payments(outputs.flatMap { $0 })
            let repeats = WorkerTickets.repeats(outputs.flatMap { $0 })
            #expect(repeats.values.map(\.count).reduce(0, +) == 6000)
            #expect(repeats.allSatisfy { nonce, answers in answers.allSatisfy { $0 == paidBy[nonce]?.first?.granted } })
            // One row per redemption: the session's, carrying the ticket's nonce and what it paid.
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session WHERE nonce IS NOT NULL AND granted IS NOT NULL") == 2000)
            #expect(try test.count("SELECT version FROM playtime_schema") == FleetSchema.currentVersion)
        }
    }

    @Test("one player's 240 tickets redeemed by 4 processes × 2 threads at once: the daily budget is granted exactly, never more")
    func onePlayersBudget() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            _ = try test.open()
            let budget: Int64 = 5_000
            let (tickets, _) = try WorkerTickets.write(count: 240, budget: budget) { _ in "whale" }
            defer { try? FileManager.default.removeItem(atPath: tickets) }
            let workers = try (0..<4).map { try WorkerTickets.worker(url: test.url, tickets: tickets, start: $0 * 60, threads: 2, budget: budget) }
            let outputs = try await StoreContracts.concurrently(4) { workers[$0].finish() }
            var granted: Int64 = 0
            var requested: Int64 = 0
            var paidTickets = 0
            for output in outputs {
                #expect(output.last == "done")
                #expect(WorkerTickets.failures(output).isEmpty, "\(WorkerTickets.failures(output).prefix(3))")
                for payments in WorkerTickets.payments(output).values {
                    for payment in payments {
                        granted += payment.granted
                        requested += payment.requested
                        paidTickets += 1
                    }
                }
            }
            #expect(paidTickets == 240)
            #expect(requested > budget, "the test must ask for more than the budget")
            #expect(granted == budget)
            #expect(try test.count("SELECT sum(gold) FROM playtime_budget_grant") == Int(budget))
        }
    }

    @Test("kill -9 a redeeming process 6 times mid-run, then finish: no ticket paid twice, every payment learnt by redeeming again")
    func killNine() async throws {
        try await onOwnThread {
            let test = try FleetTestDatabase()
            defer { test.drop() }
            _ = try test.open()
            let count = 600
            let (tickets, _) = try WorkerTickets.write(count: count) { "player-\($0 % 13)" }
            defer { try? FileManager.default.removeItem(atPath: tickets) }
            var all: [String] = []
            let kills = 6
            for round in 0..<kills {
                let worker = try WorkerTickets.worker(url: test.url, tickets: tickets, start: round * 37, threads: 2)
                // Kill it once it reported some new payments: mid-run, between or inside redemptions.
                let seen = try await StoreContracts.onThread { () -> [String] in
                    worker.wait { lines in lines.filter { $0.hasPrefix("paid ") }.count >= 40 }
                }
                worker.killHard()
                let rest = try await StoreContracts.onThread { worker.finish() }
                #expect(rest.count >= seen.count)
                #expect(rest.last != "done", "round \(round): the worker finished before it was killed")
                #expect(WorkerTickets.failures(rest).isEmpty, "\(WorkerTickets.failures(rest).prefix(3))")
                all += rest
            }
            let last = try WorkerTickets.worker(url: test.url, tickets: tickets, threads: 2)
            let final = try await StoreContracts.onThread { last.finish() }
            #expect(final.last == "done")
            #expect(WorkerTickets.failures(final).isEmpty)
            all += final
            let paid = WorkerTickets.payments(all)
            #expect(paid.values.allSatisfy { $0.count == 1 }, "a ticket was paid twice")
            #expect(paid.count <= count)
            // A kill between a commit and its line lost that answer, not the payment: the last run, which redeems
            // every ticket again, learns each one's payment (a repeat) or pays it — none is refused.
            let learnt = Set(WorkerTickets.payments(final).keys).union(WorkerTickets.repeats(final).keys)
            #expect(learnt.count == count)
            #expect(try test.count("SELECT count(*) FROM playtime_replay_session WHERE granted IS NOT NULL") == count)
        }
    }
}
