import Foundation
import PlaytimeAudit
import PlaytimeJournal
import PlaytimeSystem

/// The counts a directory audit adds to its summary.
struct DirectoryCounts {
    /// Accounts whose journals were audited (a verified enrollment anchor named them).
    var accounts = 0
    /// Journals audited in the group of journals without a verified enrollment anchor.
    var unenrolledJournals = 0
    /// Regular files not audited or cut short: not journals, or not readable under the secret.
    var unreadableFiles = 0
}

/// `playtime audit --server-secret FILE DIR` (docs/fleet.md, "Fleet audits"): every regular file directly in
/// the directory is a journal; journals are grouped by the account their enrollment anchor names (read from
/// each file's first two lines only), each account's journals are audited together by one auditor (so the
/// cross-device checks stay inside an account), accounts run on `jobs` threads, and the output comes in
/// account order, then file-name order, whatever the number of threads.
struct DirectoryAudit: Sendable {
    let directory: String
    let probe: EnrollmentProbe
    let configuration: AuditConfiguration
    let json: Bool
    let quiet: Bool
    let jobs: Int

    /// One journal of a group: its file name and the journal id its key derives from.
    struct Entry: Sendable {
        var name: String
        var journalID: PackedJournalID
    }

    /// The journals of one account (`account` nil: the journals without a verified enrollment anchor).
    struct Group: Sendable {
        var account: String?
        var entries: [Entry]
    }

    /// What auditing one group printed and found.
    struct GroupResult {
        var lines: [String]
        var errors: [String]
        var summary: AuditSummary
        var unreadable: Int
    }

    /// Runs the audit; returns the exit status (2 when a file could not be read as a journal, after auditing
    /// every other one).
    func run() -> Int32 {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
            printError("playtime audit: cannot list the files of the directory \(directory)")
            return ExitCode.usage
        }
        var counts = DirectoryCounts()
        let groups = group(names, counts: &counts)
        counts.accounts = groups.filter { $0.account != nil }.count
        let output = AuditOutput(json: json, quiet: quiet)
        if !groups.isEmpty { output.printHeaderOnce() }
        var total = AuditSummary()
        let workers = OrderedWorkers<GroupResult>(count: groups.count, window: 2 * jobs) { index in audit(groups[index]) }
        workers.run(workers: jobs) { _, result in
            if !result.lines.isEmpty { print(result.lines.joined(separator: "\n")) }
            for error in result.errors { printError(error) }
            counts.unreadableFiles += result.unreadable
            Self.add(result.summary, to: &total)
        }
        output.finishTotals(total, directory: counts)
        if counts.unreadableFiles > 0 { return ExitCode.usage }
        return total.isClean ? ExitCode.success : ExitCode.findings
    }

    /// Probes every regular file on `jobs` threads and groups the journals by account (accounts in order, the
    /// unenrolled group last; file names in order within each). Reports unreadable and unenrolled files.
    private func group(_ names: [String], counts: inout DirectoryCounts) -> [Group] {
        let results = ProbeResults(count: names.count)
        let directory = directory
        let probe = probe
        concurrentForEach(count: names.count, workers: jobs) { index in
            let path = directory + "/" + names[index]
            // Only regular files are journals: symbolic links, subdirectories and special files are skipped.
            guard (try? FileSystem.kind(ofPath: path, followingLinks: false)) == .regular else { return }
            results.set(index, probe.probe(path: path))
        }
        var accounts: [String: [Entry]] = [:]
        var unenrolled: [Entry] = []
        for (index, name) in names.enumerated() {
            switch results.get(index) {
            case nil: continue
            case .enrolled(let account, let journalID)?: accounts[account, default: []].append(Entry(name: name, journalID: journalID))
            case .unenrolled(let journalID, let reason)?:
                printError("playtime audit: \(directory)/\(name): no verified enrollment anchor (\(reason)); audited with the other such journals")
                unenrolled.append(Entry(name: name, journalID: journalID))
            case .unreadable(let reason)?:
                printError("playtime audit: \(directory)/\(name): \(reason); not audited")
                counts.unreadableFiles += 1
            }
        }
        counts.unenrolledJournals = unenrolled.count
        var groups = accounts.keys.sorted().map { Group(account: $0, entries: accounts[$0]!) }
        if !unenrolled.isEmpty { groups.append(Group(account: nil, entries: unenrolled)) }
        return groups
    }

    /// Audits one account's journals with one auditor, buffering what it prints.
    private func audit(_ group: Group) -> GroupResult {
        var lines: [String] = []
        var errors: [String] = []
        var unreadable = 0
        let output = AuditOutput(json: json, quiet: quiet, headerPrinted: true) { lines.append($0) }
        if json {
            output.account = group.account.map(JSONValue.string) ?? .null
        } else if !quiet || group.account == nil {
            let title = group.account.map { "account \(JSONValue.string($0).text)" } ?? "journals without a verified enrollment anchor"
            lines.append("\(title): \(group.entries.count) journal(s)")
        }
        let auditor = SessionAuditor(
            key: probe.key(for: group.entries[0].journalID), configuration: configuration,
            crossDeviceChecks: group.entries.count > 1, judgesConcurrently: false)
        for entry in group.entries {
            let path = directory + "/" + entry.name
            do {
                let file = try OpenFile(readingAt: path, accepting: [.regular])
                let findings = try auditor.audit(file: file, name: path, key: probe.key(for: entry.journalID)) { output.session($0) }
                if let broken = findings.first(where: { $0.kind == .chainBroken && AuditCommand.isUnreadable($0) }) {
                    errors.append("playtime audit: \(path) is not a readable journal under this secret: \(broken.detail)")
                    unreadable += 1
                }
            } catch {
                errors.append("playtime audit: \(path): \(plainMessage(error))")
                unreadable += 1
            }
        }
        let summary = auditor.finish()
        output.printLooseFindings(summary)
        return GroupResult(lines: lines, errors: errors, summary: summary, unreadable: unreadable)
    }

    /// Adds one group's totals to the directory's (saturating, as the auditor's own totals).
    private static func add(_ part: AuditSummary, to total: inout AuditSummary) {
        total.journals += part.journals
        total.records += part.records
        total.bytes += part.bytes
        total.sessions += part.sessions
        total.creditedSeconds = Saturating.add(total.creditedSeconds, max(0, part.creditedSeconds))
        total.recomputedGold = Saturating.add(total.recomputedGold, max(0, part.recomputedGold))
        total.claimedGold = Saturating.add(total.claimedGold, max(0, part.claimedGold))
        total.findings += part.findings
    }
}

/// The probe result of each file, written by the probing threads, each at its own index.
///
/// Ownership: every index is written by one thread once, and read after all threads are done, hence
/// `@unchecked Sendable`.
private final class ProbeResults: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<EnrollmentProbeResult?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func set(_ index: Int, _ result: EnrollmentProbeResult) { storage[index] = result }
    func get(_ index: Int) -> EnrollmentProbeResult? { storage[index] }
}
