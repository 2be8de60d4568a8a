import Foundation
import PlaytimeRewards

/// Measures single-thread reward computations per second on generated claims.
///
/// Arguments: `--iterations N` (default 1 000 000), `--seed N` (default 1).
/// Prints the rate and a checksum of the gold (so the work cannot be optimised away).
func runRewardBenchmark(arguments: [String]) {
    let iterations = max(1, rewardBenchmarkOption("--iterations", in: arguments) ?? 1_000_000)
    var state = UInt64(truncatingIfNeeded: rewardBenchmarkOption("--seed", in: arguments) ?? 1)
    func next() -> UInt64 {
        // xorshift64*: deterministic inputs without depending on the test-support library.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    if state == 0 { state = 1 }

    let calculator: RewardCalculator
    do {
        calculator = try RewardCalculator(policy: .default)
    } catch {
        print("reward benchmark: default policy invalid: \(error)")
        return
    }
    let statuses = ProofStatus.allCases
    let requests: [[String]] = [[], ["ad"], ["ad", "ad"], ["unknown"]]
    let claims = (0..<1024).map { _ in
        RewardClaim(
            creditedSeconds: Int64(next() % (12 * 3600)),
            status: statuses[Int(next() % UInt64(statuses.count))],
            goldPerHour: Int64(next() % 1_000_000),
            requestedMultipliers: requests[Int(next() % UInt64(requests.count))],
            usedMultipliers: next() % 4 == 0 ? ["ad"] : [])
    }

    var checksum: Int64 = 0
    let start = BenchmarkClock.now()
    for index in 0..<iterations {
        if let breakdown = try? calculator.calculate(claims[index & 1023]) {
            checksum &+= breakdown.paidNow &+ breakdown.escrowed
        }
    }
    let seconds = BenchmarkClock.now() - start
    let rate = seconds > 0 ? Double(iterations) / seconds : 0
    print("reward: \(iterations) computations in \(String(format: "%.3f", seconds)) s = \(Int(rate)) per second (single thread), checksum \(checksum)")
}

/// The integer after `name` in `arguments`, if present and valid.
private func rewardBenchmarkOption(_ name: String, in arguments: [String]) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
}
