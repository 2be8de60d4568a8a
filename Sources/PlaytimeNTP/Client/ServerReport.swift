internal import PlaytimeSystem

/// Everything one server did during one check, before selection.
struct ServerReport {
    let server: NTPServer
    var address: String?
    var samples: [NTPSample] = []
    var rejection: NTPRejection?
    var kiss: String?
    var retired = false
    var timedOut = false
    var systemError: SystemError?
    var dnsError: ResolveError?
    var reused = false
    var previous: NTPServerOutcome?

    init(server: NTPServer) { self.server = server }

    /// The outcome before selection: `ok` for any valid sample (selection may demote it to falseticker).
    func outcome() -> NTPServerOutcome {
        let name = server.description
        if let best = samples.min(by: { $0.delayNanoseconds < $1.delayNanoseconds }) {
            return NTPServerOutcome(server: name, address: address, status: .ok, sample: best, reused: reused)
        }
        if let previous {
            var again = previous
            again.reused = true
            return again
        }
        if let kiss {
            let reason = retired ? "retired after an earlier \(kiss) kiss" : "Kiss-o'-Death \(kiss)"
            return NTPServerOutcome(server: name, address: address, status: .kissOfDeath, reason: reason, reasonCode: kiss)
        }
        if let rejection {
            return NTPServerOutcome(server: name, address: address, status: .rejected, reason: rejection.description, reasonCode: rejection.code)
        }
        if let dnsError {
            return NTPServerOutcome(server: name, status: .dnsFailure, reason: dnsError.description, reasonCode: "dns-failure")
        }
        if let systemError {
            let code = systemError.meansNoRoute ? "no-route" : systemError.meansRefused ? "refused" : "socket-error"
            return NTPServerOutcome(server: name, address: address, status: .unreachable, reason: systemError.plainWords, reasonCode: code)
        }
        return NTPServerOutcome(server: name, address: address, status: .timeout, reason: "no reply before the timeout", reasonCode: "timeout")
    }
}
