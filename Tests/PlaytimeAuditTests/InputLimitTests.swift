import Foundation
import PlaytimeAudit
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

/// Every limit of ``InputLimits``: at the limit the input is judged, one beyond it is refused with a typed
/// error that names the limit and its figure, and nothing is paid (docs/fleet.md, "Limits and cost").
@Suite("Input limits")
struct InputLimitTests {
    /// Uploads `bytes` under `limits`; the decision or the refusal.
    static func upload(
        _ bytes: [UInt8], key: JournalKey, in directory: TemporaryJournalDirectory,
        limits: (inout InputLimits) -> Void
    ) throws -> Result<UploadDecision, UploadError> {
        let path = directory.file("upload-\(UUID().uuidString)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var configuration = AuditConfiguration(serverNowNanoseconds: 0)
        configuration.limits = InputLimits()
        limits(&configuration.limits)
        let gate = UploadGate(
            key: key, configuration: configuration, registry: InMemoryDeviceRegistry(),
            accounts: InMemoryAccountIntervalStore())
        let file = try OpenFile(path: path, options: [])
        do { return .success(try gate.accept(file: file, now: CostlyJournals.judgedAfter, account: "player")) } catch { return .failure(error) }
    }

    static func refusal(_ result: Result<UploadDecision, UploadError>) -> LimitExceeded? {
        guard case .failure(.overLimit(let exceeded)) = result else { return nil }
        return exceeded
    }

    @Test("the defaults: 32 MiB, 200 000 records, 50 000 sessions, 100 000 claims, 64 names per claim, 64 held returns; the auditor refuses nothing by default")
    func defaults() {
        let limits = InputLimits()
        #expect(limits.bytesPerUpload == 33_554_432)
        #expect(limits.records == 200_000)
        #expect(limits.sessions == 50_000)
        #expect(limits.claims == 100_000)
        #expect(limits.multipliersPerClaim == 64)
        #expect(limits.heldReturns == 64)
        // The auditor refuses nothing by default (an archive of any size is judged) and holds as many returns.
        let audit = AuditConfiguration(serverNowNanoseconds: 0).limits
        #expect(audit == InputLimits.unlimited)
        #expect(audit.records == .max && audit.sessions == .max && audit.claims == .max && audit.multipliersPerClaim == .max)
        #expect(audit.heldReturns == 64)
    }

    @Test("bytes per upload: refused before anything is read beyond the limit, judged at it")
    func bytes() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let journal = try CostlyJournals.networkSessions(count: 3, key: directory.key)
        let over = try Self.upload(journal, key: directory.key, in: directory) { $0.bytesPerUpload = journal.count - 1 }
        #expect(Self.refusal(over) == .bytes(limit: journal.count - 1))
        let at = try Self.upload(journal, key: directory.key, in: directory) { $0.bytesPerUpload = journal.count }
        #expect(try at.get().outcome == .accepted)
    }

    @Test("records per journal: 6 records with a limit of 5 are refused, with 6 judged")
    func records() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let journal = try CostlyJournals.networkSessions(count: 3, key: directory.key)
        let over = try Self.upload(journal, key: directory.key, in: directory) { $0.records = 5 }
        #expect(Self.refusal(over) == .records(limit: 5))
        let at = try Self.upload(journal, key: directory.key, in: directory) { $0.records = 6 }
        #expect(try at.get().outcome == .accepted)
    }

    @Test("sessions per journal: 4 departures with a limit of 3 are refused, with 4 judged")
    func sessions() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let journal = try CostlyJournals.networkSessions(count: 4, key: directory.key)
        let over = try Self.upload(journal, key: directory.key, in: directory) { $0.sessions = 3 }
        #expect(Self.refusal(over) == .sessions(limit: 3))
        let at = try Self.upload(journal, key: directory.key, in: directory) { $0.sessions = 4 }
        #expect(try at.get().outcome == .accepted)
    }

    @Test("claims per journal: 3 claims with a limit of 2 are refused, with 3 judged")
    func claims() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let journal = try CostlyJournals.networkSessions(count: 3, key: directory.key, claims: true)
        let over = try Self.upload(journal, key: directory.key, in: directory) { $0.claims = 2 }
        #expect(Self.refusal(over) == .claims(limit: 2))
        let at = try Self.upload(journal, key: directory.key, in: directory) { $0.claims = 3 }
        #expect(try at.get().outcome == .accepted)
    }

    @Test("multiplier names per claim: a claim naming 65 is refused under the default 64, one naming 64 is judged")
    func multipliersPerClaim() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let over = try Self.upload(CostlyJournals.multiplierClaims(1, names: 65, key: directory.key), key: directory.key, in: directory) { _ in }
        let session = CostlyJournals.sessionID(0, salt: 0x3417)
        #expect(Self.refusal(over) == .multipliersPerClaim(limit: 64, sessionID: session))
        let at = try Self.upload(CostlyJournals.multiplierClaims(1, names: 64, key: directory.key), key: directory.key, in: directory) { _ in }
        #expect(try at.get().outcome == .accepted)
    }

    @Test("a refusal says in plain words what was exceeded, the figure, and that nothing was paid")
    func words() {
        #expect(
            UploadError.overLimit(.records(limit: 200_000)).description
                == "refused unjudged: the upload holds more than 200000 records (the limit on records per journal); nothing was paid")
        #expect(
            UploadError.overLimit(.multipliersPerClaim(limit: 64, sessionID: "s1")).description
                == "refused unjudged: the upload holds a claim for session s1 naming more than 64 multipliers (the limit on multiplier names per claim); nothing was paid"
        )
        #expect(LimitExceeded.bytes(limit: 10).limit == 10)
    }

    @Test("the auditor stops judging at a limit and reports a limit-exceeded finding with the figure")
    func auditorFinding() throws {
        let directory = try TemporaryJournalDirectory()
        defer { directory.cleanUp() }
        let path = directory.file("j")
        try Data(CostlyJournals.networkSessions(count: 5, key: directory.key)).write(to: URL(fileURLWithPath: path))
        var configuration = AuditConfiguration(serverNowNanoseconds: CostlyJournals.judgedAfter)
        configuration.limits.sessions = 2
        for concurrent in [false, true] {
            let auditor = SessionAuditor(key: directory.key, configuration: configuration, crossDeviceChecks: false, judgesConcurrently: concurrent)
            var judged = 0
            let file = try OpenFile(path: path, options: [])
            let findings = try auditor.audit(file: file, name: "j") { _ in judged += 1 }
            #expect(auditor.refusal == .sessions(limit: 2))
            // The first session is judged at the second departure; the second waits for its claims until the
            // third departure, which is beyond the limit.
            #expect(judged == 1)
            #expect(findings.map(\.kind) == [.limitExceeded])
            #expect(findings.first?.sequence == 5)
            #expect(findings.first?.detail == "the journal holds more than 2 sessions (the limit on sessions per journal); the rest of it is not judged")
        }
    }
}
