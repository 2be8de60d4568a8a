import PlaytimeAudit
import PlaytimeGuard
import PlaytimeSystem

/// Prints audited sessions as a table, as JSON Lines, or (quiet) only their findings.
final class AuditOutput {
    private let json: Bool
    private let quiet: Bool
    /// Where lines go (standard output, or a fleet audit's per-account buffer).
    private let write: (String) -> Void
    /// In a directory audit, the account of the sessions printed (`null`: no verified enrollment anchor);
    /// JSON sessions then carry it (docs/audit-json.md).
    var account: JSONValue?

    init(json: Bool, quiet: Bool, headerPrinted: Bool = false, write: @escaping (String) -> Void = { Swift.print($0) }) {
        self.json = json
        self.quiet = quiet
        self.headerPrinted = headerPrinted
        self.write = write
    }

    private var headerPrinted: Bool
    /// Findings already shown on a session's row (or quiet line), so that the end prints only the rest once.
    private var shown: [AuditFinding: Int] = [:]

    private func print(_ line: String) { write(line) }

    /// Prints the table's header unless it was printed (table output only).
    func printHeaderOnce() {
        guard !headerPrinted, !json, !quiet else { return }
        headerPrinted = true
        print(row(["SESSION", "JOURNAL", "STATUS", "METHOD", "PROOF", "CREDITED s", "GOLD", "CLAIMED", "FLAGS"]))
    }

    func session(_ session: AuditedSession) {
        if !json { for finding in session.findings { shown[finding, default: 0] += 1 } }
        let flags = session.verdict.flags.map(\.kind.rawValue) + session.findings.map(\.kind.rawValue)
        if json {
            print(
                JSONValue.object(
                    (account.map { [("account", $0)] } ?? []) + [
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
                    ]
                ).text)
        } else if quiet {
            for finding in session.findings { print("finding: \(session.journal): \(finding)") }
        } else {
            printHeaderOnce()
            print(
                row([
                    session.sessionID, session.journal, session.statusText, session.verdict.method.rawValue,
                    session.verdict.status.rawValue, String(session.verdict.creditedSeconds), String(session.recomputedGold),
                    session.claimedGold.map(String.init) ?? "-", flags.isEmpty ? "-" : flags.joined(separator: ","),
                ]))
        }
    }

    /// Prints the findings of `summary` not shown on a session's row (chain breaks, malformed records, boot
    /// checks, cross-journal checks), each once (not in JSON, whose summary lists every finding).
    func printLooseFindings(_ summary: AuditSummary) {
        guard !json else { return }
        var loose: [AuditFinding] = []
        for finding in summary.findings {
            if let count = shown[finding], count > 0 { shown[finding] = count - 1 } else { loose.append(finding) }
        }
        for finding in loose { print("finding: \(finding.journal): \(finding)") }
    }

    func finish(_ summary: AuditSummary) {
        printLooseFindings(summary)
        finishTotals(summary, directory: nil)
    }

    /// Prints the summary (its loose findings already printed); `directory` adds a directory audit's counts.
    func finishTotals(_ summary: AuditSummary, directory: DirectoryCounts?) {
        if json {
            let counts: [(String, JSONValue)] =
                directory.map {
                    [
                        ("accounts", .int(Int64($0.accounts))), ("unenrolledJournals", .int(Int64($0.unenrolledJournals))),
                        ("unreadableFiles", .int(Int64($0.unreadableFiles))),
                    ]
                } ?? []
            let fields: [(String, JSONValue)] = [
                ("status", .string(summary.isClean ? "clean" : "findings")),
                ("journals", .int(Int64(summary.journals))),
                ("records", .int(Int64(summary.records))),
                ("bytes", .int(summary.bytes)),
                ("sessions", .int(Int64(summary.sessions))),
                ("creditedSeconds", .int(summary.creditedSeconds)),
                ("recomputedGold", .int(summary.recomputedGold)),
                ("claimedGold", .int(summary.claimedGold)),
                (
                    "findings",
                    .array(
                        summary.findings.map { finding in
                            .object([
                                ("kind", .string(finding.kind.rawValue)), ("journal", .string(finding.journal)),
                                ("sessionId", .optional(finding.sessionID)), ("sequence", finding.sequence.map { .int(Int64($0)) } ?? .null),
                                ("detail", .string(finding.detail)),
                            ])
                        })
                ),
            ]
            print(JSONValue.object([("summary", .object(fields + counts))]).text)
            return
        }
        print("")
        if let directory {
            print(
                "accounts: \(directory.accounts); journals without a verified enrollment anchor: \(directory.unenrolledJournals); "
                    + "files not audited (not readable journals, see standard error): \(directory.unreadableFiles)")
        }
        print(
            "audited \(summary.journals) journal(s), \(summary.records) records, \(summary.sessions) sessions: "
                + "\(summary.creditedSeconds) s credited, \(summary.recomputedGold) gold justified, \(summary.claimedGold) gold claimed")
        print(
            summary.isClean
                ? "result: clean"
                : "result: \(summary.findings.count) finding(s): "
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
