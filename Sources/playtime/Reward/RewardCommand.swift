import Foundation
import PlaytimeRewards
import PlaytimeSystem

/// `playtime reward`: the reward breakdown for a time away, and the policy's curve for game designers.
enum RewardCommand: Command {
    static let name = "reward"
    static let summary = "Show the gold a time away earns under a policy, or draw the policy's curve"
    static let help = """
        USAGE: playtime reward [--policy FILE] --away DURATION [--status verified|provisional|rejected]
                               [--rate GOLD_PER_HOUR] [--multiplier NAME]... [--json]
               playtime reward [--policy FILE] --curve [--rate GOLD_PER_HOUR] [--multiplier NAME]...
               playtime reward [--policy FILE] --svg FILE [--rate GOLD_PER_HOUR] [--multiplier NAME]...

        Computes with exact integer arithmetic, as client and server both do: tiers, efficiency, one-shot
        multipliers, cap, the share paid now for the proof status, and what is held in escrow.

        OPTIONS:
          --policy FILE          A reward policy in JSON (default: the embedded policy; see docs/reward-policy.md).
          --away DURATION        Proven time away: 90s, 45m, 2h, 1h30m, 7d, or plain seconds.
          --status STATUS        verified (default), provisional or rejected.
          --rate GOLD_PER_HOUR   Rate snapshotted at departure (default: the policy's rate).
          --multiplier NAME      Apply a named one-shot multiplier, e.g. ad (repeatable).
          --curve                Draw gold against time away in the terminal.
          --svg FILE             Write the same curve as an SVG file (- for standard output). A new file, or an
                                 existing regular file replaced atomically; a directory, FIFO, symbolic link,
                                 device or socket is refused and left as it was.
          --json                 Print the breakdown as JSON.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        var away: Int64?
        var status = ProofStatus.verified
        var rate: Int64?
        do throws(UsageError) {
            parsed = try scanArguments(
                arguments, valueOptions: ["--policy", "--away", "--status", "--rate", "--multiplier", "--svg"],
                flags: ["--curve", "--json"])
            guard parsed.positionals.isEmpty else { throw UsageError(description: "unexpected argument '\(parsed.positionals[0])'") }
            if let text = parsed.value("--away") { away = try parseDuration(text, option: "--away") }
            if let text = parsed.value("--status") {
                guard let value = ProofStatus(rawValue: text) else {
                    throw UsageError(description: "--status is verified, provisional or rejected, not '\(text)'")
                }
                status = value
            }
            if let text = parsed.value("--rate") { rate = Int64(try parseInteger(text, option: "--rate", in: 0...Int.max)) }
            guard away != nil || parsed.has("--curve") || parsed.value("--svg") != nil else {
                throw UsageError(description: "give --away DURATION, --curve or --svg FILE")
            }
        } catch {
            return usageFailure(error, command: name)
        }
        let calculator: RewardCalculator
        do {
            let policy = try parsed.value("--policy").map { path throws(RewardPolicyError) in try RewardPolicy.load(contentsOf: path) } ?? .default
            calculator = try RewardCalculator(policy: policy)
        } catch {
            printError("playtime reward: \(error)")
            return ExitCode.usage
        }
        let multipliers = parsed.values("--multiplier")
        do {
            if let away {
                let breakdown = try calculator.calculate(
                    creditedSeconds: away, status: status,
                    goldPerHour: rate ?? calculator.policy.goldPerHour, requestedMultipliers: multipliers)
                if parsed.has("--json") {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    print(String(decoding: try encoder.encode(breakdown), as: UTF8.self))
                } else {
                    print(breakdown.renderedText)
                }
            }
            if parsed.has("--curve") || parsed.value("--svg") != nil {
                let curve = try RewardCurve(calculator: calculator, goldPerHour: rate, multipliers: multipliers)
                if parsed.has("--curve") { print(curve.terminalPlot()) }
                if let path = parsed.value("--svg") {
                    do {
                        try FileSystem.writeOutput(Array(curve.svg().utf8), toPath: path)
                    } catch {
                        printError("playtime reward: \(error)")
                        return ExitCode.usage
                    }
                    if path != "-" { print("wrote \(path)") }
                }
            }
        } catch {
            printError("playtime reward: \(plainMessage(error))")
            return ExitCode.usage
        }
        return ExitCode.success
    }
}
