package import PlaytimeSystem

/// Everything recorded at one lifecycle event: the clocks, network time if known, and connectivity.
///
/// The wall clock is kept because the player sees it, never because it is trusted: verdicts rest on the
/// boot clock within a boot and on network time across boots.
package struct Evidence: Sendable, Hashable, Codable {
    /// Which event.
    package var event: SessionEventKind
    /// The away session this event belongs to (empty for launches and heartbeats outside a session).
    package var sessionID: String
    /// For a departure: `lifecycle` (a real background event) or `heartbeat` (recovered after a kill).
    package var origin: String
    /// The clocks at the event.
    package var clock: ClockReading
    /// Network time at the event, projected from the latest fix of the same boot, or `nil`.
    package var network: NetworkTime?
    /// Connectivity at the event.
    package var connectivity: Connectivity
    /// Gold per hour snapshotted at departure (0 for other events).
    package var goldPerHour: Int64
    /// The reward policy version in force at departure (empty for other events).
    package var policyVersion: String
    /// The session payload version, which is the journal's header version: 1, or 2 where `clock` holds boot
    /// segments (a keyed pseudonym and nanoseconds since the segment's first record, docs/journal-format.md §13).
    package var payloadVersion: Int64 = 1
    /// Version 2, on a return after a reboot the device recognised: the new boot's uptime less the drift
    /// allowance, as the device asserts it (nanoseconds; `nil` everywhere else). A server bounds it by the
    /// provisional cap (docs/journal-format.md §13, rule 3b).
    package var rebootCreditNanoseconds: Int64?

    /// Creates evidence.
    package init(
        event: SessionEventKind, sessionID: String, origin: String = "lifecycle", clock: ClockReading,
        network: NetworkTime?, connectivity: Connectivity, goldPerHour: Int64 = 0, policyVersion: String = ""
    ) {
        self.event = event
        self.sessionID = sessionID
        self.origin = origin
        self.clock = clock
        self.network = network
        self.connectivity = connectivity
        self.goldPerHour = goldPerHour
        self.policyVersion = policyVersion
    }
}
