import PlaytimeGuard
import PlaytimeSimulation
import PlaytimeSystem

/// `playtime simulate`: runs every known cheat and every honest pattern through the real recorder,
/// verifier and calculator, and shows that no cheat is overpaid and no honest player is flagged.
enum SimulateCommand: Command {
    static let name = "simulate"
    static let summary = "Run the threat catalogue and honest cases through the real pipeline"
    static let help = """
        USAGE: playtime simulate [--seed N] [--trials N] [--json]

        Each scenario (the fourteen threats of docs/guarantees.md and the honest patterns: travel, DST, sleep,
        NTP corrections, reboots, flaky network) runs N trials with simulated clocks and network through the
        real SessionRecorder (journals in a temporary directory), verdict, RewardCalculator and RewardLedger,
        on every core; on a terminal, standard error shows how many trials are done.
        The table shows gold paid, what the honest run of the same true time away would get, gold overpaid,
        the share of trials flagged, and the share of true time credited.

        OPTIONS:
          --seed N     Seed of the trial generator (default 1); the same seed gives the same table.
          --trials N   Trials per scenario (default 200, at most \(maximumTrials); a release build runs a few
                       hundred trials per scenario a second on each core).
          --json       Print the report as JSON.

        EXIT STATUS: 0 nothing overpaid and no honest case flagged; 1 otherwise; 2 usage error.
        """

    /// The most trials per scenario: beyond it a run takes many minutes without a word.
    static let maximumTrials = 10_000

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        let seed: Int
        let trials: Int
        do throws(UsageError) {
            parsed = try scanArguments(arguments, valueOptions: ["--seed", "--trials"], flags: ["--json"])
            guard parsed.positionals.isEmpty else { throw UsageError(description: "unexpected argument '\(parsed.positionals[0])'") }
            seed = try parseInteger(parsed.value("--seed") ?? "1", option: "--seed", in: 0...Int.max)
            trials = try parseInteger(parsed.value("--trials") ?? "200", option: "--trials", in: 1...maximumTrials)
        } catch {
            return usageFailure(error, command: name)
        }
        // Progress goes to standard error, and only on a terminal: piped or captured output stays the report.
        var progress: (@Sendable (Int, Int) -> Void)?
        if StandardStreams.errorIsTerminal {
            progress = { done, total in StandardStreams.writeErrorInPlace("simulate: \(done) of \(total) trials") }
        }
        let report = await CheatSimulator(seed: UInt64(seed), trials: trials).run(progress: progress)
        if progress != nil { StandardStreams.writeErrorInPlace("") }
        print(parsed.has("--json") ? report.json() : report.render())
        return report.passed ? ExitCode.success : ExitCode.findings
    }
}
