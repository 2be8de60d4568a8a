#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals a service acts on, taken synchronously by one thread of its own instead of by an asynchronous
/// handler (which may call almost nothing safely): `SIGTERM` and `SIGINT` (stop), `SIGHUP` (reload).
package enum ProcessSignal: Sendable, Hashable, CustomStringConvertible {
    /// Stop: finish what is in flight and exit (`SIGTERM`, what an orchestrator sends).
    case terminate
    /// Stop, from a terminal (`SIGINT`, Ctrl-C).
    case interrupt
    /// Read the configuration files again (`SIGHUP`).
    case hangUp

    var number: Int32 {
        switch self {
        case .terminate: return SIGTERM
        case .interrupt: return SIGINT
        case .hangUp: return SIGHUP
        }
    }

    /// `SIGTERM`, `SIGINT` or `SIGHUP`.
    package var description: String {
        switch self {
        case .terminate: return "SIGTERM"
        case .interrupt: return "SIGINT"
        case .hangUp: return "SIGHUP"
        }
    }
}

/// Takes ``ProcessSignal``s as ordinary values (`sigwait` on a thread of the caller's).
///
/// ``blockInEveryThread(_:)`` must run first thing in `main`, before any other thread starts: threads inherit the
/// blocked set, so the signals then wait for ``next()`` instead of killing the process or interrupting a thread.
package enum ProcessSignals {
    /// Blocks `signals` in the calling thread and in every thread it starts later.
    package static func blockInEveryThread(_ signals: [ProcessSignal]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal.number) }
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for the next of `signals` (blocked before by ``blockInEveryThread(_:)``) and returns it.
    package static func next(of signals: [ProcessSignal]) -> ProcessSignal {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal.number) }
        while true {
            var received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { continue }
            if let signal = signals.first(where: { $0.number == received }) { return signal }
        }
    }

    /// Sends `signal` to this process (a test of the service stops it the way an orchestrator would).
    package static func raise(_ signal: ProcessSignal) {
        _ = kill(getpid(), signal.number)
    }
}
