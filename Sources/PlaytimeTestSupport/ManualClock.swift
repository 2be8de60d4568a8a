import PlaytimeSystem

/// A clock whose time moves only when the test says so. `sleep` advances it instead of waiting.
package final class ManualClock: ClockSource {
    private let state: ThreadLock<ClockReading>

    /// Starts at the given reading (default: wall 2026-11-29T00:00:00Z, boot 1000 s, boot "boot-A").
    package init(wallNanoseconds: Int64 = 1_796_083_200_000_000_000, bootNanoseconds: Int64 = 1_000_000_000_000, bootID: String? = "boot-A") {
        state = ThreadLock(ClockReading(wallNanoseconds: wallNanoseconds, bootNanoseconds: bootNanoseconds, bootID: bootID))
    }

    /// The current reading.
    package func read() -> ClockReading { state.withLock { $0 } }

    /// Advances wall and boot clocks together, as real time passing does.
    package func advance(nanoseconds: Int64) {
        state.withLock {
            $0.wallNanoseconds += nanoseconds
            $0.bootNanoseconds += nanoseconds
        }
    }

    /// Moves only the wall clock, as a user setting the clock does.
    package func setWall(byAdding nanoseconds: Int64) {
        state.withLock { $0.wallNanoseconds += nanoseconds }
    }

    /// Simulates a reboot: a new boot identity, boot clock restarted at `uptimeNanoseconds`, wall advanced by `downtime + uptime`.
    package func reboot(newBootID: String, downtimeNanoseconds: Int64, uptimeNanoseconds: Int64) {
        state.withLock {
            $0.wallNanoseconds += downtimeNanoseconds + uptimeNanoseconds
            $0.bootNanoseconds = uptimeNanoseconds
            $0.bootID = newBootID
        }
    }

    /// Advances the clock instead of waiting.
    package func sleep(nanoseconds: Int64) async {
        if nanoseconds > 0 { advance(nanoseconds: nanoseconds) }
    }

    /// Advances the clock instead of blocking.
    package func pause(nanoseconds: Int64) {
        if nanoseconds > 0 { advance(nanoseconds: nanoseconds) }
    }
}
