internal import PlaytimeJournal
internal import PlaytimeNTP
internal import PlaytimeSystem

/// How ``OfflineEarnings`` opens its key and journal so that nothing on the device can end its earnings
/// (docs/facades.md, "Nothing lost"): a key file nobody recorded under is made again, a damaged journal is set aside
/// whole and a new one begins, and an enrollment whose journal was set aside is never begun again.
extension OfflineEarnings {
    /// What opening found and made.
    struct Opened {
        var recorder: SessionRecorder
        var key: JournalKey
        var createdKey = false
        var quarantined: QuarantinedJournal?
        var needsEnrollment = false
    }

    /// The recorder of the directory's journal under the configured key: the enrollment's, a provisioned one, or the
    /// key file's.
    static func open(journalPath: String, keyPath: String, configuration: EarningsConfiguration) throws(EarningsError) -> Opened {
        guard let enrollment = configuration.enrollment else {
            return try openOwn(journalPath: journalPath, keyPath: keyPath, configuration: configuration)
        }
        let (key, id) = try enrolled(enrollment)
        // This enrollment's journal was set aside (damaged): beginning it again would be a rewrite to the server, so the
        // device records under its own key until the game sets a new enrollment.
        if JournalQuarantine.wasSetAside(journal: journalPath, journalID: id) {
            var opened = try openOwn(journalPath: journalPath, keyPath: keyPath, configuration: configuration)
            opened.needsEnrollment = true
            return opened
        }
        do {
            let recorder = try recorder(journalPath: journalPath, key: key, journalID: id, configuration: configuration)
            // The enrollment's anchor first (durable now), unless an earlier start recorded it.
            _ = try recorder.recordEnrollment(enrollment.anchor)
            return Opened(recorder: recorder, key: key)
        } catch {
            if case .journal(.otherJournal) = error {
                // Another journal is at the path: the device's own, kept while it waited for this enrollment?
                return try switchToEnrollment(
                    enrollment, key: key, id: id, journalPath: journalPath, keyPath: keyPath,
                    configuration: configuration, refusal: error)
            }
            guard case .journal(.corrupt(let failure)) = error else { throw earningsError(error) }
            if failure.reason == .wrongKey {
                // Not under this enrollment's key: the device's own journal, or one of another enrollment.
                return try switchToEnrollment(
                    enrollment, key: key, id: id, journalPath: journalPath, keyPath: keyPath,
                    configuration: configuration, refusal: error)
            }
            guard let quarantine = try setAside(journalPath: journalPath, key: key, expected: id) else { throw earningsError(error) }
            var opened = try openOwn(journalPath: journalPath, keyPath: keyPath, configuration: configuration)
            opened.quarantined = QuarantinedJournal(quarantine, needsEnrollment: true)
            opened.needsEnrollment = true
            return opened
        }
    }

    /// The journal under the device's own key (a provisioned key, else the key file, created or recovered when that loses
    /// nothing); a damaged journal is set aside and a new one begins.
    static func openOwn(journalPath: String, keyPath: String, configuration: EarningsConfiguration) throws(EarningsError) -> Opened {
        let key: JournalKey
        var created = false
        if let provisioned = configuration.journalKey {
            key = provisioned
        } else {
            let origin: KeyFile.Origin
            do { (key, origin) = try KeyFile.loadOrCreate(path: keyPath, journalPath: journalPath) } catch { throw .key(error) }
            created = origin != .loaded
        }
        do {
            let recorder = try recorder(journalPath: journalPath, key: key, journalID: nil, configuration: configuration)
            return Opened(recorder: recorder, key: key, createdKey: created)
        } catch {
            guard case .journal(.corrupt(let failure)) = error else { throw earningsError(error) }
            if failure.reason == .wrongKey, configuration.journalKey == nil {
                throw .otherKey(keyFile: keyPath, journal: journalPath, failure: failure)
            }
            guard let quarantine = try setAside(journalPath: journalPath, key: key, expected: nil) else { throw earningsError(error) }
            do {
                let recorder = try recorder(journalPath: journalPath, key: key, journalID: nil, configuration: configuration)
                return Opened(
                    recorder: recorder, key: key, createdKey: created,
                    quarantined: QuarantinedJournal(quarantine, needsEnrollment: false))
            } catch {
                throw earningsError(error)
            }
        }
    }

    /// With a new enrollment and the device's own journal at the path (begun when the enrolled journal before it was
    /// set aside): the own journal is set aside whole (`<journal>.replaced-<id>`, kept) and the enrolled journal begins —
    /// once no session of the own journal is open or waiting for proof, so that none is lost; until then the own journal
    /// goes on. A journal at the path that is not the device's own is refused, as before (`refusal`).
    private static func switchToEnrollment(
        _ enrollment: Enrollment, key: JournalKey, id: [UInt8], journalPath: String, keyPath: String,
        configuration: EarningsConfiguration, refusal: RecorderError
    ) throws(EarningsError) -> Opened {
        let ownKey: JournalKey
        if let provisioned = configuration.journalKey {
            ownKey = provisioned
        } else {
            do { ownKey = try KeyFile.load(path: keyPath) } catch { throw earningsError(refusal) }
        }
        var quarantined: QuarantinedJournal?
        do throws(RecorderError) {
            let own = try recorder(journalPath: journalPath, key: ownKey, journalID: nil, configuration: configuration)
            if own.openDeparture != nil || !own.sessionsAwaitingSettlement.isEmpty {
                return Opened(recorder: own, key: ownKey)
            }
            // The own journal is done with: kept aside whole (its descriptor here is never written again).
            do { _ = try JournalQuarantine.setAside(path: journalPath, journalID: own.journalID, cause: .replaced) } catch {
                throw RecorderError.journal(.system(error))
            }
        } catch {
            switch error {
            case .journal(.corrupt(let failure)) where failure.reason != .wrongKey:
                guard let quarantine = try setAside(journalPath: journalPath, key: ownKey, expected: nil) else { throw earningsError(refusal) }
                quarantined = QuarantinedJournal(quarantine, needsEnrollment: false)
            case .journal(.corrupt), .journal(.otherJournal):
                throw earningsError(refusal)
            default:
                throw earningsError(error)
            }
        }
        do {
            let recorder = try recorder(journalPath: journalPath, key: key, journalID: id, configuration: configuration)
            _ = try recorder.recordEnrollment(enrollment.anchor)
            return Opened(recorder: recorder, key: key, quarantined: quarantined)
        } catch {
            throw earningsError(error)
        }
    }

    /// Sets the damaged journal at `journalPath` aside (``JournalWriter/quarantine(path:key:expected:)``); `nil` when it is
    /// not damaged (another key, another version), which its open error then reports.
    private static func setAside(journalPath: String, key: JournalKey, expected: [UInt8]?) throws(EarningsError) -> JournalQuarantine? {
        do { return try JournalWriter.quarantine(path: journalPath, key: key, expected: expected) } catch {
            throw .recorder(.journal(error))
        }
    }

    /// A recorder of the journal at `journalPath` with the configuration's clocks and time sources.
    private static func recorder(
        journalPath: String, key: JournalKey, journalID: [UInt8]?,
        configuration: EarningsConfiguration
    ) throws(RecorderError) -> SessionRecorder {
        let clock = configuration.clock
        let networkTime =
            configuration.networkTime
            ?? (configuration.ntpServers.isEmpty ? nil : NTPNetworkTimeSource(servers: configuration.ntpServers, clock: clock))
        let signedTime =
            configuration.signedTime
            ?? (configuration.roughtimeServers.isEmpty ? nil : RoughtimeSignedTimeSource(servers: configuration.roughtimeServers, clock: clock))
        let probe = configuration.connectivityProbe ?? SystemConnectivityProbe(servers: configuration.ntpServers)
        return try SessionRecorder(
            journalPath: journalPath, key: key, clock: clock, networkTime: networkTime,
            connectivity: ConnectivityMonitor(probe: probe, clock: clock), signedTime: signedTime,
            configuration: configuration.recorder, journalID: journalID)
    }
}
