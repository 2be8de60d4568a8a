import PlaytimeSystem

/// Why a replay guard could not decide.
///
/// Every failure leaves the decision "not paid": a guard never reports first use unless the
/// nonce is recorded.
public enum ReplayStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed.
    case system(SystemError)
    /// The replay file is not in the expected format at `offset`; the guard refuses to guess.
    case corrupt(path: String, offset: Int64, reason: String)
    /// The replay file disappeared while the guard was using it; recreating it would forget nonces.
    case missing(path: String)
    /// An earlier write or `fsync` failed, so the file's state is unknown; reopen the guard.
    case unusable(path: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .system(let error): return "replay store: \(error)"
        case .corrupt(let path, let offset, let reason): return "replay file \(path) is corrupt at byte \(offset): \(reason)"
        case .missing(let path): return "replay file \(path) disappeared; refusing to recreate it"
        case .unusable(let path): return "replay file \(path) is unusable after a failed write; reopen it"
        }
    }
}
