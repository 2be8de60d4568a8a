internal import PlaytimeJournal
internal import PlaytimeSystem

/// The game's link to its server (``EarningsConfiguration/gameServer``; docs/facades.md, "The game server's link"):
/// the device enrolls once and records the server's anchors at launch, after each departure and at each return, by
/// itself. Every exchange is best effort: offline, or when the link throws or is slow, the call goes on as without it.
extension OfflineEarnings {
    /// Whether the library still has to enroll the device through the link.
    enum LinkEnrollment: Sendable, Equatable {
        /// No link, an enrollment the game set itself, or one the library kept and uses: nothing to ask.
        case settled
        /// No enrollment yet: ask for one.
        case wanted
        /// The kept enrollment's journal was set aside (damaged, ``needsEnrollment``): ask for a new one and keep it instead.
        case replacing
        /// An exchange for it is on its way (another call asked).
        case asking(replacing: Bool)
    }

    /// The enrollment kept in the directory by an earlier start, when the game relies on the link for it.
    static func keptEnrollment(path: String) -> Enrollment? {
        guard let bytes = try? FileSystem.readRegularFile(atPath: path, byteLimit: 4096) else { return nil }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = text.last, last == "\n" || last == "\r\n" || last == " " { text.removeLast() }
        return Enrollment(text: String(text))
    }

    /// Asks the link for the device's enrollment when the library has none yet (or the kept one's journal was set
    /// aside), keeps it in the directory, and begins the enrolled journal at once when the journal open now holds no
    /// record; otherwise the next start begins it, once no session is open. Nothing happens offline or without a link.
    func enrollThroughLink() async {
        guard let link = configuration.gameServer, recorder.mayBeOnline else { return }
        let replacing: Bool? = linkEnrollment.withLock { state in
            switch state {
            case .wanted:
                state = .asking(replacing: false)
                return false
            case .replacing:
                state = .asking(replacing: true)
                return true
            case .settled, .asking: return nil
            }
        }
        guard let replacing else { return }
        var outcome: LinkEnrollment = replacing ? .replacing : .wanted
        defer { linkEnrollment.withLock { [outcome] in $0 = outcome } }
        guard
            let text = await GameServerCall.answer(
                link, to: GameServerCall.enrollMessage, budget: configuration.gameServerBudgetNanoseconds,
                clock: configuration.clock),
            let enrollment = Enrollment(text: text), let (key, id) = try? Self.enrolled(enrollment)
        else { return }
        let path = Self.path(configuration.enrollmentFile, in: directory)
        do throws(FileAccessError) {
            let bytes = Array((enrollment.text + "\n").utf8)
            if replacing { try FileSystem.writeOutput(bytes, toPath: path, permissions: 0o600) } else { try FileSystem.createFile(atPath: path, bytes: bytes) }
        } catch  where error.reason == .alreadyExists {
            // Another process of the game kept one first: that one is used from the next start.
            outcome = .settled
            return
        } catch {
            return  // a full disk: asked again at the next launch or settlement
        }
        outcome = .settled
        _ = try? recorder.beginEnrolledJournal(enrollment.anchor, key: key, journalID: id)
    }

    /// Asks the game's server for an anchor at the journal's head and records the answer (a fix of the server's time for
    /// this boot: sessions of the boot that waited for proof get their settlement record, and ``settle()`` pays them).
    /// With `whileAway`, the answer is recorded only while that session is still open (the departure's anchor).
    func exchangeAnchor(whileAway session: String? = nil) async {
        guard let link = configuration.gameServer, recorder.mayBeOnline else { return }
        let request = recorder.anchorRequest()
        guard
            let token = await GameServerCall.answer(
                link, to: request.text, budget: configuration.gameServerBudgetNanoseconds,
                clock: configuration.clock)
        else { return }
        if let session, openSessionID != session { return }
        _ = try? recorder.recordAnchor(token, for: request)
    }
}
