internal import PlaytimeJournal
internal import PlaytimeSystem

/// Turns the device's raw clock readings into what a version-2 journal records (docs/journal-format.md §13):
/// `bootId` a keyed pseudonym of a boot segment, `boot` nanoseconds since the segment's origin. A version-1
/// journal records raw readings.
///
/// A segment is one run of records of one raw boot. Its origin (the raw boot clock when it began, at or just
/// before its first record) lives in the sidecar beside the journal, written durably before the first record
/// that uses it. When the sidecar is missing, refused or belongs to another boot, the next record begins a
/// new segment: generation 0 for a raw boot the journal has no segment of, else the next generation.
struct BootSegments: Sendable {
    private let key: JournalKey
    private let journalPath: String
    private let journalID: [UInt8]
    /// True for a version-2 journal.
    let enabled: Bool
    /// The drift bound applied to the asserted uptime.
    private let driftPPM: Int64
    /// Every `bootId` the journal's records carry, and those of segments begun since it was opened.
    private var seen: Set<String>
    /// The raw boot whose generations `table` holds.
    private var rawBootID: String?
    /// The tags (§13.2) of the raw boot's recognised generations.
    private var table: [String: UInt32] = [:]
    /// The segment records are written in now.
    private var current: (generation: UInt32, pseudonym: String, origin: Int64)?
    /// True when a sidecar was present but refused (edited, forged, or from another journal).
    private(set) var refusedSidecar = false

    /// Segments of the journal at `journalPath` whose records carry the `bootId`s `seen`.
    init(key: JournalKey, journalPath: String, journalID: [UInt8], enabled: Bool, driftPPM: Int64, seen: Set<String>) {
        self.key = key
        self.journalPath = journalPath
        self.journalID = journalID
        self.enabled = enabled
        self.driftPPM = driftPPM
        self.seen = seen
    }

    /// Continues the sidecar's segment when it is authentic, belongs to the raw boot of `now`, is not older
    /// than the journal's latest segment of that boot, and its origin is not after `now`.
    mutating func resume(at now: ClockReading) {
        guard enabled, let raw = now.bootID else { return }
        prepare(for: raw)
        let path = BootSidecar.path(forJournal: journalPath)
        guard let bytes = try? FileSystem.readRegularFile(atPath: path, byteLimit: BootSidecar.maximumByteCount) else { return }
        guard let sidecar = BootSidecar.decode(bytes, key: key, journalID: journalID) else {
            refusedSidecar = true
            return
        }
        guard table[BootPseudonym.tag(of: sidecar.pseudonym)] == sidecar.generation, sidecar.generation >= (latestGeneration ?? 0),
            sidecar.pseudonym == BootPseudonym.of(rawBootID: raw, generation: sidecar.generation, origin: sidecar.originNanoseconds, key: key),
            now.bootNanoseconds >= sidecar.originNanoseconds
        else { return }
        current = (sidecar.generation, sidecar.pseudonym, sidecar.originNanoseconds)
    }

    /// The journal's reading for the raw reading `raw`, beginning a segment (and writing its sidecar) when
    /// none is current for `raw`'s boot.
    mutating func journalReading(_ raw: ClockReading) throws(RecorderError) -> ClockReading {
        if let reading = peek(raw) { return reading }
        guard let rawID = raw.bootID else { return raw }
        let next = latestGeneration.map { $0 + 1 } ?? 0
        // A boot that used every recognised generation is written as an unknown boot: nothing is credited
        // on its boot clock, and it can never pass for another boot.
        guard next < BootPseudonym.generationCount else { return ClockReading(wallNanoseconds: raw.wallNanoseconds, bootNanoseconds: 0, bootID: nil) }
        let pseudonym = BootPseudonym.of(rawBootID: rawID, generation: next, origin: raw.bootNanoseconds, key: key)
        let sidecar = BootSidecar(journalID: journalID, generation: next, pseudonym: pseudonym, originNanoseconds: raw.bootNanoseconds)
        do throws(FileAccessError) { try sidecar.store(journalPath: journalPath, key: key) } catch {
            throw RecorderError.bootSidecar(error.description)
        }
        current = (next, pseudonym, raw.bootNanoseconds)
        seen.insert(pseudonym)
        return ClockReading(wallNanoseconds: raw.wallNanoseconds, bootNanoseconds: 0, bootID: pseudonym)
    }

    /// The journal's reading for `raw` without beginning a segment: `nil` when one would have to begin.
    mutating func peek(_ raw: ClockReading) -> ClockReading? {
        guard enabled else { return raw }
        guard let rawID = raw.bootID else { return ClockReading(wallNanoseconds: raw.wallNanoseconds, bootNanoseconds: 0, bootID: nil) }
        if rawID != rawBootID { prepare(for: rawID) }
        guard let current else { return nil }
        let (since, overflow) = raw.bootNanoseconds.subtractingReportingOverflow(current.origin)
        return ClockReading(
            wallNanoseconds: raw.wallNanoseconds, bootNanoseconds: overflow ? (current.origin > 0 ? .min : .max) : since,
            bootID: current.pseudonym)
    }

    /// The uptime credit a return at the raw reading `raw` asserts for a departure recorded with `bootID`
    /// (docs/journal-format.md §13.4): the raw boot's uptime less the drift allowance, rounded down to a whole
    /// second (credit is whole seconds, §10 rule 5, so nothing finer of the boot clock leaves the device), when
    /// the departure's segment belongs to an earlier raw boot (its pseudonym's tag is none of this boot's
    /// generations); `nil` when the departure may be of this boot (a lost sidecar) or either boot is unknown.
    mutating func rebootCredit(departureBootID bootID: String?, at raw: ClockReading) -> Int64? {
        guard enabled, let bootID, let rawID = raw.bootID else { return nil }
        if rawID != rawBootID { prepare(for: rawID) }
        guard table[BootPseudonym.tag(of: bootID)] == nil else { return nil }
        let uptime = max(0, raw.bootNanoseconds)
        let credit = max(0, uptime - TimeSpan.driftAllowance(for: uptime, ppm: driftPPM))
        return credit - credit % TimeSpan.nanosecondsPerSecond
    }

    /// The latest generation of the raw boot in `table` that the journal holds a segment of.
    private var latestGeneration: UInt32? {
        var latest: UInt32?
        for id in seen { if let generation = table[BootPseudonym.tag(of: id)] { latest = max(latest ?? 0, generation) } }
        return latest
    }

    /// Switches to the raw boot `raw`: its generations' tags, no current segment.
    private mutating func prepare(for raw: String) {
        guard raw != rawBootID else { return }
        rawBootID = raw
        table = BootPseudonym.generations(of: raw, key: key)
        current = nil
    }
}
