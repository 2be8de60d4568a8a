import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// `playtime record anchor`: appends one server anchor (docs/journal-format.md §14) to a journal.
enum RecordAnchor {
    /// The options `record anchor` takes; every other `record` option is refused with it.
    static let valueOptions: Set<String> = ["--journal", "--key-file", "--token", "--server", "--api-key", "--player"]
    static let flags: Set<String> = ["--json", "--repair-torn-tail"]

    static let help = """
        RECORD ANCHOR:
        Appends the server anchor TOKEN (the `pa1.` text a game server issued for this journal at its current
        head) as an `anchor` record, written and fsync'd before the command exits, with the checks the game's
        facade makes: the token must be well formed, name this journal's id and its last record (sequence and
        MAC); nothing is written otherwise. A token the journal already holds writes nothing (exit 0). The journal
        must exist (a token names its head). Exit status 2 when the token is refused.
        The command reads the journal's head and the clock just before appending, so it records the token as
        answered at that instant: a round trip of about zero, making the token's time a fix of network time
        with no error beyond it for this boot (later departures carry it). Hand it a token fresh from the server;
        a game measures the real round trip instead (OfflineEarnings.anchorRequest / recordAnchor). Sessions of
        this boot waiting for proof are settled by it, as the facade settles them (no claims are written here).
        """

    static func run(_ parsed: ParsedArguments) -> Int32 {
        let extra = parsed.options.keys.filter { !valueOptions.contains($0) } + parsed.flags.filter { !flags.contains($0) }
        guard extra.isEmpty else { return usage("record anchor does not take \(extra.sorted().joined(separator: ", "))") }
        guard let journalPath = parsed.value("--journal") else { return usage("--journal FILE is required") }
        guard let keyPath = parsed.value("--key-file") else { return usage("--key-file FILE is required") }
        let link: RecordLink
        do throws(UsageError) { link = try RecordLink(parsed) } catch { return usageFailure(error, command: "record") }
        guard (parsed.value("--token") == nil) != (parsed.value("--server") == nil) else {
            return usage("name the anchor: --token TOKEN, or --server URL --api-key KEY --player ID to ask for it")
        }
        let key: JournalKey
        do {
            try requireJournalPath(journalPath)
            try requireKeyFilePath(keyPath)
            key = try KeyFile.load(path: keyPath)
        } catch {
            printError("playtime record anchor: \(plainMessage(error))")
            return ExitCode.usage
        }
        // An anchor names a journal's head: it is never the first thing in a file.
        guard (try? FileSystem.kindRefusingLink(atPath: journalPath, access: .write)) == .regular else {
            printError("playtime record anchor: \(journalPath): no journal there; an anchor names the head of an existing journal")
            return ExitCode.usage
        }
        var configuration = RecorderConfiguration()
        configuration.repairTornTail = parsed.has("--repair-torn-tail")
        do {
            let recorder = try SessionRecorder(
                journalPath: journalPath, key: key, clock: SystemClockSource(), networkTime: nil,
                configuration: configuration)
            let token: String
            let written: (sequence: UInt64?, settlements: [RecordedEvent])
            if let given = parsed.value("--token") {
                token = given
                written = try recorder.recordAnchor(token, for: recorder.anchorRequest())
            } else {
                do {
                    guard let fetched = try link.anchor(recorder) else { return usage("--server URL is required") }
                    token = fetched.token
                    written = (fetched.sequence, [])
                } catch {
                    printError("playtime record anchor: \(journalPath): \(error)")
                    printError("Nothing was written; the journal was left as it was.")
                    return ExitCode.usage
                }
            }
            let anchor = try ServerAnchor(text: token)
            print(parsed.has("--json") ? json(written, anchor: anchor) : text(written, anchor: anchor))
            return ExitCode.success
        } catch {
            printError("playtime record anchor: \(journalPath): \(plainMessage(error))")
            printError("Nothing was written; the journal was left as it was.")
            return ExitCode.usage
        }
    }

    /// `record anchor-request`: the journal's anchor request (`pr1.…`), what a backend sends to the service's anchors
    /// operation (docs/service.md); the answer goes to `record anchor --token`.
    static func printRequest(_ parsed: ParsedArguments) -> Int32 {
        let extra = parsed.options.keys.filter { !["--journal", "--key-file"].contains($0) } + parsed.flags.filter { $0 != "--json" }
        guard extra.isEmpty, parsed.positionals.count == 1 else { return usage("record anchor-request takes --journal FILE --key-file FILE [--json]") }
        guard let journalPath = parsed.value("--journal") else { return usage("--journal FILE is required") }
        guard let keyPath = parsed.value("--key-file") else { return usage("--key-file FILE is required") }
        guard (try? FileSystem.kindRefusingLink(atPath: journalPath, access: .read)) == .regular else {
            printError("playtime record anchor-request: \(journalPath): no journal there")
            return ExitCode.usage
        }
        do {
            let key = try KeyFile.load(path: keyPath)
            let recorder = try SessionRecorder(journalPath: journalPath, key: key, clock: SystemClockSource(), networkTime: nil)
            let request = recorder.anchorRequest()
            if parsed.has("--json") {
                print(
                    JSONValue.object([
                        ("request", .string(request.text)), ("journalId", .string(request.journalID)),
                        ("headSequence", .int(Int64(clamping: request.headSequence))),
                    ]).text)
            } else {
                print(request.text)
            }
            return ExitCode.success
        } catch {
            printError("playtime record anchor-request: \(journalPath): \(plainMessage(error))")
            return ExitCode.usage
        }
    }

    private static func usage(_ problem: String) -> Int32 {
        usageFailure(UsageError(description: problem), command: "record")
    }

    private static func text(_ written: (sequence: UInt64?, settlements: [RecordedEvent]), anchor: ServerAnchor) -> String {
        var lines = [written.sequence.map { "anchor: record #\($0)" } ?? "anchor: nothing written (the journal already holds this token)"]
        lines.append("  server time   " + TimeFormatting.utc(anchor.serverNanoseconds) + " (the server's clock when it issued the token)")
        lines.append("  names head    record #\(anchor.headSequence) of journal \(anchor.journalID)")
        if !written.settlements.isEmpty { lines.append("  settled       \(written.settlements.map(\.evidence.sessionID).joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    private static func json(_ written: (sequence: UInt64?, settlements: [RecordedEvent]), anchor: ServerAnchor) -> String {
        JSONValue.object([
            ("sequence", written.sequence.map { .int(Int64($0)) } ?? .null),
            ("duplicate", .bool(written.sequence == nil)),
            ("serverNanoseconds", .int(anchor.serverNanoseconds)),
            ("journalId", .string(anchor.journalID)),
            ("headSequence", .int(Int64(clamping: anchor.headSequence))),
            ("settled", .array(written.settlements.map { .string($0.evidence.sessionID) })),
        ]).text
    }
}
