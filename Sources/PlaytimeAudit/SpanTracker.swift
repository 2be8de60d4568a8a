internal import PlaytimeJudging
internal import PlaytimeSystem

/// The calendar span a journal can prove it covers: the network-time span between its first and last
/// network-stamped records, or the sum of each boot's uptime at its last record, whichever is larger.
struct SpanTracker {
    private var firstNetwork: NetworkTime?
    private var lastNetwork: NetworkTime?
    /// Highest uptime per boot, for every boot but `currentBoot`.
    private var uptimeByBoot: [String: Int64] = [:]
    /// The boot of the latest identified record, with its highest uptime so far (records of one boot come
    /// in runs, so most records update this without hashing the boot id).
    private var currentBoot: (id: String, uptime: Int64)?
    private var unknownBootUptime: Int64 = 0
    /// The earliest departure stamp and the latest return answer verified (docs/journal-format.md §12): every
    /// signed credit `A − D` lies within them.
    private var earliestStamp: Int64?
    private var latestAnswer: Int64?

    /// Notes a verified signed-time bound.
    mutating func observeSigned(_ proves: SignedTimeEvent, bound: Int64) {
        switch proves {
        case .departure: earliestStamp = min(earliestStamp ?? bound, bound)
        case .arrival: latestAnswer = max(latestAnswer ?? bound, bound)
        }
    }

    mutating func observe(_ evidence: Evidence) {
        if let network = evidence.network {
            if firstNetwork == nil { firstNetwork = network }
            lastNetwork = network
        }
        // A version-2 boot segment starts at its first record, not at boot; a return's asserted reboot credit
        // stands for the uptime before it (docs/journal-format.md §13.4).
        let (withCredit, overflow) = evidence.clock.bootNanoseconds.addingReportingOverflow(max(0, evidence.rebootCreditNanoseconds ?? 0))
        let uptime = overflow ? Int64.max : withCredit
        if let boot = evidence.clock.bootID {
            if let current = currentBoot, current.id == boot {
                currentBoot = (boot, max(current.uptime, uptime))
            } else {
                if let current = currentBoot { uptimeByBoot[current.id] = current.uptime }
                currentBoot = (boot, max(uptimeByBoot.removeValue(forKey: boot) ?? 0, uptime))
            }
        } else {
            unknownBootUptime = max(unknownBootUptime, evidence.clock.bootNanoseconds)
        }
    }

    /// The longest span the evidence supports, in nanoseconds.
    var provableSpanNanoseconds: Int64 {
        var network: Int64 = 0
        if let first = firstNetwork, let last = lastNetwork {
            network = max(0, Saturating.subtract(last.latest, first.earliest))
        }
        // Every term is at least 0, so the saturating sum does not depend on the order of the terms.
        var uptime = uptimeByBoot.values.reduce(unknownBootUptime, Saturating.add)
        if let current = currentBoot { uptime = Saturating.add(uptime, current.uptime) }
        var signed: Int64 = 0
        if let first = earliestStamp, let last = latestAnswer {
            let (difference, overflow) = last.subtractingReportingOverflow(first)
            signed = overflow ? (last > first ? Int64.max : 0) : max(0, difference)
        }
        return max(network, uptime, signed)
    }
}
