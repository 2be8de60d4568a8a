internal import PlaytimeCrypto
internal import PlaytimeJournal
internal import PlaytimeSystem

/// Server anchors in the journal (docs/journal-format.md §14): the request the game sends its server, the
/// token it answers with recorded as an `anchor` record, and the fix of network time the round trip gives.
extension SessionRecorder {
    /// How far back (in records) the head an anchor names may lie behind the anchor record (docs/anchors.md §1).
    static let anchorHeadReach: UInt64 = 64

    /// The journal's id and head now, with the raw clocks, for the game to send its server.
    package func anchorRequest() -> AnchorRequest {
        // Read first: an earlier `sent` only widens the round trip, never narrows it.
        let sent = clock.read()
        return guarded.withLock { guarded in
            let sequence = guarded.writer.lastSequence
            return AnchorRequest(
                journalID: Hex.encode(guarded.writer.journalID), headSequence: sequence,
                headMAC: sequence == 0 ? "" : Hex.encode(guarded.writer.headMAC), sent: sent)
        }
    }

    /// Records the server's answer `text` to `request` as an `anchor` record (fsync'd before this returns) and
    /// takes it as a fix of network time for this boot: the server's time at the answer is the token's time
    /// plus half the round trip, within half the round trip, rounded up. Every session of this boot waiting
    /// for proof is then settled as a fresh NTP fix settles it. Returns the anchor record's sequence (`nil`
    /// when the journal already holds this token: nothing is written) and the settlements written.
    ///
    /// A token the journal already holds writes nothing, whatever the request. Refused, with nothing written:
    /// a token not in the `pa1` layout, issued for another journal, naming another head than the request's,
    /// one more than 64 records back by now (a server would not place it), a request made on another boot or
    /// after the answer on the boot clock, or a time that cannot be a fix (its earliest before 1970, or out of
    /// range). On a boot the journal cannot name (no boot identity) the token is recorded without a round
    /// trip (`bootId` null, `sent` = `received`) and is no fix.
    package func recordAnchor(_ text: String, for request: AnchorRequest) throws(RecorderError)
        -> (sequence: UInt64?, settlements: [RecordedEvent])
    {
        let token = try Self.parse(text)
        // A token the journal holds was checked when it was written: a repeat writes nothing, whatever the
        // request (the head has moved on since).
        guard !guarded.withLock({ $0.state.anchorTokens.contains(token.mac) }) else { return (nil, []) }
        guard token.journalID == request.journalID else { throw .anchor(.wrongJournal) }
        guard token.headSequence == request.headSequence, token.headMAC == request.headMAC else {
            throw .anchor(
                .wrongHead(
                    "it names record \(token.headSequence), the request reported record \(request.headSequence)"
                        + (token.headSequence == request.headSequence ? " with another MAC" : "")))
        }
        let raw = clock.read()
        guard raw.bootID == request.sent.bootID, raw.bootNanoseconds >= request.sent.bootNanoseconds else {
            throw .anchor(.wrongHead("the request was made on another boot, or the boot clock ran back: ask again"))
        }
        let roundTrip = raw.bootNanoseconds - request.sent.bootNanoseconds
        let drift = configuration.driftPPM
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> (sequence: UInt64?, settlements: [RecordedEvent]) in
            guard token.journalID == Hex.encode(guarded.writer.journalID) else { throw .anchor(.wrongJournal) }
            guard token.headSequence <= guarded.writer.lastSequence else {
                throw .anchor(.wrongHead("it names record \(token.headSequence), the journal ends at \(guarded.writer.lastSequence)"))
            }
            // A server accepts an anchor naming a head at most this many records before the record holding it
            // (docs/anchors.md §1): one that came too late would place nothing, so it is not written.
            guard token.headSequence == 0 || guarded.writer.lastSequence + 1 - token.headSequence <= Self.anchorHeadReach else {
                throw .anchor(.wrongHead("it names record \(token.headSequence), more than \(Self.anchorHeadReach) records back: ask again"))
            }
            guard !guarded.state.anchorTokens.contains(token.mac) else { return (nil, []) }
            let reading = try guarded.segments.journalReading(raw)
            // A boot the journal cannot name (none, or every generation used) measures nothing: no fix is claimed.
            let (sent, overflow) = reading.bootNanoseconds.subtractingReportingOverflow(roundTrip)
            let measured = reading.bootID != nil && !overflow
            let record = AnchorRecord(
                token: token.text, sentBootNanoseconds: measured ? sent : reading.bootNanoseconds,
                receivedBootNanoseconds: reading.bootNanoseconds, bootID: reading.bootID,
                wallNanoseconds: raw.wallNanoseconds)
            guard !measured || record.networkFix(serverNanoseconds: token.serverNanoseconds) != nil else {
                throw .anchor(.malformed("its time is no fix: \(token.serverNanoseconds) ns with a round trip of \(roundTrip) ns"))
            }
            let sequence = try Self.append(record, token: token, to: &guarded)
            guard let fix = record.networkFix(serverNanoseconds: token.serverNanoseconds) else { return (sequence, []) }
            let settlements = try settle(
                networkAt: { now in
                    guard now.bootID == raw.bootID else { return nil }
                    let (distance, overflow) = now.bootNanoseconds.subtractingReportingOverflow(raw.bootNanoseconds)
                    return overflow ? nil : fix.network.aged(byBootNanoseconds: distance, driftPPM: drift)
                }, reason: "server-anchor", in: &guarded)
            return (sequence, settlements)
        }
    }

    /// Records an enrollment's anchor `text` (it names head 0 of this journal) unless the journal holds it:
    /// with no boot identity and no round trip, since the device did not measure when the server issued it,
    /// so it orders the journal but is no fix of time. Returns the sequence written, `nil` when none was.
    package func recordEnrollment(_ text: String) throws(RecorderError) -> UInt64? {
        let token = try Self.parse(text)
        guard token.headSequence == 0 else { throw .anchor(.wrongHead("an enrollment names record 0, this one names \(token.headSequence)")) }
        let raw = clock.read()
        return try guarded.withLock { (guarded: inout Guarded) throws(RecorderError) -> UInt64? in
            guard token.journalID == Hex.encode(guarded.writer.journalID) else { throw .anchor(.wrongJournal) }
            guard !guarded.state.anchorTokens.contains(token.mac) else { return nil }
            let record = AnchorRecord(
                token: token.text, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil,
                wallNanoseconds: raw.wallNanoseconds)
            return try Self.append(record, token: token, to: &guarded)
        }
    }

    private static func parse(_ text: String) throws(RecorderError) -> ServerAnchor {
        do { return try ServerAnchor(text: text) } catch { throw .anchor(error) }
    }

    /// Appends the record (fsync'd) and updates the state.
    private static func append(_ record: AnchorRecord, token: ServerAnchor, to guarded: inout Guarded) throws(RecorderError) -> UInt64 {
        let sequence: UInt64
        do throws(JournalError) { sequence = try guarded.writer.append(type: AnchorCodec.recordType, payload: AnchorCodec.encode(record)) } catch {
            throw .journal(error)
        }
        guarded.state.apply(record, anchor: token)
        return sequence
    }
}
