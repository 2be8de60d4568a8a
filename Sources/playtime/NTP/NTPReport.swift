import PlaytimeNTP

/// Renders a check's result as a table or as JSON.
enum NTPReport {
    static func table(fix: NTPFix) -> String {
        let agreeing = fix.servers.filter { $0.status == .ok }.count
        return rows(fix.servers) + "\nresult: ok  offset \(signed(fix.offsetNanoseconds)) s ± \(seconds(fix.errorBoundNanoseconds)) s"
            + "  delay \(seconds(fix.delayNanoseconds)) s  stratum \(fix.stratum)  (\(agreeing) of \(fix.servers.count) servers agree)"
    }

    static func table(error: NTPError) -> String {
        rows(error.servers) + "\nresult: \(error.kind.rawValue)  " + explanation(error.kind)
    }

    static func json(fix: NTPFix) -> String {
        JSONValue.object([
            ("status", .string("ok")),
            ("offsetSeconds", .seconds(fix.offsetNanoseconds)),
            ("errorBoundSeconds", .seconds(fix.errorBoundNanoseconds)),
            ("delaySeconds", .seconds(fix.delayNanoseconds)),
            ("stratum", .int(Int64(fix.stratum))),
            ("servers", .array(fix.servers.map(server))),
        ]).text
    }

    static func json(error: NTPError) -> String {
        JSONValue.object([
            ("status", .string(error.kind.rawValue)),
            ("offsetSeconds", .null),
            ("errorBoundSeconds", .null),
            ("delaySeconds", .null),
            ("stratum", .null),
            ("reason", .string(explanation(error.kind))),
            ("servers", .array(error.servers.map(server))),
        ]).text
    }

    private static func server(_ outcome: NTPServerOutcome) -> JSONValue {
        .object([
            ("server", .string(outcome.server)),
            ("address", .optional(outcome.address)),
            ("status", .string(outcome.status.rawValue)),
            ("reason", .optional(outcome.reason)),
            ("reasonCode", .optional(outcome.reasonCode)),
            ("offsetSeconds", .seconds(outcome.sample?.offsetNanoseconds)),
            ("delaySeconds", .seconds(outcome.sample?.delayNanoseconds)),
            ("stratum", outcome.sample.map { .int(Int64($0.stratum)) } ?? .null),
            ("reused", .bool(outcome.reused)),
        ])
    }

    private static func rows(_ servers: [NTPServerOutcome]) -> String {
        var lines = [
            "SERVER".padding(toLength: 26) + "STATUS".padding(toLength: 15) + "OFFSET s".padding(toLength: 14)
                + "DELAY s".padding(toLength: 11) + "STRATUM  REASON"
        ]
        for outcome in servers {
            let sample = outcome.sample
            lines.append(
                outcome.server.padding(toLength: 26) + outcome.status.rawValue.padding(toLength: 15)
                    + (sample.map { signed($0.offsetNanoseconds) } ?? "-").padding(toLength: 14)
                    + (sample.map { seconds($0.delayNanoseconds) } ?? "-").padding(toLength: 11)
                    + (sample.map { String($0.stratum) } ?? "-").padding(toLength: 9)
                    + (outcome.reason ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    private static func explanation(_ kind: NTPError.Kind) -> String {
        switch kind {
        case .offline: return "no route to any server and no usable network interface"
        case .dnsFailure: return "no server name resolved"
        case .unreachable: return "no server answered (timed out, or the port refused)"
        case .rejected: return "every reply failed validation"
        case .noMajority: return "the servers that answered do not agree"
        case .noServers: return "no servers given"
        }
    }

    private static func seconds(_ nanoseconds: Int64) -> String {
        let micros = (nanoseconds.magnitude + 500) / 1000
        let fraction = String(micros % 1_000_000)
        return String(micros / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    private static func signed(_ nanoseconds: Int64) -> String {
        (nanoseconds < 0 ? "-" : "+") + seconds(nanoseconds)
    }
}
