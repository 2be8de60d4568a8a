// playtime-fleet-worker: a redeeming child process for the fleet tests (Tests/PlaytimeFleetTests); with --server it
// redeems and uploads through EarningsServer instead (ServerWork.swift). It redeems
// every ticket of a file through PostgreSQL stores shared with its siblings and prints one line per ticket at
// once (standard output is line-buffered), so a test that kills it with SIGKILL knows what it had paid.
//
// USAGE: playtime-fleet-worker --url URL --secret HEX --tickets FILE --now NS [--budget GOLD] [--connections N]
//                              [--threads N] [--start I]
//   FILE: one ticket per line, `PLAYER<TAB>TICKET`. Every line is redeemed, in order from line I (default 0) round
//   to line I - 1, split among N threads (thread t takes every N-th of them from the t-th).
//   Output: `paid NONCE GRANTED REQUESTED`, `repeat NONCE GRANTED REQUESTED` (redeemed before: nothing paid now),
//   `refused NONCE CODE` or `failed NONCE ERROR` per ticket, then `done`.
//   --budget sets the policy's dailyBudgetGold (version `fleet-budget-GOLD`); otherwise the default policy.
import Foundation
import PlaytimeCrypto
import PlaytimeFleet
import PlaytimeRewards
import PlaytimeSystem
import PlaytimeTickets

/// The worker: parse the command line, open the stores, redeem, report.
enum FleetWorker {
    static func argument(_ name: String) -> String? {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    static func fail(_ message: String) -> Never {
        StandardStreams.writeError("playtime-fleet-worker: \(message)\n")
        StandardStreams.exitProcess(2)
    }

    /// The worker's policy: the default, or the default with a small daily budget (the test issues with the same).
    static func policy(budget: Int64?) -> RewardPolicy {
        var policy = RewardPolicy.default
        if let budget {
            policy.version = "fleet-budget-\(budget)"
            policy.dailyBudgetGold = budget
        }
        return policy
    }

    static func run() -> Never {
        guard let url = argument("--url"), let secretHex = argument("--secret"), let ticketPath = argument("--tickets"),
            let now = argument("--now").flatMap({ Int64($0) })
        else {
            fail("usage: --url URL --secret HEX --tickets FILE --now NS [--budget GOLD] [--connections N] [--threads N] [--start I]")
        }
        let connections = argument("--connections").flatMap { Int($0) } ?? 1
        let threads = max(1, argument("--threads").flatMap { Int($0) } ?? 1)
        let first = max(0, argument("--start").flatMap { Int($0) } ?? 0)
        let authority: TicketAuthority
        do {
            let database = try FleetDatabase(url: url, maximumConnections: connections)
            guard let bytes = Hex.decode(secretHex) else { fail("--secret must be hex") }
            let key = try TicketKey(id: "fleet-test", secret: bytes)
            authority = try TicketAuthority(
                keys: TicketKeyRing(current: key), policy: policy(budget: argument("--budget").flatMap { Int64($0) }),
                replayGuard: database.replayGuard, budgetLedger: database.budgetLedger)
        } catch {
            fail("\(error)")
        }
        guard let text = try? String(contentsOfFile: ticketPath, encoding: .utf8) else { fail("cannot read \(ticketPath)") }
        let all = text.split(separator: "\n").map(String.init)
        let lines = all.isEmpty ? [] : Array(all[(first % all.count)...] + all[..<(first % all.count)])
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                redeem(lines, from: thread, stride: threads, authority: authority, at: now)
                group.leave()
            }
        }
        group.wait()
        print("done")
        StandardStreams.flushOutput()
        StandardStreams.exitProcess(0)
    }

    /// Redeems `lines[start]`, `lines[start + step]`, … and prints each outcome.
    static func redeem(_ lines: [String], from start: Int, stride step: Int, authority: TicketAuthority, at now: Int64) {
        var index = start
        while index < lines.count {
            let parts = lines[index].split(separator: "\t", maxSplits: 1).map(String.init)
            index += step
            guard parts.count == 2 else {
                print("failed line-\(index - step) malformed")
                continue
            }
            let nonce = (try? DepartureTicket.parse(parts[1]).nonce.description) ?? "unparsable"
            do {
                let redemption = try authority.redeem(parts[1], player: parts[0], at: now)
                // A repeat (redeemed before, its payment recorded) pays nothing now.
                print("\(redemption.isRepeat ? "repeat" : "paid") \(nonce) \(redemption.paidGold) \(redemption.breakdown.paidNow)")
            } catch .alreadyRedeemed {
                print("refused \(nonce) already-redeemed")
            } catch {
                print("failed \(nonce) \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
            }
        }
    }
}

StandardStreams.lineBufferOutput()
if CommandLine.arguments.contains("--server") { ServerWork.run() }
FleetWorker.run()
