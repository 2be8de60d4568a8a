/// A lifecycle moment the recorder captures.
package enum SessionEventKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app moved to the background: the player departs.
    case background
    /// The app came back to the foreground: the player returns.
    case foreground
    /// A cold start. With an open background record it is a return; otherwise just a launch.
    case launch
    /// A periodic proof of life while in the foreground; the departure of an app killed in the foreground.
    case heartbeat
    /// Network proof obtained after a return that lacked it, so the session can be settled.
    case settlement

    /// The journal record type for this event.
    package var recordType: String { "session." + rawValue }

    /// The event a journal record type names, if any.
    package init?(recordType: String) {
        guard recordType.hasPrefix("session.") else { return nil }
        self.init(rawValue: String(recordType.dropFirst("session.".count)))
    }
}
