/// Everything a single instant tells about time on this device.
public struct ClockReading: Sendable, Hashable, Codable {
    /// Wall clock, UTC nanoseconds since 1970. The device owner can set it.
    public var wallNanoseconds: Int64
    /// Boot clock, nanoseconds since boot, counting sleep. Cannot be set; restarts at reboot.
    public var bootNanoseconds: Int64
    /// Identity of the boot the boot clock belongs to; `nil` when the platform has none.
    public var bootID: String?

    /// Creates a reading from its three parts.
    public init(wallNanoseconds: Int64, bootNanoseconds: Int64, bootID: String?) {
        self.wallNanoseconds = wallNanoseconds
        self.bootNanoseconds = bootNanoseconds
        self.bootID = bootID
    }
}

/// A source of clock readings and of waiting. Production code uses `SystemClockSource`;
/// tests pass a manual clock whose time advances only when the test says so.
public protocol ClockSource: Sendable {
    /// Reads the clocks now.
    func read() -> ClockReading
    /// Waits for `nanoseconds` of boot-clock time.
    func sleep(nanoseconds: Int64) async
    /// Blocks the calling thread for `nanoseconds` of boot-clock time: the wait of code that is not async (a
    /// server's retry between two database attempts). A clock a test moves by hand advances instead.
    func pause(nanoseconds: Int64)
}

extension ClockSource {
    /// Blocks the calling thread for `nanoseconds` of real time (the default: a clock whose time is the real one).
    public func pause(nanoseconds: Int64) { SystemClock.pause(nanoseconds: nanoseconds) }

    /// The boot clock now.
    package func bootNanoseconds() -> Int64 { read().bootNanoseconds }
}

/// This machine's real clocks.
public struct SystemClockSource: ClockSource {
    private let bootID: String?

    /// Reads the boot identity once: it cannot change while the process lives.
    public init() {
        bootID = SystemClock.bootIdentifier()
    }

    /// Reads wall and boot clocks together.
    public func read() -> ClockReading {
        ClockReading(
            wallNanoseconds: SystemClock.wallNanoseconds(),
            bootNanoseconds: SystemClock.bootNanoseconds(),
            bootID: bootID
        )
    }

    /// Sleeps the current task.
    public func sleep(nanoseconds: Int64) async {
        guard nanoseconds > 0 else { return }
        try? await Task.sleep(nanoseconds: UInt64(nanoseconds))
    }
}
