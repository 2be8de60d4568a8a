internal import PlaytimeCrypto

/// Why a chained query gave no trustworthy time.
package enum RoughtimeDistrust: Sendable, Equatable, CustomStringConvertible {
    /// No servers were configured.
    case noServers
    /// Answers arrived and none verified.
    case rejected
    /// Nothing answered (timeouts, refusals, names that did not resolve while online).
    case noAnswer
    /// Verified answers break causal order: for some i before j, MIDP_i − RADI_i > MIDP_j + RADI_j
    /// (draft-ietf-ntp-roughtime-19 §8.2); `malfeasanceReport` proves it.
    case inconsistent(pairs: [RoughtimePairViolation])
    /// Verified answers are causally consistent but admit no common time for the end of the chain
    /// (a later server further ahead than the elapsed time allows); no proof of malfeasance.
    case disagreement

    /// A stable kebab-case code.
    package var code: String {
        switch self {
        case .noServers: "no-servers"
        case .rejected: "rejected"
        case .noAnswer: "no-answer"
        case .inconsistent: "inconsistent"
        case .disagreement: "disagreement"
        }
    }

    /// One sentence.
    package var description: String {
        switch self {
        case .noServers: "no servers"
        case .rejected: "every answer was rejected"
        case .noAnswer: "no server answered"
        case .inconsistent(let pairs): "answers break causal order: " + pairs.map { "\($0.earlier) before \($0.later)" }.joined(separator: ", ")
        case .disagreement: "verified answers admit no common time"
        }
    }
}

/// Two verified answers, by position in the chain, where the earlier one's `MIDP − RADI` exceeds the
/// later one's `MIDP + RADI`.
package struct RoughtimePairViolation: Sendable, Equatable {
    /// Position of the answer received first.
    package var earlier: Int
    /// Position of the answer received later.
    package var later: Int
}

/// The end state of a chained query.
package enum RoughtimeChainStatus: Sendable, Equatable {
    /// At least one answer verified and all verified answers agree.
    case verified
    /// No route to any server and no usable interface: the device is offline.
    case offline
    /// Online (or unknown) but no trustworthy time.
    case untrustworthy(RoughtimeDistrust)

    /// `verified`, `offline`, or the distrust's code.
    package var code: String {
        switch self {
        case .verified: "verified"
        case .offline: "offline"
        case .untrustworthy(let reason): reason.code
        }
    }
}

/// A chained query's answers, checked against each other (draft-ietf-ntp-roughtime-19 §8.2) and combined
/// by intersection — never by averaging, so one lying server cannot drag the time.
package struct RoughtimeChainResult: Sendable {
    /// Every server's part, in the order asked.
    package var answers: [RoughtimeAnswer]
    /// Verified, offline, or why not trustworthy.
    package var status: RoughtimeChainStatus
    /// The earliest Unix second the end of the chain can be: the largest `MIDP − RADI` of the verified answers.
    package var earliestSeconds: UInt64?
    /// The latest Unix second the end of the chain can be: the smallest `MIDP + RADI` plus the whole
    /// seconds elapsed since that answer arrived, over the verified answers.
    package var latestSeconds: UInt64?

    /// Checks and combines `answers` (in the order they were received). `endBootNanoseconds` is the boot
    /// clock at the end of the chain; answers with a `receivedBootNanoseconds` are allowed the seconds
    /// since (rounded up). `offline` says the failures meant no network at all.
    package init(answers: [RoughtimeAnswer], endBootNanoseconds: Int64? = nil, offline: Bool = false) {
        self.answers = answers
        let verified = answers.enumerated().compactMap { position, answer in answer.time.map { (position, $0, answer) } }
        var violations: [RoughtimePairViolation] = []
        for (first, earlier) in verified.enumerated() {
            for later in verified[(first + 1)...] where earlier.1.earliestSeconds > later.1.latestSeconds {
                violations.append(RoughtimePairViolation(earlier: earlier.0, later: later.0))
            }
        }
        guard !verified.isEmpty else {
            earliestSeconds = nil
            latestSeconds = nil
            if answers.isEmpty {
                status = .untrustworthy(.noServers)
            } else if offline {
                status = .offline
            } else if answers.contains(where: {
                if case .failure(.rejected) = $0.outcome { return true } else { return false }
            }) {
                status = .untrustworthy(.rejected)
            } else {
                status = .untrustworthy(.noAnswer)
            }
            return
        }
        var earliest: UInt64 = 0
        var latest: UInt64 = .max
        for (_, time, answer) in verified {
            earliest = max(earliest, time.earliestSeconds)
            var elapsed: UInt64 = 0
            if let end = endBootNanoseconds, let received = answer.receivedBootNanoseconds, end > received {
                elapsed = UInt64(end - received + 999_999_999) / 1_000_000_000
            }
            let (allowed, overflow) = time.latestSeconds.addingReportingOverflow(elapsed)
            latest = min(latest, overflow ? .max : allowed)
        }
        earliestSeconds = earliest
        latestSeconds = latest
        if !violations.isEmpty {
            status = .untrustworthy(.inconsistent(pairs: violations))
        } else if earliest > latest {
            status = .untrustworthy(.disagreement)
        } else {
            status = .verified
        }
    }

    /// The combined midpoint (Unix seconds), when verified: the middle of `earliestSeconds...latestSeconds`, rounded down.
    package var midpointSeconds: UInt64? {
        guard status == .verified, let earliestSeconds, let latestSeconds else { return nil }
        return earliestSeconds + (latestSeconds - earliestSeconds) / 2
    }

    /// The combined radius (seconds, at least 1), when verified: rounded up so that midpoint ± radius
    /// covers `earliestSeconds...latestSeconds`.
    package var radiusSeconds: UInt32? {
        guard let midpointSeconds, let latestSeconds else { return nil }
        return UInt32(clamping: max(1, latestSeconds - midpointSeconds))
    }

    /// The draft's malfeasance report (§8.4.1) entries when verified answers break causal order: every
    /// verified answer in the order received, with `rand` (the blind) where the nonce was derived.
    package var malfeasanceEntries: [RoughtimeMalfeasanceEntry]? {
        guard case .untrustworthy(.inconsistent) = status else { return nil }
        return answers.compactMap { answer in
            guard answer.time != nil, let response = answer.response else { return nil }
            return RoughtimeMalfeasanceEntry(
                publicKey: Base64.encode(answer.server.publicKey.rawRepresentation),
                rand: answer.blind.isEmpty ? nil : Base64.encode(answer.blind),
                request: Base64.encode(answer.request), response: Base64.encode(response))
        }
    }

    /// The malfeasance report as JSON text (`application/roughtime-malfeasance+json`), when there is one.
    package var malfeasanceReport: String? {
        guard let entries = malfeasanceEntries else { return nil }
        let objects = entries.map { entry in
            var fields = ["\"publicKey\": \"\(entry.publicKey)\""]
            if let rand = entry.rand { fields.append("\"rand\": \"\(rand)\"") }
            fields.append("\"request\": \"\(entry.request)\"")
            fields.append("\"response\": \"\(entry.response)\"")
            return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
        }
        return "{\n  \"responses\": [\n" + objects.joined(separator: ",\n") + "\n  ]\n}"
    }
}

/// One response object of a malfeasance report (draft-ietf-ntp-roughtime-19 §8.4.1), every field base64.
package struct RoughtimeMalfeasanceEntry: Sendable, Equatable {
    /// The long-term key the response had to verify under.
    package var publicKey: String
    /// The 32 bytes the request's nonce was derived with from the previous entry's response; absent for the first.
    package var rand: String?
    /// The request packet as sent.
    package var request: String
    /// The response packet as received.
    package var response: String
}
