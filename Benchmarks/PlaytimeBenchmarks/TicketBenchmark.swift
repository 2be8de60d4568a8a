import Foundation
import PlaytimeRewards
import PlaytimeTickets

/// Measures departure tickets on one thread: issue cost (sign + text form), then redemptions per
/// second (parse, constant-time tag check, reward computation, replay guard) with the in-memory
/// guard and with the durable file guard (one write + `fsync` per redemption).
///
/// Arguments: `[--count N]` tickets for issue and in-memory redemption (default 200 000),
/// `[--file-count N]` for the file guard (default 2 000), `[--dir D]` for the replay file
/// (default the system temp dir; the fsync cost depends on that file system).
/// Single thread, so every figure is per core.
func runTicketBenchmark(arguments: [String]) {
    let count = max(1, ticketBenchmarkOption("--count", in: arguments).flatMap { Int($0) } ?? 200_000)
    let fileCount = max(1, ticketBenchmarkOption("--file-count", in: arguments).flatMap { Int($0) } ?? 2_000)
    let directory = ticketBenchmarkOption("--dir", in: arguments) ?? NSTemporaryDirectory()
    let base = (directory as NSString).appendingPathComponent("playtime-ticket-bench-\(getpid())")
    try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }

    let start: Int64 = 1_796_083_200_000_000_000
    let later = start + 3 * 3_600_000_000_000
    do {
        let key = try TicketKey(id: "bench", secret: Array(0..<32))
        let keys = try TicketKeyRing(current: key)
        let memory = try TicketAuthority(
            keys: keys, policy: .default, replayGuard: InMemoryReplayGuard(),
            budgetLedger: InMemoryBudgetLedger())

        // 1. Issue: random nonce, HMAC, text encoding.
        var texts: [String] = []
        texts.reserveCapacity(count)
        let issueSeconds = ticketSeconds {
            for index in 0..<count {
                let ticket = try? memory.issue(player: "player-\(index & 1023)", session: "s\(index)", rate: 600, at: start)
                if let text = try? ticket?.encodedText() { texts.append(text) }
            }
        }
        print(
            String(
                format: "ticket issue (sign + text form): %d in %.3f s = %.0f per second per core, %.2f us each (text %d bytes)",
                count, issueSeconds, Double(count) / issueSeconds, issueSeconds / Double(count) * 1e6, texts.first?.utf8.count ?? 0))

        // 2. Redeem with the in-memory guard.
        var paid: Int64 = 0
        let memorySeconds = ticketSeconds {
            for (index, text) in texts.enumerated() {
                if let redemption = try? memory.redeem(text, player: "player-\(index & 1023)", at: later) {
                    paid &+= redemption.paidGold
                }
            }
        }
        print(
            String(
                format: "ticket redeem (in-memory guard and budget): %d in %.3f s = %.0f per second per core, %.2f us each (gold %lld)",
                count, memorySeconds, Double(count) / memorySeconds, memorySeconds / Double(count) * 1e6, paid))

        // 3. Redeem with the file guard and file budget ledger: every redemption is durable before it returns
        //    (two appends, two fsyncs).
        let filePath = (base as NSString).appendingPathComponent("replay")
        let file = try TicketAuthority(
            keys: keys, policy: .default, replayGuard: try FileReplayGuard(path: filePath),
            budgetLedger: try FileBudgetLedger(path: (base as NSString).appendingPathComponent("budget")))
        let fileTexts = try (0..<fileCount).map { index in
            try file.issue(player: "player-\(index & 1023)", session: "f\(index)", rate: 600, at: start).encodedText()
        }
        var filePaid = 0
        let fileSeconds = ticketSeconds {
            for (index, text) in fileTexts.enumerated() where (try? file.redeem(text, player: "player-\(index & 1023)", at: later)) != nil {
                filePaid += 1
            }
        }
        print(
            String(
                format: "ticket redeem (file guard and budget, 2 × write+fsync, %@): %d in %.3f s = %.0f per second per core, %.1f us each (%d paid)",
                directory, fileCount, fileSeconds, Double(fileCount) / fileSeconds, fileSeconds / Double(fileCount) * 1e6, filePaid))
    } catch {
        print("ticket benchmark failed: \(error)")
    }
}

/// Wall time of `body` in seconds, from the monotonic clock.
private func ticketSeconds(_ body: () -> Void) -> Double {
    BenchmarkClock.seconds(body)
}

/// The value after `name` in `arguments`, if any.
private func ticketBenchmarkOption(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
