import Foundation
import PlaytimeAudit
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// A small journal damaged at every position (each byte flipped, each line cut in half, a bad block, a restored backup,
/// a sync tool): the next start of the game works and pays a new session in full, and the server, given every journal
/// the device holds, pays the new session in full and never more than the two sessions are worth (issue 29 item 5;
/// docs/guarantees.md, "Nothing lost"). Replays are U1's (docs/guarantees.md).
@Suite("A journal damaged at any byte")
struct DamagedJournalTests {
    static let hour: Int64 = 3_600_000_000_000
    static let account = "dana"

    /// Where the cases' directories go: memory when the machine has it (a few thousand starts of the game, each
    /// syncing its files), else the temporary directory.
    static func scratch() throws -> String {
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
        let path = base + "playtime-damaged-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A game in `directory` on `clock`, offline, under its own key (the server knows it, as a provisioned key).
    struct Game {
        let directory: String
        let clock: ManualClock

        func open() throws -> OfflineEarnings {
            var configuration = EarningsConfiguration()
            configuration.clock = clock
            configuration.networkTime = ManualNetworkTimeSource(clock: clock, mode: .offline)
            configuration.connectivityProbe = ScriptedConnectivityProbe()
            return try OfflineEarnings(directory: directory, configuration: configuration)
        }

        /// A 30 min session (two of them fill the account's provisional allowance of 1 h exactly, so a session paid
        /// twice would leave the other unpaid): what the device paid for it, and its id.
        func session(_ earnings: OfflineEarnings) async throws -> (gold: Int64, id: String) {
            try earnings.background(goldPerHour: 300)
            clock.advance(nanoseconds: DamagedJournalTests.hour / 2)
            let payout = try #require(try await earnings.foreground())
            clock.advance(nanoseconds: 1_000_000_000)
            return (payout.goldNow, payout.sessionID)
        }
    }

    /// A server's stores: the registry of accepted heads and the account's line of server time.
    struct Stores {
        let registry = InMemoryDeviceRegistry()
        let accounts = InMemoryAccountIntervalStore()
    }

    /// Uploads each journal in turn to a server with `stores`, judging at `now`: the gold paid in all, and for the
    /// session `id`.
    static func upload(_ journals: [[UInt8]], key: JournalKey, now: Int64, stores: Stores, session id: String) throws -> (total: Int64, session: Int64) {
        let gate = UploadGate(
            key: key, configuration: AuditConfiguration(serverNowNanoseconds: now), registry: stores.registry,
            accounts: stores.accounts)
        var total: Int64 = 0
        var session: Int64 = 0
        for journal in journals {
            // A header that does not verify (`notAJournal`): nothing in it can be judged.
            guard let decision = try judged(journal, gate: gate, now: now) else { continue }
            total += decision.payableGold
            session += decision.payments.filter { $0.sessionID == id }.reduce(0) { $0 + $1.gold }
        }
        return (total, session)
    }

    /// The gate's decision, `nil` for bytes whose header does not verify.
    static func judged(_ journal: [UInt8], gate: UploadGate, now: Int64) throws -> UploadDecision? {
        let result = Result { () throws(UploadError) in try gate.accept(bytes: journal, now: now, account: account) }
        if case .failure(.notAJournal) = result { return nil }
        return try result.get()
    }

    @Test("each byte flipped and each line cut: the next start works and pays a new session in full; the server never pays twice")
    func everyPosition() async throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // The journal the device holds: one 30 min session (header, departure, return, claim: about 1.3 KB).
        let base = Game(directory: scratch + "/base", clock: ManualClock())
        var earnings: OfflineEarnings? = try base.open()
        let first = try await base.session(earnings!)
        let key = earnings!.journalKey
        earnings = nil
        let journal = try FileSystem.readRegularFile(atPath: base.directory + "/journal.jsonl", byteLimit: 1 << 20)
        let files = try ["player.key", "journal.jsonl.boot"].map { ($0, try FileSystem.readRegularFile(atPath: base.directory + "/" + $0, byteLimit: 4096)) }
        let end = base.clock.read()

        // Undamaged, the next session in the same journal: what the device and the server pay for it.
        let intact = Game(
            directory: scratch + "/intact", clock: ManualClock(wallNanoseconds: end.wallNanoseconds, bootNanoseconds: end.bootNanoseconds, bootID: end.bootID))
        try Self.lay(journal, files, in: intact.directory)
        earnings = try intact.open()
        let second = try await intact.session(earnings!)
        earnings = nil
        let now = intact.clock.read().wallNanoseconds
        let owed = try Self.upload(
            [try FileSystem.readRegularFile(atPath: intact.directory + "/journal.jsonl", byteLimit: 1 << 20)],
            key: key, now: now, stores: Stores(), session: second.id)
        #expect(first.gold > 0 && second.gold == first.gold && owed.session > 0 && owed.total > owed.session)

        var variants: [(name: String, bytes: [UInt8])] = journal.indices.map { position in
            var damaged = journal
            damaged[position] ^= 0xff
            return ("byte \(position) flipped", damaged)
        }
        let lines = journal.split(separator: 0x0a, omittingEmptySubsequences: false).map(Array.init)
        for line in 0..<(lines.count - 1) {
            var cut = lines
            cut[line] = Array(cut[line].prefix(cut[line].count / 2))
            variants.append(("line \(line + 1) cut", Array(cut.joined(separator: [0x0a]))))
        }
        var setAside = 0
        for (index, variant) in variants.enumerated() {
            let game = Game(
                directory: scratch + "/case-\(index)",
                clock: ManualClock(wallNanoseconds: end.wallNanoseconds, bootNanoseconds: end.bootNanoseconds, bootID: end.bootID))
            try Self.lay(variant.bytes, files, in: game.directory)
            var opened: OfflineEarnings?
            do { opened = try game.open() } catch {
                Issue.record("\(variant.name): the next start failed: \(error)")
                continue
            }
            let kept = opened?.quarantinedJournal
            let next = try await game.session(try #require(opened))
            opened = nil
            #expect(next.gold == second.gold, "\(variant.name): the new session is paid \(next.gold), undamaged \(second.gold)")
            var held = [try FileSystem.readRegularFile(atPath: game.directory + "/journal.jsonl", byteLimit: 1 << 20)]
            if let kept {
                setAside += 1
                held.insert(try FileSystem.readRegularFile(atPath: kept.path, byteLimit: 1 << 20), at: 0)
            }
            let paid = try Self.upload(held, key: key, now: now, stores: Stores(), session: next.id)
            #expect(paid.session == owed.session, "\(variant.name): the server pays the new session \(paid.session), undamaged \(owed.session)")
            #expect(paid.total <= owed.total, "\(variant.name): the server paid \(paid.total), both sessions are worth \(owed.total)")
            try? FileManager.default.removeItem(atPath: game.directory)
        }
        print("damaged-journal variants: \(variants.count) of a \(journal.count)-byte journal, \(setAside) set aside")
        #expect(setAside > journal.count / 2, "most damage is set aside (the rest is a torn last line, cut): \(setAside) of \(variants.count)")
    }

    /// The device's files in `directory`: the key, the boot sidecar, and `journal` as the journal.
    static func lay(_ journal: [UInt8], _ files: [(String, [UInt8])], in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        try Data(journal).write(to: URL(fileURLWithPath: directory + "/journal.jsonl"))
    }
}
