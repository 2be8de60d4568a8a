import PlaytimeAudit
import PlaytimeGuard
import PlaytimeSystem

/// Prints audited sessions as a table, as JSON Lines, or (quiet) only their findings.
final class AuditOutput {
    private let json: Bool
    private let quiet: Bool

    init(json: Bool, quiet: Bool) {
        self.json = json
        self.quiet = quiet
    }

    private var headerPrinted = false
    /// Findings already shown on a session's row (or quiet line), so that the end prints only the rest once.
    private var shown: [AuditFinding: Int] = [:]

    private func printHeaderOnce() {
        guard !headerPrinted else { return }
        headerPrinted = true
        print(row(["SESSION", "JOURNAL", "STATUS", "METHOD", "PROOF", "CREDITED s", "GOLD", "CLAIMED", "FLAGS"]))
    }

    func session(_ session: AuditedSession) {
        if !json { for finding in session.findings { shown[finding, default: 0] += 1 } }
        let flags = session.verdict.flags.map(\.kind.rawValue) + session.findings.map(\.kind.rawValue)
        if json {
            print(JSONValue.object([
                ("sessionId", .string(session.sessionID)),
                ("journal", .string(session.journal)),
                ("status", .string(session.statusText)),
                ("method", .string(session.verdict.method.rawValue)),
                ("proof", .string(session.verdict.status.rawValue)),
                ("creditedSeconds", .int(session.verdict.creditedSeconds)),
                ("gold", .int(session.recomputedGold)),
                ("claimedGold", session.claimedGold.map { .int($0) } ?? .null),
                ("flags", .array(flags.map(JSONValue.string))),
                ("findings", .array(session.findings.map { .string($0.description) })),
            ]).text)
        } else if quiet {
            for finding in session.findings { print("finding: \(session.journal): \(finding)") }
        } else {
            printHeaderOnce()
            print(row([session.sessionID, session.journal, session.statusText, session.verdict.method.rawValue,
                       session.verdict.status.rawValue, String(session.verdict.creditedSeconds), String(session.recomputedGold),
                       session.claimedGold.map(String.init) ?? "-", flags.isEmpty ? "-" : flags.joined(separator: ",")]))
        }
    }

    func finish(_ summary: AuditSummary) {
        // Findings not shown on a session's row (chain breaks, malformed records, boot checks, cross-journal
        // checks) are printed here, each once.
        var loose: [AuditFinding] = []
        for finding in summary.findings {
            if let count = shown[finding], count > 0 { shown[finding] = count - 1 } else { loose.append(finding) }
        }
        if json {
            print(JSONValue.object([("summary", .object([
                ("status", .string(summary.isClean ? "clean" : "findings")),
                ("journals", .int(Int64(summary.journals))),
                ("records", .int(Int64(summary.records))),
                ("bytes", .int(summary.bytes)),
                ("sessions", .int(Int64(summary.sessions))),
                ("creditedSeconds", .int(summary.creditedSeconds)),
                ("recomputedGold", .int(summary.recomputedGold)),
                ("claimedGold", .int(summary.claimedGold)),
                ("findings", .array(summary.findings.map { finding in
                    .object([("kind", .string(finding.kind.rawValue)), ("journal", .string(finding.journal)),
                             ("sessionId", .optional(finding.sessionID)), ("sequence", finding.sequence.map { .int(Int64($0)) } ?? .null),
                             ("detail", .string(finding.detail))])
                })),
            ]))]).text)
            return
        }
        for finding in loose { print("finding: \(finding.journal): \(finding)") }
        print("")
        print("audited \(summary.journals) journal(s), \(summary.records) records, \(summary.sessions) sessions: "
              + "\(summary.creditedSeconds) s credited, \(summary.recomputedGold) gold justified, \(summary.claimedGold) gold claimed")
        print(summary.isClean ? "result: clean" : "result: \(summary.findings.count) finding(s): "
              + Set(summary.findings.map(\.kind.rawValue)).sorted().joined(separator: ", "))
    }

    private func row(_ cells: [String]) -> String {
        let widths = [17, 18, 9, 12, 12, 11, 9, 8, 0]
        return zip(cells, widths).map { $1 == 0 ? $0 : $0.padding(toLength: $1) }.joined()
    }
}

/// A session counter on standard error (only when it is a terminal), redrawn at most a few times a second.
final class AuditProgress {
    private var count = 0
    private var lastDraw: Int64 = 0

    func tick() {
        count += 1
        let now = SystemClock.bootNanoseconds()
        guard now - lastDraw > 250_000_000 else { return }
        lastDraw = now
        StandardStreams.writeErrorInPlace("audited \(count) sessions…")
    }

    func clear() {
        if lastDraw != 0 { StandardStreams.writeErrorInPlace("") }
    }
}
