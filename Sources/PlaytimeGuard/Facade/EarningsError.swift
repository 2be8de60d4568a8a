package import PlaytimeJournal
internal import PlaytimeRewards

/// Why ``OfflineEarnings`` could not record or pay: a ``code`` to branch on and the reason in words.
///
/// A struct, not an enum: a later version may add codes without breaking a game, which compares ``code`` with the
/// constants and keeps a default (docs/facades.md). Two errors are equal when their code and words are.
public struct EarningsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure: one of the constants below (a later version may add more).
    public struct Code: Hashable, Sendable {
        /// The code's name.
        public let rawValue: String
        /// A code by name.
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The name.
        package var description: String { rawValue }

        /// The save directory could not be created or used, or the key file in it could not be read or created
        /// (a full disk, a read-only directory: nothing was changed, and the next start tries again).
        public static let storage = Code(rawValue: "storage")
        /// The key file is missing, damaged or holds another key, but the journal beside it holds records written under
        /// the key it held: they cannot be read without that key, so nothing was changed. Restore the key file from a
        /// backup, or move the journal aside to start a new one; the description names both files.
        public static let keyLost = Code(rawValue: "key-lost")
        /// A lifecycle event could not be recorded (nothing the call promised was written).
        public static let recorder = Code(rawValue: "recorder")
        /// The journal could not be read back to settle a session, or holds a session it cannot pay (a negative
        /// rate snapshot, which the recorder never writes).
        public static let journal = Code(rawValue: "journal")
        /// A configured policy is invalid.
        public static let invalidPolicy = Code(rawValue: "invalid-policy")
        /// The session departed under a policy this configuration does not know: the return is recorded, nothing
        /// is paid and no claim is written (add the policy to ``EarningsConfiguration/retainedPolicies``); the
        /// description names the session.
        public static let unknownPolicy = Code(rawValue: "unknown-policy")
        /// A server anchor (or the enrollment's) was refused: malformed, for another journal, or not the head its
        /// request reported (the description says which). Nothing was written: ask the server again.
        public static let anchor = Code(rawValue: "anchor")
    }

    /// What kind of failure.
    public let code: Code
    /// A one-line explanation.
    public let description: String
    /// The session an ``Code/unknownPolicy`` error is about.
    package let sessionID: String?
    /// Why an anchor was refused, for ``Code/anchor``.
    package let anchorError: AnchorError?

    private init(_ code: Code, _ description: String, sessionID: String? = nil, anchor: AnchorError? = nil) {
        self.code = code
        self.description = description
        self.sessionID = sessionID
        self.anchorError = anchor
    }

    /// Equal code and words.
    public static func == (lhs: EarningsError, rhs: EarningsError) -> Bool {
        lhs.code == rhs.code && lhs.description == rhs.description
    }

    /// The directory could not be created or used.
    package static func directory(path: String, reason: String) -> EarningsError {
        EarningsError(.storage, "cannot use the directory \(path): \(reason)")
    }
    /// The key file could not be read or created, or the journal depends on a key that is lost.
    package static func key(_ error: KeyFileError) -> EarningsError {
        if case .lostKeyOfJournal = error { return EarningsError(.keyLost, error.description) }
        return EarningsError(.storage, error.description)
    }
    /// The key file holds another key than the one the journal was written under.
    package static func otherKey(keyFile: String, journal: String, failure: JournalFailure) -> EarningsError {
        EarningsError(
            .keyLost,
            "the key file \(keyFile) holds another key than the one the journal \(journal) was written under "
                + "(\(failure)): its records cannot be read with it. Restore the key file from a backup (or move the journal "
                + "aside to start a new one); nothing was changed")
    }
    /// A lifecycle event could not be recorded.
    package static func recorder(_ error: RecorderError) -> EarningsError { EarningsError(.recorder, error.description) }
    /// The journal could not be read back.
    package static func journal(_ error: JournalError) -> EarningsError {
        EarningsError(.journal, "cannot read the journal back: \(error.description)")
    }
    /// A configured policy is invalid.
    package static func invalidPolicy(version: String, _ error: RewardPolicyError) -> EarningsError {
        EarningsError(.invalidPolicy, "policy \(version) is invalid: \(error.description)")
    }
    /// The session departed under a policy this configuration does not know.
    package static func unknownPolicy(sessionID: String, version: String) -> EarningsError {
        EarningsError(
            .unknownPolicy, "session \(sessionID) departed under policy '\(version)', unknown here: not paid, no claim recorded",
            sessionID: sessionID)
    }
    /// The reward could not be computed: the journal holds a rate the recorder never writes.
    package static func reward(_ error: RewardCalculationError) -> EarningsError {
        EarningsError(.journal, "the journal holds a session that cannot be paid: \(error.description)")
    }
    /// A server anchor was refused.
    package static func anchor(_ error: AnchorError) -> EarningsError { EarningsError(.anchor, error.description, anchor: error) }
}
