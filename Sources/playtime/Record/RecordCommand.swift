import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRoughtime
import PlaytimeSystem

/// `playtime record`: records one lifecycle event with this machine's real clocks.
enum RecordCommand: Command {
    static let name = "record"
    static let summary = "Record one lifecycle event with this machine's clocks into a journal"
    static let help = """
        USAGE: playtime record <background|foreground|launch|heartbeat> --journal FILE --key-file FILE
                               [--create-key] [--ntp SERVER]... [--roughtime SERVER=KEY]...
                               [--rate GOLD_PER_HOUR] [--policy-version V]
                               [--enrollment TEXT|@FILE] [--server URL --api-key KEY --player ID]
                               [--repair-torn-tail] [--json]
               playtime record anchor --journal FILE --key-file FILE (--token TOKEN | --server URL --api-key KEY --player ID)
                               [--repair-torn-tail] [--json]
               playtime record anchor-request --journal FILE --key-file FILE [--json]

        Appends one event (written and fsync'd before the command exits) with the wall clock, the boot clock
        (which counts sleep and cannot be set), the boot identity, network time if an NTP server answers, and
        connectivity. Each run is a separate process, as an app relaunch is: the journal carries the state.
        A new journal is version 2: the boot clock is written as the time since the boot segment's first
        record and the boot identity as a keyed pseudonym; the segment's origin is kept in FILE.boot beside
        the journal, which never leaves the device (docs/journal-format.md §13). With --json, the device's
        own clocks and the session's verdict are shown too (not written to the journal).

        OPTIONS:
          --journal FILE          The journal (created if absent). A regular file or nothing yet: a symbolic link
                                  is refused, as is a directory, FIFO, device or socket, and nothing is created.
          --key-file FILE         The journal key (hex text, at least 16 bytes). A regular file; a symbolic link
                                  is refused (name the file itself).
          --create-key            Create the key file when it does not exist, or replace it when it is empty or
                                  torn and the journal holds no record (one a journal depends on is kept: exit 2).
          --ntp SERVER            Ask this NTP server (repeatable; host, host:port, [v6]:port). Default: none.
          --roughtime SERVER=KEY  Ask this Roughtime server for signed time (repeatable, asked as a chain; SERVER
                                  as for --ntp, default port 2002; KEY its base64 Ed25519 public key). A
                                  background is then stamped right after it is written, and a return carries a
                                  fresh signed answer (docs/journal-format.md §12). Default: none.
          --rate GOLD_PER_HOUR    Earn rate to snapshot at background or heartbeat (default 600).
          --policy-version V      Reward policy version to snapshot (default: the embedded policy's).
          --repair-torn-tail      Cut a torn last line left by a crash instead of refusing.
          --json                  Print one JSON object.

        `record anchor` appends a game server's anchor token instead (see below).

        EXIT STATUS: 0 recorded (or a repeated event, nothing written); 2 usage error, bad key or corrupt journal.
        """ + "\n\n" + RecordLink.help + "\n\n" + RecordAnchor.help

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        let event: SessionEventKind
        let rate: Int64
        var servers: [NTPServer] = []
        var roughtimeServers: [RoughtimeServer] = []
        do throws(UsageError) {
            parsed = try scanArguments(
                arguments,
                valueOptions: Set(["--journal", "--key-file", "--ntp", "--roughtime", "--rate", "--policy-version"])
                    .union(RecordAnchor.valueOptions).union(RecordLink.valueOptions),
                flags: RecordAnchor.flags.union(["--create-key"]))
            if parsed.positionals == ["anchor"] { return RecordAnchor.run(parsed) }
            if parsed.positionals == ["anchor-request"] { return RecordAnchor.printRequest(parsed) }
            guard parsed.value("--token") == nil else { throw UsageError(description: "--token is for 'record anchor'") }
            guard parsed.positionals.count == 1, let kind = SessionEventKind(rawValue: parsed.positionals[0]),
                kind != .settlement
            else {
                throw UsageError(description: "name one event: background, foreground, launch or heartbeat")
            }
            event = kind
            guard parsed.value("--journal") != nil else { throw UsageError(description: "--journal FILE is required") }
            guard parsed.value("--key-file") != nil else { throw UsageError(description: "--key-file FILE is required") }
            rate = Int64(try parseInteger(parsed.value("--rate") ?? "600", option: "--rate", in: 0...Int.max))
            for text in parsed.values("--ntp") {
                guard let server = NTPServer(parsing: text) else { throw UsageError(description: serverSyntaxMessage(text)) }
                servers.append(server)
            }
            for text in parsed.values("--roughtime") {
                do { roughtimeServers.append(try RoughtimeServer(parsing: text)) } catch {
                    throw UsageError(description: "--roughtime \(text): \(error) (expected SERVER=BASE64KEY)")
                }
            }
        } catch {
            return usageFailure(error, command: name)
        }
        let journalPath = parsed.value("--journal") ?? ""
        let keyPath = parsed.value("--key-file") ?? ""
        let link: RecordLink
        do throws(UsageError) { link = try RecordLink(parsed) } catch { return usageFailure(error, command: name) }
        // Both paths are checked before anything is created: a refused journal leaves no new key behind.
        do { try requireJournalPath(journalPath) } catch {
            printError("playtime record: journal: \(error)")
            return ExitCode.usage
        }
        let key: JournalKey
        var enrollment: Enrollment?
        do {
            try requireKeyFilePath(keyPath)
            if link.isEnrolled {
                enrollment = try link.enrollmentToUse(journalPath: journalPath)
                key = try enrollment.map { (made) throws(LinkError) in try RecordLink.key(of: made, keyPath: keyPath) } ?? KeyFile.load(path: keyPath)
            } else if parsed.has("--create-key") {
                // Created when missing, and made again when empty or torn while no record was written under it; one
                // a journal depends on is never replaced (docs/journal-format.md §4).
                let origin: KeyFile.Origin
                (key, origin) = try KeyFile.loadOrCreate(path: keyPath, journalPath: journalPath)
                if case .replacedDamaged(let problem) = origin {
                    printError("playtime record: the key file \(keyPath) \(problem) and no record was written under it: replaced by a new key")
                }
            } else {
                key = try KeyFile.load(path: keyPath)
            }
        } catch {
            printError("playtime record: \(error)")
            return ExitCode.usage
        }
        var configuration = RecorderConfiguration()
        configuration.repairTornTail = parsed.has("--repair-torn-tail")
        let source: (any NetworkTimeSource)? = servers.isEmpty ? nil : NTPNetworkTimeSource(servers: servers)
        let clock = SystemClockSource()
        do {
            let recorder = try SessionRecorder(
                journalPath: journalPath, key: key, clock: clock, networkTime: source,
                connectivity: ConnectivityMonitor(probe: SystemConnectivityProbe(servers: servers), clock: clock),
                signedTime: roughtimeServers.isEmpty ? nil : RoughtimeSignedTimeSource(servers: roughtimeServers),
                configuration: configuration, journalID: enrollment.flatMap { Hex.decode($0.journalID) })
            // An enrolled journal begins with its enrollment anchor (durable before the event; nothing when it holds it).
            if let enrollment { _ = try recorder.recordEnrollment(enrollment.anchor) }
            let policy = parsed.value("--policy-version") ?? RewardPolicy.default.version
            let result: RecordedEvent
            switch event {
            case .background:
                result = try recorder.enteredBackground(goldPerHour: rate, policyVersion: policy)
                if !roughtimeServers.isEmpty, !result.duplicate, try await recorder.stampDeparture() == nil {
                    printError("playtime record: no signed stamp: no Roughtime server gave a verified answer (the departure is recorded)")
                }
            case .foreground: result = try await recorder.enteredForeground()
            case .launch: result = try await recorder.appLaunched()
            case .heartbeat, .settlement: result = try recorder.heartbeat(goldPerHour: rate, policyVersion: policy)
            }
            // The raw clocks this process sees, for the person at the terminal (never written to the journal, whose
            // version-2 readings are relative to its boot segment: docs/journal-format.md §13).
            let device = clock.read()
            var anchored: (token: String, sequence: UInt64?)?
            do { anchored = try link.anchor(recorder) } catch {
                printError("playtime record: the event is recorded; \(error)")
            }
            let journalID = Hex.encode(recorder.journalID)
            if parsed.has("--json") {
                print(RecordReport.json(result, device: device, anchorSequence: anchored.map { $0.sequence }, journalID: journalID))
            } else {
                print(RecordReport.text(result))
                if let anchored { print("  anchor        " + (anchored.sequence.map { "record #\($0), the server's time for this head" } ?? "already held")) }
            }
            return ExitCode.success
        } catch {
            printError("playtime record: \(journalPath): \(plainMessage(error))")
            if case .journal(.tornTail) = error {
                printError("Nothing was written. Run again with --repair-torn-tail to cut the torn line.")
            } else {
                printError("Nothing was written; the journal was left as it was.")
            }
            return ExitCode.usage
        }
    }
}

extension KeyFileError {
    /// True when the key file does not exist.
    var isMissingFile: Bool {
        if case .missing = self { return true }
        return false
    }
}
