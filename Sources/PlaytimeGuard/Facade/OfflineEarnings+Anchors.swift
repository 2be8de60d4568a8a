internal import PlaytimeCrypto
internal import PlaytimeJournal

/// Server anchors and enrollment (docs/anchors.md, docs/journal-format.md §14).
extension OfflineEarnings {
    /// Where the journal stands now: send its ``AnchorRequest/text`` to the game's server (which passes it to
    /// `EarningsServer.anchor(_:player:)`, or the service's `POST …/anchors`), then hand the answer to
    /// ``recordAnchor(_:for:)`` with this request. Reads the clock (the round trip starts here); writes nothing. A game
    /// with ``EarningsConfiguration/gameServer`` set need not call it: the library exchanges anchors itself.
    public func anchorRequest() -> AnchorRequest {
        recorder.anchorRequest()
    }

    /// Records the server's anchor `token`, the answer to `request`, in the journal (durable before this
    /// returns) and takes it as a fix of the server's time for this boot: the server's clock at the answer is
    /// the token's time plus half the round trip, within half the round trip. Departures after it carry
    /// network time projected from it, and every session of this boot that waited for proof is settled and
    /// paid as ``settle()`` pays it: the payouts are returned (``AwayPayout/goldNow`` the top-up, possibly 0).
    ///
    /// Throws an ``EarningsError`` with code ``EarningsError/Code/anchor``, with nothing written, for a token not in the `pa1` layout, one issued
    /// for another journal, one naming another head than `request` reported (an older one included), an answer
    /// recorded more than 64 records after that head (a server would not place it: ask again), a request made
    /// on another boot, or a time that is no fix. Recording the same token again writes nothing.
    public func recordAnchor(_ token: String, for request: AnchorRequest) throws(EarningsError) -> [AwayPayout] {
        do { _ = try recorder.recordAnchor(token, for: request) } catch { throw Self.earningsError(error) }
        // One settlement at a time reads and writes claims, as in `settle()`.
        return try settling.withLock { paid throws(EarningsError) -> [AwayPayout] in try payTopUps(paidBySettlement: &paid) }
    }

    /// The key and the journal id (16 bytes) of `enrollment`, once its anchor is seen to name that journal's start.
    static func enrolled(_ enrollment: Enrollment) throws(EarningsError) -> (JournalKey, [UInt8]) {
        let key: JournalKey
        do { key = try JournalKey(bytes: enrollment.key) } catch { throw .key(error) }
        let anchor: ServerAnchor
        do { anchor = try ServerAnchor(text: enrollment.anchor) } catch { throw .anchor(error) }
        // The token's journal id is 32 lowercase hex digits (its parser checks), so equal text decodes.
        guard anchor.journalID == enrollment.journalID, let id = Hex.decode(anchor.journalID) else { throw .anchor(.wrongJournal) }
        guard anchor.headSequence == 0 else { throw .anchor(.wrongHead("an enrollment names record 0, this one names \(anchor.headSequence)")) }
        return (key, id)
    }

    /// A recorder error as the facade reports it: a refused anchor as an ``EarningsError`` with code ``EarningsError/Code/anchor``.
    static func earningsError(_ error: RecorderError) -> EarningsError {
        if case .anchor(let refusal) = error { return .anchor(refusal) }
        return .recorder(error)
    }
}
