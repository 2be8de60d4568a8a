import PlaytimeGuard
import PlaytimeJournal
import PlaytimeRewards

/// The state of auditing one journal: sessions being assembled, sessions waiting for their claims, and the
/// per-journal checks (boot-clock continuity, in-journal overlap, span).
struct JournalPass {
    private struct Staged {
        var timeline: SessionTimeline
        var claims: [(sequence: UInt64, claim: ClaimRecord)] = []
    }

    let name: String
    let configuration: AuditConfiguration
    private var assembler = SessionAssembler()
    private var decoder = EvidenceDecoder()
    /// Calculators by policy version, built once (validating a policy per session would dominate).
    var calculators: [String: RewardCalculator] = [:]
    /// Sessions whose timeline is complete, held until the next departure so their claims can arrive.
    private var staged: [String: Staged] = [:]
    private var stagedOrder: [String] = []
    /// Claims for sessions still waiting for network proof in the assembler.
    private var earlyClaims: [String: [(sequence: UInt64, claim: ClaimRecord)]] = [:]
    private var lastBoot: (id: String?, nanoseconds: Int64)?
    /// Network time at the latest arrival of this journal, for the in-journal overlap check.
    var lastArrivalNetwork: NetworkTime?
    private(set) var span = SpanTracker()

    init(name: String, configuration: AuditConfiguration) {
        self.name = name
        self.configuration = configuration
    }

    mutating func consume(_ view: JournalRecordView, auditor: SessionAuditor, onSession: (AuditedSession) -> Void) {
        if view.typeHasPrefix("session.") {
            guard let evidence = decoder.decode(view.payload) else {
                auditor.record(AuditFinding(kind: .malformedPayload, journal: name, sequence: view.sequence,
                                            detail: "session payload not in the documented schema"))
                return
            }
            checkContinuity(evidence, sequence: view.sequence, auditor: auditor)
            lastBoot = (evidence.clock.bootID, evidence.clock.bootNanoseconds)
            span.observe(evidence)
            if evidence.event == .background {
                flushStaged(auditor: auditor, onSession: onSession)
                if !auditor.registerSession(evidence.sessionID) {
                    auditor.record(AuditFinding(kind: .duplicateSession, journal: name, sessionID: evidence.sessionID,
                                                sequence: view.sequence, detail: "session id used before"))
                }
            }
            for timeline in assembler.add(sequence: view.sequence, evidence: evidence) {
                stage(timeline)
            }
        } else if view.hasType("claim") {
            guard let claim = ClaimCodec.decode(view.payload) else {
                auditor.record(AuditFinding(kind: .malformedPayload, journal: name, sequence: view.sequence,
                                            detail: "claim payload not in the documented schema"))
                return
            }
            if staged[claim.sessionID] != nil {
                staged[claim.sessionID]?.claims.append((view.sequence, claim))
            } else {
                earlyClaims[claim.sessionID, default: []].append((view.sequence, claim))
            }
        }
    }

    mutating func finish(auditor: SessionAuditor, onSession: (AuditedSession) -> Void) {
        for timeline in assembler.finish() { stage(timeline) }
        flushStaged(auditor: auditor, onSession: onSession)
        for (session, claims) in earlyClaims.sorted(by: { $0.key < $1.key }) {
            auditor.record(AuditFinding(kind: .orphanClaim, journal: name, sessionID: session, sequence: claims.first?.sequence,
                                        detail: "claim for a session this journal does not hold"))
        }
        earlyClaims.removeAll()
    }

    private mutating func stage(_ timeline: SessionTimeline) {
        var entry = Staged(timeline: timeline)
        if let claims = earlyClaims.removeValue(forKey: timeline.sessionID) { entry.claims = claims }
        if staged[timeline.sessionID] == nil { stagedOrder.append(timeline.sessionID) }
        staged[timeline.sessionID] = entry
    }

    private mutating func flushStaged(auditor: SessionAuditor, onSession: (AuditedSession) -> Void) {
        for id in stagedOrder {
            guard let entry = staged[id] else { continue }
            let audited = judge(entry.timeline, claims: entry.claims.map(\.claim), claimSequences: entry.claims.map(\.sequence), auditor: auditor)
            auditor.account(audited)
            onSession(audited)
        }
        staged.removeAll(keepingCapacity: true)
        stagedOrder.removeAll(keepingCapacity: true)
    }

    private func checkContinuity(_ evidence: Evidence, sequence: UInt64, auditor: SessionAuditor) {
        guard let last = lastBoot, last.id != nil, last.id == evidence.clock.bootID else { return }
        if evidence.clock.bootNanoseconds < last.nanoseconds {
            auditor.record(AuditFinding(kind: .bootClockDiscontinuity, journal: name, sessionID: evidence.sessionID.isEmpty ? nil : evidence.sessionID,
                                        sequence: sequence,
                                        detail: "boot clock went back \((last.nanoseconds - evidence.clock.bootNanoseconds) / 1_000_000) ms within boot \(last.id ?? "?")"))
        }
    }
}

