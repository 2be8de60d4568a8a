import PlaytimeGuard

/// The calendar span a journal can prove it covers: the network-time span between its first and last
/// network-stamped records, or the sum of each boot's uptime at its last record, whichever is larger.
struct SpanTracker {
    private var firstNetwork: NetworkTime?
    private var lastNetwork: NetworkTime?
    private var uptimeByBoot: [String: Int64] = [:]
    private var unknownBootUptime: Int64 = 0

    mutating func observe(_ evidence: Evidence) {
        if let network = evidence.network {
            if firstNetwork == nil { firstNetwork = network }
            lastNetwork = network
        }
        if let boot = evidence.clock.bootID {
            uptimeByBoot[boot] = max(uptimeByBoot[boot] ?? 0, evidence.clock.bootNanoseconds)
        } else {
            unknownBootUptime = max(unknownBootUptime, evidence.clock.bootNanoseconds)
        }
    }

    /// The longest span the evidence supports, in nanoseconds.
    var provableSpanNanoseconds: Int64 {
        var network: Int64 = 0
        if let first = firstNetwork, let last = lastNetwork {
            network = max(0, last.latest &- first.earliest)
        }
        let uptime = uptimeByBoot.values.reduce(unknownBootUptime) { $0.addingReportingOverflow($1).overflow ? Int64.max : $0 + $1 }
        return max(network, uptime)
    }
}
