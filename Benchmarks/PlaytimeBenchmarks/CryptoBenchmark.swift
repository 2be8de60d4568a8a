import Foundation
import PlaytimeCrypto

/// Measures SHA-256 throughput on 16 KiB and 256 B messages and prints MB/s (10^6 bytes per second).
///
/// Arguments: `[--seconds S] [--runs N]`. Each size is warmed up, then measured `runs` times for
/// about `seconds / runs` each; the median run is reported, like `openssl speed`'s per-size figure.
/// `--count N [--size B]` hashes exactly N messages of B bytes (default 16 384) and prints only a digest byte,
/// for CPU-time measurement by a script (scripts/bench-sha256.sh).
func runSHA256Benchmark(arguments: [String]) {
    let options = ThroughputBenchmarkOptions(arguments: arguments, defaultSeconds: 3, defaultRuns: 5)
    if let count = fixedCount(arguments) {
        let size = arguments.firstIndex(of: "--size").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 16_384
        let message = [UInt8]((0..<max(0, size)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var sink: UInt8 = 0
        for _ in 0..<count { sink ^= SHA256.hash(message)[0] }
        print("hashed \(count) (\(sink)) with \(SHAImplementation.sha256)")
        return
    }
    // PLAYTIME_SHA_FALLBACK=1 measures the Swift code on a CPU with the instructions (scripts/bench-sha256.sh runs both).
    print("sha256 (PlaytimeCrypto, \(SHAImplementation.sha256 == .instructions ? "the CPU's SHA instructions" : "portable Swift"))")
    print("size      MB/s (median of \(options.runs))   min      max")
    for size in [16_384, 256] {
        let message = [UInt8]((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var sink: UInt8 = 0
        let rates = measureThroughput(options: options, bytesPerIteration: size) { iterations in
            message.withUnsafeBytes { buffer in
                for _ in 0..<iterations {
                    var digest = SHA256()
                    digest.update(bufferPointer: buffer)
                    var out = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                    withUnsafeMutableBytes(of: &out) { digest.finalize(into: $0) }
                    sink ^= UInt8(truncatingIfNeeded: out.0)
                }
            }
        }
        let line = String(format: "%-9d %-22.1f %-8.1f %.1f", size, rates.median, rates.min, rates.max)
        print(line)
        if sink == 0x5a { print("") }  // keeps the digests observable
    }
}

/// Parsed `--seconds` / `--runs` options shared by the benchmarks in this file and JournalBenchmark.swift.
struct ThroughputBenchmarkOptions {
    /// Total measuring time per case, in seconds.
    var seconds: Double
    /// Number of timed runs; the median is reported.
    var runs: Int

    /// Reads `--seconds S` and `--runs N` from `arguments`, falling back to the defaults.
    init(arguments: [String], defaultSeconds: Double, defaultRuns: Int) {
        seconds = defaultSeconds
        runs = defaultRuns
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let next = arguments.index(after: index)
            if next < arguments.endIndex {
                if arguments[index] == "--seconds", let value = Double(arguments[next]), value > 0 { seconds = value }
                if arguments[index] == "--runs", let value = Int(arguments[next]), value > 0 { runs = value }
            }
            index = next
        }
    }
}

/// Minimum, median and maximum of the measured rates, in MB/s.
struct ThroughputSummary {
    /// Slowest run.
    var min: Double
    /// Median run.
    var median: Double
    /// Fastest run.
    var max: Double
}

/// Calibrates an iteration count, warms up, then times `options.runs` runs of `body(iterations)`.
func measureThroughput(
    options: ThroughputBenchmarkOptions, bytesPerIteration: Int, _ body: (Int) -> Void
) -> ThroughputSummary {
    // Calibrate: grow the batch until one batch takes at least 50 ms.
    var iterations = 1
    while true {
        let batchSeconds = BenchmarkClock.seconds { body(iterations) }
        if batchSeconds >= 0.05 || iterations >= 1 << 30 {
            let perRun = options.seconds / Double(options.runs)
            iterations = Swift.max(1, Int(Double(iterations) * perRun / Swift.max(batchSeconds, 1e-9)))
            break
        }
        iterations *= 2
    }
    body(iterations / 4 + 1)  // warm-up
    var rates: [Double] = []
    for _ in 0..<options.runs {
        let seconds = BenchmarkClock.seconds { body(iterations) }
        rates.append(Double(iterations * bytesPerIteration) / seconds / 1e6)
    }
    rates.sort()
    return ThroughputSummary(min: rates[0], median: rates[rates.count / 2], max: rates[rates.count - 1])
}
