/// What the lower bound of a verdict rests on.
package enum VerdictMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// Network time at both ends (across a reboot).
    case network
    /// The boot clock of one boot: departure and arrival in the same boot.
    case bootClock
    /// Only the uptime of the arrival's boot: a reboot without network proof.
    case uptimeBound
    /// Signed time (Roughtime) at both ends: a departure stamp and a signed answer before the return, checked
    /// against the operator's Roughtime keys; it outranks every device clock (docs/journal-format.md §10, rule S).
    case signedTime
    /// Nothing: no arrival, or evidence that contradicts itself.
    case none
}
