import Foundation
import PlaytimeRoughtime

/// Renders a chained query's result as a table or as JSON.
enum RoughtimeReport {
    static func json(_ result: RoughtimeChainResult) -> String {
        JSONValue.object([
            ("status", .string(result.status.code)),
            ("midpointSeconds", result.midpointSeconds.map { .int(Int64(clamping: $0)) } ?? .null),
            ("radiusSeconds", result.radiusSeconds.map { .int(Int64($0)) } ?? .null),
            ("reason", .optional(reason(result.status))),
            ("servers", .array(result.answers.enumerated().map { server($1, position: $0, result: result) })),
            ("malfeasanceReport", malfeasance(result)),
        ]).text
    }

    static func table(_ result: RoughtimeChainResult) -> String {
        var lines = [
            "SERVER".padding(toLength: 28) + "STATUS".padding(toLength: 13) + "MIDPOINT (UTC)".padding(toLength: 22)
                + "RADIUS".padding(toLength: 8) + "VERSION".padding(toLength: 12) + "REASON"
        ]
        for (position, answer) in result.answers.enumerated() {
            let time = answer.time
            let row =
                answer.server.address.padding(toLength: 28) + status(answer).padding(toLength: 13)
                + (time.map { utc($0.midpointSeconds) } ?? "-").padding(toLength: 22)
                + (time.map { String($0.radiusSeconds) } ?? "-").padding(toLength: 8)
                + (time.map { version($0.version) } ?? "-").padding(toLength: 12)
                + (detail(answer, position: position, result: result) ?? "")
            lines.append(String(row.reversed().drop { $0 == " " }.reversed()))
        }
        if let midpoint = result.midpointSeconds, let radius = result.radiusSeconds {
            lines.append("\nresult: verified  \(utc(midpoint)) (Unix \(midpoint)) ± \(radius) s")
        } else {
            lines.append("\nresult: \(result.status.code)  " + (reason(result.status) ?? ""))
        }
        if let report = result.malfeasanceReport { lines.append("\nmalfeasance report:\n" + report) }
        return lines.joined(separator: "\n")
    }

    private static func server(_ answer: RoughtimeAnswer, position: Int, result: RoughtimeChainResult) -> JSONValue {
        let time = answer.time
        return .object([
            ("server", .string(answer.server.address)),
            ("status", .string(status(answer))),
            ("reason", .optional(reasonCode(answer, position: position, result: result))),
            ("detail", .optional(detail(answer, position: position, result: result))),
            ("midpointSeconds", time.map { .int(Int64(clamping: $0.midpointSeconds)) } ?? .null),
            ("radiusSeconds", time.map { .int(Int64($0.radiusSeconds)) } ?? .null),
            ("version", time.map { .int(Int64($0.version)) } ?? .null),
        ])
    }

    /// `verified`, `rejected`, `no-answer`, `dns-failure`, `no-route` or `unreachable`.
    private static func status(_ answer: RoughtimeAnswer) -> String {
        switch answer.outcome {
        case .success: "verified"
        case .failure(.rejected): "rejected"
        case .failure(let failure): failure.code
        }
    }

    /// The rejection's code, or `inconsistent` for a verified answer in a pair breaking causal order.
    private static func reasonCode(_ answer: RoughtimeAnswer, position: Int, result: RoughtimeChainResult) -> String? {
        switch answer.outcome {
        case .failure(let failure): failure.code
        case .success: violations(result).contains { $0.earlier == position || $0.later == position } ? "inconsistent" : nil
        }
    }

    private static func detail(_ answer: RoughtimeAnswer, position: Int, result: RoughtimeChainResult) -> String? {
        switch answer.outcome {
        case .failure(let failure): return failure.description
        case .success:
            let partners = violations(result).compactMap { pair -> Int? in
                pair.earlier == position ? pair.later : pair.later == position ? pair.earlier : nil
            }
            return partners.isEmpty ? nil : "breaks causal order with server " + partners.map { String($0 + 1) }.joined(separator: ", ")
        }
    }

    private static func violations(_ result: RoughtimeChainResult) -> [RoughtimePairViolation] {
        if case .untrustworthy(.inconsistent(let pairs)) = result.status { pairs } else { [] }
    }

    private static func reason(_ status: RoughtimeChainStatus) -> String? {
        switch status {
        case .verified: nil
        case .offline: "no route to any server and no usable network interface"
        case .untrustworthy(let distrust): distrust.description
        }
    }

    /// The draft's malfeasance report as a JSON object (§8.4.1), or null.
    private static func malfeasance(_ result: RoughtimeChainResult) -> JSONValue {
        guard let entries = result.malfeasanceEntries else { return .null }
        return .object([
            (
                "responses",
                .array(
                    entries.map { entry in
                        var fields: [(String, JSONValue)] = [("publicKey", .string(entry.publicKey))]
                        if let rand = entry.rand { fields.append(("rand", .string(rand))) }
                        fields.append(("request", .string(entry.request)))
                        fields.append(("response", .string(entry.response)))
                        return .object(fields)
                    })
            )
        ])
    }

    private static func version(_ value: UInt32) -> String { value == 1 ? "1" : "0x" + String(value, radix: 16) }

    /// `2026-12-01T08:30:00Z`-style UTC for Unix seconds (capped where nanoseconds would overflow).
    private static func utc(_ seconds: UInt64) -> String {
        let capped = min(seconds, UInt64(Int64.max / 1_000_000_000))
        return TimeFormatting.utc(Int64(capped) * 1_000_000_000).replacingOccurrences(of: ".000000000Z", with: "Z")
    }
}
