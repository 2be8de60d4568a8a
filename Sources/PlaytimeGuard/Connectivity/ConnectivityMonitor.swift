internal import PlaytimeNTP
internal import PlaytimeSystem

/// Online / offline / unknown, from local facts and the outcome of the latest NTP attempt, so callers never
/// wait on a timeout when the device has no network. Reports changes, connectivity loss above all.
package final class ConnectivityMonitor: Sendable {
    private struct State {
        var lastOutcome: (atBoot: Int64, connectivity: Connectivity)?
        var lastReported: Connectivity?
    }

    private let probe: any ConnectivityProbe
    private let clock: any ClockSource
    private let freshnessNanoseconds: Int64
    private let state = ThreadLock(State())

    /// `freshness`: how long an NTP outcome keeps speaking for the network (default 5 minutes).
    package init(
        probe: any ConnectivityProbe = SystemConnectivityProbe(), clock: any ClockSource = SystemClockSource(),
        freshnessNanoseconds: Int64 = 300_000_000_000
    ) {
        self.probe = probe
        self.clock = clock
        self.freshnessNanoseconds = freshnessNanoseconds
    }

    /// The current view: local facts first (offline wins at once), then a fresh NTP outcome.
    package func current() -> Connectivity {
        let local = probe.localConnectivity()
        if local.state == .offline { return local }
        let now = clock.bootNanoseconds()
        let outcome = state.withLock { $0.lastOutcome }
        if let outcome, now - outcome.atBoot <= freshnessNanoseconds, now >= outcome.atBoot {
            return outcome.connectivity
        }
        return local
    }

    /// Records what an NTP check found: a fix means online; `offline` means offline; other failures, unknown.
    package func note(_ result: Result<NTPFix, NTPError>) {
        let connectivity: Connectivity
        switch result {
        case .success: connectivity = Connectivity(state: .online, reason: "ntp-ok")
        case .failure(let error) where error.kind == .offline: connectivity = Connectivity(state: .offline, reason: "ntp-offline")
        case .failure(let error): connectivity = Connectivity(state: .unknown, reason: "ntp-" + error.kind.rawValue)
        }
        let now = clock.bootNanoseconds()
        state.withLock { $0.lastOutcome = (now, connectivity) }
    }

    /// The current view when its state differs from the last one returned here (the first call always
    /// reports); `nil` when nothing changed. A change to `offline` is a connectivity loss.
    package func change() -> Connectivity? {
        let now = current()
        return state.withLock { state in
            guard state.lastReported?.state != now.state else { return nil }
            state.lastReported = now
            return now
        }
    }
}
