package import PlaytimeJournal

/// Why the recorder could not record.
package enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The journal could not be opened, verified or appended to.
    case journal(JournalError)
    /// The rate snapshot is negative.
    case invalidRate(Int64)
    /// The boot sidecar beside a version-2 journal could not be written (docs/journal-format.md §13.3);
    /// nothing was recorded.
    case bootSidecar(String)
    /// A server anchor was refused (malformed, for another journal, or not the head its request reported);
    /// nothing was recorded (docs/journal-format.md §14).
    case anchor(AnchorError)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .journal(let error): return error.description
        case .invalidRate(let rate): return "gold per hour must not be negative (got \(rate))"
        case .bootSidecar(let problem): return "boot sidecar: \(problem)"
        case .anchor(let error): return error.description
        }
    }
}
