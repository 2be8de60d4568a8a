import Foundation
import PlaytimeAudit
import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRoughtime
import PlaytimeSystem

/// `playtime audit`: verifies saved sessions the way a game server does.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "Verify journals: chain, verdicts, rewards, claims and cross-session invariants"
    static let help = """
        USAGE: playtime audit (--key-file FILE | --server-secret FILE) [--policy FILE] [--max-rate GOLD_PER_HOUR] [--now TIME]
                              [--roughtime-keys FILE] [--require-signed-time] [--json | --quiet] JOURNAL... | -
               playtime audit --server-secret FILE [--jobs N] [other options as above] DIRECTORY

        Streams each journal in constant memory (`-` reads standard input, at most once; a journal is a regular
        file or a pipe), verifies its MAC chain, recomputes
        every session's verdict and reward, compares them with the game's claims, and checks invariants across
        sessions and journals (one journal per device of the same player): overlapping sessions, boot-clock
        continuity, credited time within the journals' span, duplicate sessions, rate changes, and the daily
        budget, which counts the gold of every session (claimed or not) in a rolling 24 h. Each session is
        judged at its snapshotted rate, at most the rate ceiling (--max-rate).

        OPTIONS:
          --key-file FILE   The journals' key (hex text). Also read from PLAYTIME_KEY_FILE. A regular file; a
                            symbolic link is refused (name the file itself).
          --server-secret FILE
                            The game server's secret (hex text, the server's ticket secret): each journal the
                            server enrolled is verified under the key derived from it and the journal id in its
                            header (docs/anchors.md), so no per-player key is needed. Journals are named files.
          DIRECTORY         With --server-secret, a fleet audit (docs/fleet.md): every regular file directly in
                            DIRECTORY is a journal (not recursive; symbolic links, subdirectories and special
                            files are skipped). Journals are grouped by the account their first record, an
                            enrollment anchor verified under the secret, names; each account's journals are
                            audited together (cross-device checks within an account, never across accounts);
                            journals without a verified enrollment anchor form one group of their own, named on
                            standard error. Output: by account, then file name; the summary is the sum. A file
                            that is not a readable journal is named on standard error and the others are
                            audited (exit status 2). Memory is bounded by the largest account.
          --jobs N          Threads auditing accounts at once (default: one per core).
          --policy FILE     The reward policy to recompute with (default: the embedded policy).
          --max-rate GOLD_PER_HOUR
                            The rate ceiling: a session whose departure snapshotted a higher rate is judged at
                            this one, with a rate-above-ceiling finding. Default: the policy's rate at its
                            largest tier share (at least 100 %) times its largest multiplier (\(AuditConfiguration.defaultMaximumGoldPerHour(for: .default)) gold/h
                            for the embedded policy).
          --now TIME        Judge as of the game server's clock at TIME (default: this machine's clock now):
                            network time later than TIME is not trusted. RFC 3339, such as
                            2026-12-01T06:00:00Z or 2026-12-01T07:00:00.5+01:00, or Unix seconds, such as
                            1796104800 or 1796104800.25.
          --roughtime-keys FILE
                            The operator's Roughtime public keys, one base64 Ed25519 key a line (blank lines
                            and lines starting with # are skipped): signed time under them proves time away
                            without trusting the journal key (method signedTime; docs/journal-format.md §12).
          --require-signed-time
                            Without signed time at both ends a session is at most provisional (worth the
                            policy's provisional cap). Needs --roughtime-keys.
          --json            JSON Lines: one object per session, then one summary object.
          --quiet           Only findings and the summary (no per-session table).

        EXIT STATUS: 0 clean; 1 findings; 2 usage error or unreadable input (not a journal, wrong key; in a
        directory, after the other journals are audited and the summary printed).
        Progress goes to standard error, only when it is a terminal. A reader that leaves early (| head)
        ends the output quietly; the exit status is still the audit's.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        var serverNow = SystemClock.wallNanoseconds()
        var maximumRate: Int64?
        var directory: String?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        do throws(UsageError) {
            parsed = try scanArguments(
                arguments, valueOptions: ["--key-file", "--server-secret", "--policy", "--max-rate", "--now", "--roughtime-keys", "--jobs"],
                flags: ["--json", "--quiet", "--require-signed-time"])
            guard !parsed.has("--require-signed-time") || parsed.value("--roughtime-keys") != nil else {
                throw UsageError(description: "--require-signed-time needs --roughtime-keys FILE")
            }
            guard !parsed.positionals.isEmpty else { throw UsageError(description: "name at least one journal, or - for standard input") }
            guard parsed.positionals.filter({ $0 == "-" }).count <= 1 else { throw UsageError(description: "standard input named twice") }
            guard !(parsed.has("--json") && parsed.has("--quiet")) else { throw UsageError(description: "--json and --quiet exclude each other") }
            if let text = parsed.value("--now") { serverNow = try parseInstant(text, option: "--now") }
            if let text = parsed.value("--max-rate") { maximumRate = Int64(try parseInteger(text, option: "--max-rate", in: 0...Int.max)) }
            directory = parsed.positionals.first { (try? FileSystem.kind(ofPath: $0, followingLinks: true)) == .directory }
            if let directory {
                guard parsed.positionals.count == 1 else { throw UsageError(description: "a directory (\(directory)) is audited alone: name no other journal") }
                guard parsed.value("--server-secret") != nil, parsed.value("--key-file") == nil else {
                    throw UsageError(
                        description: "\(directory) is a directory: a directory of journals needs --server-secret FILE "
                            + "(journals are grouped by the account their enrollment names)")
                }
            }
            if let text = parsed.value("--jobs") {
                guard directory != nil else { throw UsageError(description: "--jobs applies to a directory of journals") }
                jobs = try parseInteger(text, option: "--jobs", in: 1...1024)
            }
        } catch {
            return usageFailure(error, command: name)
        }
        var configuration = AuditConfiguration(serverNowNanoseconds: serverNow)
        if let policyPath = parsed.value("--policy") {
            do { configuration.policy = try RewardPolicy.load(contentsOf: policyPath) } catch {
                printError("playtime audit: \(error)")
                return ExitCode.usage
            }
        }
        configuration.maximumGoldPerHour = maximumRate ?? AuditConfiguration.defaultMaximumGoldPerHour(for: configuration.policy)
        if let keysPath = parsed.value("--roughtime-keys") {
            do { configuration.roughtimeKeys = try RoughtimeKeyFile.load(path: keysPath) } catch {
                printError("playtime audit: \(error)")
                return ExitCode.usage
            }
            configuration.verdict.requireSignedTime = parsed.has("--require-signed-time")
        }
        if let directory, let secretPath = parsed.value("--server-secret") {
            let secret: [UInt8]
            do {
                try requireKeyFilePath(secretPath)
                secret = try KeyFile.loadBytes(path: secretPath)
            } catch {
                printError("playtime audit: \(error)")
                return ExitCode.usage
            }
            return DirectoryAudit(
                directory: directory, probe: EnrollmentProbe(serverSecret: secret), configuration: configuration,
                json: parsed.has("--json"), quiet: parsed.has("--quiet"), jobs: jobs
            ).run()
        }
        let keys: JournalKeys
        do {
            keys = try JournalKeys(
                keyFile: parsed.value("--key-file") ?? environmentValue("PLAYTIME_KEY_FILE").flatMap({ $0.isEmpty ? nil : $0 }),
                serverSecret: parsed.value("--server-secret"), journals: parsed.positionals)
        } catch let error as UsageError {
            return usageFailure(error, command: name)
        } catch {
            printError("playtime audit: \(error)")
            return ExitCode.usage
        }
        let key = keys.first
        let auditor = SessionAuditor(key: key, configuration: configuration, crossDeviceChecks: parsed.positionals.count > 1)
        let output = AuditOutput(json: parsed.has("--json"), quiet: parsed.has("--quiet"))
        let progress = StandardStreams.errorIsTerminal ? AuditProgress() : nil
        for path in parsed.positionals {
            let file: OpenFile
            do {
                file = path == "-" ? OpenFile(takingOwnershipOf: 0) : try OpenFile(readingAt: path, accepting: [.regular, .fifo])
            } catch {
                printError("playtime audit: \(error)")
                return ExitCode.usage
            }
            do {
                let findings = try auditor.audit(file: file, name: path, key: keys.key(for: path)) { session in
                    output.session(session)
                    progress?.tick()
                }
                if let unreadable = findings.first(where: { $0.kind == .chainBroken && Self.isUnreadable($0) }) {
                    progress?.clear()
                    printError("playtime audit: \(path) is not a readable journal under this key: \(unreadable.detail)")
                    return ExitCode.usage
                }
            } catch {
                progress?.clear()
                printError("playtime audit: \(path): \(plainMessage(error))")
                return ExitCode.usage
            }
        }
        progress?.clear()
        let summary = auditor.finish()
        output.finish(summary)
        return summary.isClean ? ExitCode.success : ExitCode.findings
    }

    /// A chain that failed at its header (garbage, wrong key, unknown version) was never a readable journal.
    static func isUnreadable(_ finding: AuditFinding) -> Bool {
        let detail = finding.detail
        return finding.sequence == 1 || detail.hasPrefix("wrong-key") || detail.hasPrefix("unsupported-version")
    }
}

/// Reads one environment variable.
func environmentValue(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
}
