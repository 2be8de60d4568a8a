internal import PlaytimeSystem

/// One thing a verdict noticed, with an amount in nanoseconds (0 when no amount applies).
package struct VerdictFlag: Sendable, Hashable, Codable {
    /// What was noticed.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The wall-clock delta exceeds the boot-clock delta by more than the tolerance (ignored).
        case wallClockJumpedForward
        /// The wall-clock delta falls short of the boot-clock delta by more than the tolerance (ignored).
        case wallClockJumpedBack
        /// The wall clock at arrival reads earlier than at departure, by more than the tolerance.
        case clockRolledBack
        /// The device rebooted while the player was away (informational).
        case reboot
        /// Network time and the boot clock disagree beyond their combined error and the clock-step tolerance
        /// (120 s by default: a server a minute off is not named); the smaller figure is credited.
        case networkBootDisagreement
        /// The boot clock read less at arrival than at departure within one boot: the evidence is rejected.
        case bootClockWentBackwards
        /// The session has no arrival (informational: nothing can be credited yet).
        case evidenceMissing
        /// Across a reboot, network time is missing at one end: only the uptime is credited (informational).
        case networkMissing
        /// Network time in the evidence is ahead of the game server's own clock: it was not used.
        case networkAheadOfServer
        /// The departure was recovered from a heartbeat; the heartbeat interval is not credited (informational).
        case departureFromHeartbeat
        /// Across a reboot, the proven return time minus the new boot's uptime lies before the earliest the
        /// departure can have happened: the new boot began before the player left, which no honest reboot
        /// does (a forged reboot: a new boot id over a boot clock that kept counting).
        case bootStartedBeforeDeparture
        /// A later network fix of the same boot agrees with the boot clock: the earlier disagreement (by the
        /// amount) was the network's, not the player's, so it replaces ``networkBootDisagreement`` and the
        /// boot-clock figure is verified (informational).
        case laterProofAgreesWithBootClock
        /// Across a reboot, network time proves the return and that the new boot began after the departure
        /// can have happened, so the new boot's uptime is verified (informational).
        case bootStartAfterDeparture
        /// The wall clock at the return reads later than the game server's own clock (beyond the tolerance).
        case wallAheadOfServer
        /// The wall clock at the departure reads earlier than the journal's earlier network time proves it was.
        case wallBehindProvenTime
        /// Within one boot the boot clock shows less time away than the signatures prove (by the amount, beyond
        /// the slack): the device's clock evidence contradicts signed time, which is credited.
        case signedTimeContradictsBootClock
        /// The departure's network time lies after its signed stamp, or the return's before its signed answer
        /// (by the amount, beyond the slack): the network evidence contradicts signed time, which is credited.
        case signedTimeContradictsNetwork
        /// A signed answer of the return is later than the game server's own clock: signed time was not used.
        case signedTimeAheadOfServer
        /// The server requires signed time and the session has none at one end or both: it is provisional
        /// (informational: an honest player offline at departure or return has none).
        case signedTimeMissing
        /// Across a reboot in a version-2 journal, the uptime credited (the amount) is the device's own
        /// `rebootCredit`: journals carry no raw boot clock, so the server cannot check it and it stays
        /// provisional, worth at most the provisional cap (informational; docs/journal-format.md §13).
        case uptimeAssertedByDevice

        /// True for the kinds that contradict a new boot's unproven uptime (a forged reboot): such a
        /// provisional uptime credit is withheld until network proof arrives.
        var withholdsUnprovenUptime: Bool {
            switch self {
            case .wallClockJumpedBack, .clockRolledBack, .wallAheadOfServer, .wallBehindProvenTime, .bootStartedBeforeDeparture: return true
            default: return false
            }
        }

        /// True for the kinds that suggest manipulation or contradictory evidence; the others
        /// describe honest situations (a reboot, missing network, a crash).
        package var isSuspicious: Bool {
            switch self {
            case .wallClockJumpedForward, .wallClockJumpedBack, .clockRolledBack, .networkBootDisagreement,
                .bootClockWentBackwards, .networkAheadOfServer, .bootStartedBeforeDeparture, .wallAheadOfServer,
                .wallBehindProvenTime, .signedTimeContradictsBootClock, .signedTimeContradictsNetwork, .signedTimeAheadOfServer:
                return true
            case .reboot, .evidenceMissing, .networkMissing, .departureFromHeartbeat, .laterProofAgreesWithBootClock,
                .bootStartAfterDeparture, .signedTimeMissing, .uptimeAssertedByDevice:
                return false
            }
        }
    }

    /// What was noticed.
    package var kind: Kind
    /// How much, in nanoseconds (never negative).
    package var amountNanoseconds: Int64

    /// Creates a flag; a negative amount is stored as 0.
    /// A flag whose amount is `amount` (a negative span counts as 0).
    init(_ kind: Kind, amount: TimeSpan) {
        self.init(kind, amountNanoseconds: amount.nanoseconds)
    }

    package init(_ kind: Kind, amountNanoseconds: Int64 = 0) {
        self.kind = kind
        self.amountNanoseconds = max(0, amountNanoseconds)
    }
}
