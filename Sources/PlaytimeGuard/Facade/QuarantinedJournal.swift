internal import PlaytimeJournal
public import PlaytimeRewards

/// A journal ``OfflineEarnings`` found damaged when it opened (a line in the middle cut or changed: a bad block, a
/// restored backup, a sync tool) and set aside, whole and unchanged, so that earnings go on in a new journal
/// (docs/facades.md, "A damaged journal").
///
/// What verified before the damage stays where it was: the claims in it were paid, and the game's server judges the
/// kept file as far as its chain verifies (upload its bytes once, as any journal). Nothing in it is paid twice: the new
/// journal holds only sessions that begin after it.
public struct QuarantinedJournal: Sendable, Equatable {
    /// Where the damaged journal is kept: `<journal>.damaged-<journal id>` beside the journal. Never deleted by the
    /// package; send its bytes to the game's server once (`EarningsServer.acceptUpload`).
    public let path: String
    /// Records that verified before the damage (the kept file holds them unchanged; ``explanation`` says how many).
    package let verifiedRecords: Int
    /// True when the damaged journal was the one the game's server enrolled: its enrollment cannot begin a journal
    /// again (the server would see it rewritten), so the device records under its own key file until the game sets a
    /// new enrollment (the game reads ``OfflineEarnings/needsEnrollment``, on this start and later ones).
    package let needsEnrollment: Bool
    /// The first line that did not verify and why (docs/journal-format.md §3), for support.
    package let failure: JournalFailure?

    /// What to tell the player: "Part of your saved offline time was damaged and set aside; offline earnings go on
    /// from here." (key `journalDamaged`, docs/player-messages.md).
    public var message: PlayerMessage { PlayerMessage(.journalDamaged) }

    /// In words, for support: where it is kept, how far it verified, and the damage.
    public var explanation: String {
        "the journal did not verify (\(failure.map(\.description) ?? "damaged")); it was set aside whole at \(path) with its "
            + "\(verifiedRecords) verified record(s), and a new journal began"
            + (needsEnrollment ? "; the device records under its own key until the game sets a new enrollment" : "")
    }

    init(_ quarantine: JournalQuarantine, needsEnrollment: Bool) {
        path = quarantine.path
        verifiedRecords = Int(clamping: quarantine.verification.recordCount)
        self.needsEnrollment = needsEnrollment
        failure = quarantine.verification.failure
    }
}
