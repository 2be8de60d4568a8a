import PlaytimeGuard
import PlaytimeNTP
import PlaytimeSystem

/// A network time source that answers from a manual clock: true time = the clock's wall minus a skew the
/// test reported (so a moved wall clock does not move network time), or fails as told. Counts its calls.
package final class ManualNetworkTimeSource: NetworkTimeSource {
    /// How the source answers.
    package enum Mode: Sendable {
        /// With a fix: network time is the clock's wall minus every wall move reported.
        case answer
        /// Failing as an offline device does.
        case offline
        /// Failing as when no server answers.
        case unreachable
    }
    private let clock: ManualClock
    private let state: ThreadLock<(mode: Mode, wallMinusTrue: Int64, calls: Int, budgets: [Int64], errorBound: Int64)>

    /// Answers from `clock`.
    package init(clock: ManualClock, mode: Mode = .answer) {
        self.clock = clock
        state = ThreadLock((mode, 0, 0, [], 2_000_000))
    }

    /// Changes how later calls answer.
    package func set(_ mode: Mode) { state.withLock { $0.mode = mode } }
    /// Records that the wall clock was moved by `delta` (network time does not move).
    package func wallMoved(by delta: Int64) { state.withLock { $0.wallMinusTrue += delta } }
    /// Sets the error bound of later fixes (2 ms unless told; any value, as a hostile source may claim).
    package func setErrorBound(_ nanoseconds: Int64) { state.withLock { $0.errorBound = nanoseconds } }
    /// How many fixes were asked for.
    package var calls: Int { state.withLock { $0.calls } }
    /// The budget of each call.
    package var budgets: [Int64] { state.withLock { $0.budgets } }

    /// A fix anchored at the clock's current reading, or the scripted failure.
    package nonisolated(nonsending) func fix(withinNanoseconds budget: Int64) async -> Result<NTPFix, NTPError> {
        let (mode, skew, errorBound) = state.withLock { value -> (Mode, Int64, Int64) in
            value.calls += 1
            value.budgets.append(budget)
            return (value.mode, value.wallMinusTrue, value.errorBound)
        }
        switch mode {
        case .offline: return .failure(NTPError(kind: .offline, servers: []))
        case .unreachable: return .failure(NTPError(kind: .unreachable, servers: []))
        case .answer:
            return .success(
                NTPFix(
                    offsetNanoseconds: -skew, errorBoundNanoseconds: errorBound, delayNanoseconds: 4_000_000,
                    stratum: 2, anchor: clock.read(), driftPPM: 100, servers: []))
        }
    }
}
