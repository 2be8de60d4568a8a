/// How the client queries: timeouts, etiquette, validation limits and the agreement it demands.
/// Defaults follow RFC 4330 etiquette; tests and benchmarks against loopback may relax them.
package struct NTPConfiguration: Sendable, Hashable {
    /// How many servers must agree before a fix is given.
    package enum Quorum: Sendable, Hashable {
        /// A strict majority of the servers that answered validly.
        case majorityOfValid
        /// At least this many servers.
        case atLeast(Int)
    }

    /// How long one round of a check waits for replies, retransmissions included (`retry`). Default 1.5 s,
    /// the recorder's foreground budget, so that a return gets all five requests of the default retry policy.
    package var timeoutNanoseconds: Int64 = 1_500_000_000
    /// Retransmissions to a server that has not answered within a round. Default: see `NTPRetryPolicy`.
    package var retry = NTPRetryPolicy()
    /// Requests per server per check. Default 1.
    package var samplesPerServer: Int = 1
    /// Spacing between the samples of a burst. Default 2 s (never less in production).
    package var burstSpacingNanoseconds: Int64 = 2_000_000_000
    /// The same server is never asked more often than this; a sooner check reuses its last answer. Default 15 s.
    package var minimumPollIntervalNanoseconds: Int64 = 15_000_000_000
    /// Longest back-off after a RATE kiss. Default 1024 s.
    package var maximumBackoffNanoseconds: Int64 = 1_024_000_000_000
    /// Limits a reply must meet.
    package var limits = NTPValidationLimits()
    /// Agreement demanded. Default: a strict majority of valid servers.
    package var quorum: Quorum = .majorityOfValid
    /// Bound on the local boot clock's frequency error, used to age samples and project fixes. Default 100 ppm.
    package var driftPPM: Int64 = 100

    /// Host names of public pools, never IP literals (resolution fails fast where DNS is unavailable).
    /// Production apps should use their own vendor zone or their game server's NTP.
    package static let defaultServers: [NTPServer] = [
        NTPServer(host: "0.pool.ntp.org"), NTPServer(host: "1.pool.ntp.org"),
        NTPServer(host: "2.pool.ntp.org"), NTPServer(host: "time.cloudflare.com"),
    ]

    /// The defaults.
    package init() {}

    /// Quorum for `validCount` valid servers.
    func requiredAgreement(validCount: Int) -> Int {
        switch quorum {
        case .majorityOfValid: return validCount / 2 + 1
        case .atLeast(let count): return max(1, count)
        }
    }
}
