package import PlaytimeJournal
internal import PlaytimeNTP
internal import PlaytimeRewards
internal import PlaytimeSystem

/// Offline earnings in one object: it owns the journal key, the journal, the recorder, the verdict, the
/// reward, the claim and the settlement of a game's away sessions.
///
/// Wire it to the app lifecycle: ``background(goldPerHour:)`` when the app leaves the foreground (durable
/// before it returns), ``stampDeparture()`` right after it inside the platform's background window (signed
/// time, when configured), ``foreground(multipliers:)`` when the player returns (the payout, its claim already
/// recorded), ``launch(multipliers:)`` at a cold start (it closes a departure an earlier process left open, or
/// recovers it from the last ``heartbeat(goldPerHour:)``), and ``settle()`` when the network is back (top-ups
/// for sessions that were waiting for proof). Every call is idempotent: a repeat writes and pays nothing.
/// Give it ``EarningsConfiguration/gameServer`` and it enrolls the device and exchanges the server's anchors itself
/// (<doc:GettingStarted>); without, ``anchorRequest()`` and ``recordAnchor(_:for:)`` do the exchange by hand.
///
/// The gold paid here is what the journal's evidence proves, computed exactly as a game server recomputes it
/// from an upload (docs/journal-format.md §8, §10); the server still applies each player's daily budget.
/// Safe to call from any thread or task.
public final class OfflineEarnings: Sendable {
    /// The directory holding the key and the journal.
    package let directory: String
    /// The journal's path: send its bytes to the game's server (`EarningsServer.acceptUpload(_:player:)`) to be paid
    /// for offline play; the server pays each session once, so an upload may repeat or extend an earlier one.
    public let journalPath: String
    /// The journal key (the enrollment's, ``EarningsConfiguration/journalKey``, or the key file's). A game server audits uploads
    /// with the same key: provision it once over the game's authenticated channel; it never travels with an upload.
    /// An enrollment through the link that begins the enrolled journal at once changes it.
    package var journalKey: JournalKey { recorder.journalKey }
    /// True when this instance created the key file (a first start, or an empty or torn key file nothing was recorded
    /// under was made again).
    package let createdKey: Bool
    /// The journal this start found damaged and set aside (kept whole; a new journal began): show its
    /// ``QuarantinedJournal/message`` to the player and upload its file once. `nil` on every other start.
    public let quarantinedJournal: QuarantinedJournal?
    /// True while the device records under its own key because the journal of the configured enrollment was damaged and
    /// set aside: ask the game's server for a new enrollment (`EarningsServer.enroll(player:)`) and set it as
    /// ``EarningsConfiguration/enrollment``; the next start begins the enrolled journal once no session is open.
    public let needsEnrollment: Bool
    /// True when opening cut a torn last journal line left by a crash.
    package var repairedTornTail: Bool { recorder.repairedTornTail }
    /// The configuration given at creation.
    package let configuration: EarningsConfiguration

    let recorder: SessionRecorder
    let calculators: [String: RewardCalculator]
    /// Held while a settlement reads the journal and writes its claims, and while a return writes its claim:
    /// the sessions settlements paid without a claim (returns recorded by a process that died before paying).
    let settling = ThreadLock(Set<String>())
    /// Whether the library still enrolls the device through ``EarningsConfiguration/gameServer``.
    let linkEnrollment: ThreadLock<LinkEnrollment>

    /// Opens (creating what is missing) the key and the journal in `directory`, verifies the journal and
    /// rebuilds the session state. Nothing on the device ends its earnings (docs/facades.md, "Nothing lost"): a key file
    /// that is empty or torn while no record was written under it is made again, and a damaged journal is set aside
    /// whole (``quarantinedJournal``) and a new one begins; a full disk or a read-only directory is an error with code
    /// ``EarningsError/Code/storage`` or ``EarningsError/Code/recorder`` that changed nothing, and the next start works once
    /// space returns. A key a journal depends on that is lost is ``EarningsError/Code/keyLost``.
    public init(directory: String, configuration: EarningsConfiguration = EarningsConfiguration()) throws(EarningsError) {
        do {
            try FileSystem.createDirectories(atPath: directory)
        } catch {
            throw .directory(path: directory, reason: error.reasonText)
        }
        var calculators: [String: RewardCalculator] = [:]
        for policy in [configuration.policy] + configuration.retainedPolicies where calculators[policy.version] == nil {
            do { calculators[policy.version] = try RewardCalculator(policy: policy) } catch {
                throw .invalidPolicy(version: policy.version, error)
            }
        }
        let keyPath = Self.path(configuration.keyFile, in: directory)
        let journalPath = Self.path(configuration.journalFile, in: directory)
        // With the game's link and no enrollment of the game's own, the library's kept enrollment (if any) opens the journal.
        var opening = configuration
        var link = LinkEnrollment.settled
        if configuration.gameServer != nil, configuration.enrollment == nil {
            opening.enrollment = Self.keptEnrollment(path: Self.path(configuration.enrollmentFile, in: directory))
            link = opening.enrollment == nil ? .wanted : .settled
        }
        let opened = try Self.open(journalPath: journalPath, keyPath: keyPath, configuration: opening)
        if configuration.gameServer != nil, configuration.enrollment == nil, opening.enrollment != nil, opened.needsEnrollment { link = .replacing }
        self.linkEnrollment = ThreadLock(link)
        self.recorder = opened.recorder
        self.directory = directory
        self.journalPath = journalPath
        self.createdKey = opened.createdKey
        self.quarantinedJournal = opened.quarantined
        self.needsEnrollment = opened.needsEnrollment
        self.configuration = configuration
        self.calculators = calculators
    }

    /// The session in progress, if the player is away.
    package var openSessionID: String? { recorder.openDeparture?.sessionID }

    /// Sessions whose return still waits for network proof (``settle()`` pays what it proves).
    package var sessionsAwaitingProof: [String] { recorder.sessionsAwaitingSettlement }

    /// The app leaves the foreground. Synchronous and network-free: the departure is on disk when this returns,
    /// with `goldPerHour` and the policy's version snapshotted (the payout uses them, not the rate at return).
    /// A repeat while away writes nothing and returns the open departure.
    @discardableResult
    public func background(goldPerHour: Int64) throws(EarningsError) -> RecordedEvent {
        do { return try recorder.enteredBackground(goldPerHour: goldPerHour, policyVersion: configuration.policy.version) } catch {
            throw .recorder(error)
        }
    }

    /// Stamps the open departure with signed time from the configured Roughtime servers (call it right after
    /// ``background(goldPerHour:)``, inside the platform's background window). Returns true when a stamp was
    /// written; false without signed time, offline, with nothing to stamp, or when the journal refused the
    /// record — the departure is already durable, so a missing stamp costs only its proof. With
    /// ``EarningsConfiguration/gameServer``, the server's anchor of the departure is exchanged and recorded after it (not
    /// part of the result; recorded only while the player is still away).
    @discardableResult
    public nonisolated(nonsending) func stampDeparture() async -> Bool {
        let departure = openSessionID
        let stamped = (try? await recorder.stampDeparture()) != nil
        // With the game's link, the server's anchor of the departure (recorded only while the player is still away).
        if let departure { await exchangeAnchor(whileAway: departure) }
        return stamped
    }

    /// A proof of life in the foreground, carrying the current rate: if the app is killed in the foreground,
    /// the next ``launch(multipliers:)`` departs the player at the last heartbeat.
    @discardableResult
    public func heartbeat(goldPerHour: Int64) throws(EarningsError) -> RecordedEvent {
        do { return try recorder.heartbeat(goldPerHour: goldPerHour, policyVersion: configuration.policy.version) } catch {
            throw .recorder(error)
        }
    }

    /// The player returns: records the return (trying network and signed time within the recorder's budget,
    /// at once when offline), judges the time away, computes the gold with the requested one-shot
    /// `multipliers` and records the claim. `nil` when no session was open (a repeated call included). With
    /// ``EarningsConfiguration/gameServer``, the server's anchor of the return is exchanged and recorded after the claim
    /// (at most 2 s, at once offline); what it settles, ``settle()`` pays.
    public nonisolated(nonsending) func foreground(multipliers: [String] = []) async throws(EarningsError) -> AwayPayout? {
        let arrival: RecordedEvent
        do { arrival = try await recorder.enteredForeground() } catch { throw .recorder(error) }
        guard !arrival.duplicate else { return nil }
        let payout = try pay(arrival, multipliers: multipliers)
        // With the game's link, the server's anchor of the return (what it settles, settle() pays).
        await exchangeAnchor()
        return payout
    }

    /// A cold start: with a departure left open (the app was killed while away, or in the foreground after a
    /// heartbeat) it is the return, paid as ``foreground(multipliers:)`` pays; otherwise a plain launch is
    /// recorded and `nil` returned. With ``EarningsConfiguration/gameServer``, the first launch online enrolls the
    /// device (once), and the server's anchor is recorded just before the launch record, so that the return rests on the
    /// server's time; offline, neither is asked for.
    public nonisolated(nonsending) func launch(multipliers: [String] = []) async throws(EarningsError) -> AwayPayout? {
        // With the game's link: the enrollment first (once), then the server's anchor just before the launch record,
        // so that the return rests on the server's time.
        await enrollThroughLink()
        let anchoring: (@Sendable () async -> Void)? = configuration.gameServer == nil ? nil : { @Sendable in await self.exchangeAnchor() }
        let arrival: RecordedEvent
        do { arrival = try await recorder.appLaunched(beforeArrival: anchoring) } catch { throw .recorder(error) }
        guard !arrival.duplicate, arrival.departure != nil else { return nil }
        return try pay(arrival, multipliers: multipliers)
    }

    /// Tries network time and, when it arrives, settles every session of this boot that waited for proof; then
    /// pays every session whose proof is now in the journal after its claim — from this fix, or from a later
    /// return's (a return with a fresh fix settles earlier sessions too). Each is judged again as a server
    /// judges it (with its later proof) and what the proof adds is paid, its cumulative claim recorded.
    /// A return recorded without its claim (the app died between the two) is paid here, once, without
    /// multipliers. Returns one payout per claim recorded (``AwayPayout/goldNow`` the top-up, possibly 0).
    /// Nothing is taken back when a proof shows less than was paid. Call it at every launch too. With
    /// ``EarningsConfiguration/gameServer``, it enrolls the device if no launch could yet, and exchanges the server's
    /// anchor first while a session waits for proof.
    public nonisolated(nonsending) func settle() async throws(EarningsError) -> [AwayPayout] {
        // With the game's link: the enrollment if it is still missing, and the server's anchor while a session waits
        // for proof (its fix settles the sessions of this boot).
        await enrollThroughLink()
        if configuration.gameServer != nil, !recorder.sessionsAwaitingSettlement.isEmpty { await exchangeAnchor() }
        do { _ = try await recorder.settlePending() } catch { throw .recorder(error) }
        // One settlement at a time reads and writes claims: two at once would both see a top-up as owed.
        return try settling.withLock { paid throws(EarningsError) -> [AwayPayout] in try payTopUps(paidBySettlement: &paid) }
    }

    // MARK: - Internals

    /// `name` inside `directory`, or `name` itself when it is an absolute path.
    static func path(_ name: String, in directory: String) -> String {
        name.hasPrefix("/") ? name : directory + "/" + name
    }
}
