import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeRewards

/// Measures verdicts + rewards per second on one core, on generated sessions of every kind (same boot,
/// wall-clock jumps, reboot with network, reboot with later proof, reboot offline, kills).
///
/// Arguments: `--iterations N` (default 1 000 000), `--seed N` (default 1).
/// Prints the rate and a checksum of credited seconds and gold (so the work cannot be optimised away).
func runVerdictBenchmark(arguments: [String]) {
    let iterations = max(1, verdictBenchmarkOption("--iterations", in: arguments) ?? 1_000_000)
    var state = UInt64(truncatingIfNeeded: verdictBenchmarkOption("--seed", in: arguments) ?? 1)
    if state == 0 { state = 1 }
    func next() -> UInt64 {
        // xorshift64*: deterministic inputs without depending on the test-support library.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    let calculator: RewardCalculator
    do {
        calculator = try RewardCalculator(policy: .default)
    } catch {
        print("verdict benchmark: default policy invalid: \(error)")
        return
    }
    let timelines = (0..<1024).map { _ in verdictBenchmarkTimeline(next) }

    var checksum: Int64 = 0
    let start = BenchmarkClock.now()
    for index in 0..<iterations {
        let timeline = timelines[index & 1023]
        let verdict = ElapsedVerdict(timeline: timeline)
        checksum &+= verdict.creditedSeconds
        if let breakdown = try? calculator.calculate(verdict, of: timeline, requestedMultipliers: ["ad"]) {
            checksum &+= breakdown.paidNow &+ breakdown.escrowed
        }
    }
    let seconds = BenchmarkClock.now() - start
    let rate = seconds > 0 ? Double(iterations) / seconds : 0
    print(
        "verdict: \(iterations) verdicts + rewards in \(String(format: "%.3f", seconds)) s = \(Int(rate)) per second per core (single thread), checksum \(checksum)"
    )
}

/// One generated session: departure and arrival readings of a random kind.
private func verdictBenchmarkTimeline(_ next: () -> UInt64) -> SessionTimeline {
    let second: Int64 = 1_000_000_000
    let wall0 = 1_800_000_000 * second + Int64(next() % 1_000_000) * second
    let boot0 = Int64(next() % 864_000) * second
    let away = Int64(next() % 36_000 + 1) * second + Int64(next() % 1_000_000_000)
    let kind = next() % 6
    let network0 = NetworkTime(unixNanoseconds: wall0, errorBoundNanoseconds: 20_000_000)
    let departure = Evidence(
        event: .background, sessionID: "s", origin: kind == 5 ? "heartbeat" : "lifecycle",
        clock: ClockReading(wallNanoseconds: wall0, bootNanoseconds: boot0, bootID: "A"),
        network: network0, connectivity: .unknown, goldPerHour: Int64(next() % 5_000), policyVersion: "bench")
    let jump = kind == 1 ? Int64(next() % 172_800) * second : 0
    let rebooted = kind == 2 || kind == 3 || kind == 4
    let uptime = rebooted ? away / 2 : boot0 + away
    let arrivalNetwork = kind == 2 || !rebooted ? NetworkTime(unixNanoseconds: wall0 + away, errorBoundNanoseconds: 30_000_000) : nil
    let arrival = Evidence(
        event: rebooted ? .launch : .foreground, sessionID: "s",
        clock: ClockReading(wallNanoseconds: wall0 + away + jump, bootNanoseconds: uptime, bootID: rebooted ? "B" : "A"),
        network: arrivalNetwork, connectivity: .unknown)
    let proof =
        kind == 3
        ? Evidence(
            event: .settlement, sessionID: "s",
            clock: ClockReading(wallNanoseconds: wall0 + away + 60 * second, bootNanoseconds: uptime + 60 * second, bootID: "B"),
            network: NetworkTime(unixNanoseconds: wall0 + away + 60 * second, errorBoundNanoseconds: 25_000_000),
            connectivity: .unknown) : nil
    return SessionTimeline(sessionID: "s", departure: departure, arrival: arrival, laterProof: proof)
}

/// The integer after `name` in `arguments`, if present and valid.
private func verdictBenchmarkOption(_ name: String, in arguments: [String]) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
}
