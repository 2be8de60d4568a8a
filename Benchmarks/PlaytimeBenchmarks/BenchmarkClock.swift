import PlaytimeSystem

/// Elapsed wall time for the benchmarks, read from the boot clock (``SystemClock/bootNanoseconds()``):
/// `ContinuousClock` and `Duration` need macOS 13 / iOS 16, above the package's deployment targets
/// (docs/apple.md), and the benchmarks are built with everything else.
enum BenchmarkClock {
    /// Now, in seconds since boot.
    static func now() -> Double {
        Double(SystemClock.bootNanoseconds()) / 1e9
    }

    /// The seconds `body` took.
    static func seconds<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Double {
        let start = SystemClock.bootNanoseconds()
        try body()
        return Double(SystemClock.bootNanoseconds() - start) / 1e9
    }
}
