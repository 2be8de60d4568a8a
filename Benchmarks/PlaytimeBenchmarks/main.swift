// PlaytimeBenchmarks: figures printed beside a reference measured in the same run (see scripts/bench-*.sh).
// Usage: PlaytimeBenchmarks <ntp|sha256|sha512|ed25519|journal|reward|tickets|gen-journal|gen-journals|audit|cost|verdict|fleet|pgclient|fairness> [options]

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "ntp": await runNTPBenchmark(arguments: Array(arguments.dropFirst()))
case "sha256": runSHA256Benchmark(arguments: Array(arguments.dropFirst()))
case "sha512": runSHA512Benchmark(arguments: Array(arguments.dropFirst()))
case "ed25519": runEd25519Benchmark(arguments: Array(arguments.dropFirst()))
case "journal": runJournalBenchmark(arguments: Array(arguments.dropFirst()))
case "reward": runRewardBenchmark(arguments: Array(arguments.dropFirst()))
case "tickets": runTicketBenchmark(arguments: Array(arguments.dropFirst()))
case "gen-journal": try runGenerateJournal(arguments: Array(arguments.dropFirst()))
case "gen-journals": try runGenerateJournals(arguments: Array(arguments.dropFirst()))
case "audit": try runAuditBenchmark(arguments: Array(arguments.dropFirst()))
case "cost": try runCostBenchmark(arguments: Array(arguments.dropFirst()))
case "verdict": runVerdictBenchmark(arguments: Array(arguments.dropFirst()))
case "fleet": runFleetBenchmark(arguments: Array(arguments.dropFirst()))
case "pgclient": runPostgresClientBenchmark(arguments: Array(arguments.dropFirst()))
case "fairness": await runFairnessBenchmark(arguments: Array(arguments.dropFirst()))
default:
    print(
        "usage: PlaytimeBenchmarks <ntp|sha256|sha512|ed25519|journal|reward|tickets|gen-journal|gen-journals|audit|cost|verdict|fleet|pgclient|fairness> [options]"
    )
}
