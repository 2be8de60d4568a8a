public import PlaytimeJournal

/// Why the recorder could not record.
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The journal could not be opened, verified or appended to.
    case journal(JournalError)
    /// The rate snapshot is negative.
    case invalidRate(Int64)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .journal(let error): return error.description
        case .invalidRate(let rate): return "gold per hour must not be negative (got \(rate))"
        }
    }
}
