extension PlayerMessage {
    /// What a ``PlayerMessage`` says: a stable string naming its template. A struct, not an enum, so that a key
    /// added later breaks no `switch` of a game: a game looks keys up in its table and falls back to
    /// ``PlayerMessage/text`` for one it does not know.
    ///
    /// Values named on each key are always present unless marked "when known".
    package struct Key: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The key's stable name (the name of its constant: `"paid"`, `"notPaidAlreadyPaid"`).
        package let rawValue: String

        /// A key by its stable name (for one decoded from a later version, or a game's own table).
        package init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The stable name.
        package var description: String { rawValue }

        /// Decodes a key from its stable name (a plain JSON string).
        package init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the stable name as a plain JSON string.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Gold was paid for the time away. Values: `gold` (paid now).
        /// "You earned 120 gold while away."
        package static let paid = Key(rawValue: "paid")

        /// The time away was shorter than the minimum that earns gold; nothing paid. Values: `awaySeconds`,
        /// `minimumSeconds`. "You were away 45s; offline gold starts after 1m."
        package static let belowMinimum = Key(rawValue: "belowMinimum")

        /// The time away was longer than the cap; time beyond it earned nothing (follows a headline). Values:
        /// `capSeconds`. "Offline earnings are capped at 8h."
        package static let capped = Key(rawValue: "capped")

        /// Time away not yet confirmed counts only up to a lower cap until it is (follows a headline). Values:
        /// `capSeconds`. "Until your time away is confirmed, at most 1h of it counts."
        package static let cappedUntilConfirmed = Key(rawValue: "cappedUntilConfirmed")

        /// Part was paid now and more is held until the time away is confirmed. Values: `gold` (paid now),
        /// `escrowGold` (held). "You earned 120 gold; 80 more once your time away is confirmed."
        package static let waitingForProof = Key(rawValue: "waitingForProof")

        /// Nothing was paid yet: all of it is held until the time away is confirmed. Values: `escrowGold`.
        /// "80 gold will be paid once your time away is confirmed."
        package static let heldForProof = Key(rawValue: "heldForProof")

        /// The time away was confirmed later and the rest was paid now (a top-up of an earlier payment). Values:
        /// `gold` (the top-up). "Your time away was confirmed: +80 gold."
        package static let settledLater = Key(rawValue: "settledLater")

        /// The daily gold limit withheld some or all of the payout (not paid later). Values: `gold` (paid now),
        /// `withheldGold`, `limitGold` (when known).
        /// "You reached today's limit of 5 000 gold; 300 gold were not paid.", without `limitGold`
        /// "You reached today's gold limit; 300 gold were not paid."
        package static let budgetReached = Key(rawValue: "budgetReached")

        /// A multiplier adds gold once it is confirmed (for example an ad view the ad network has not confirmed
        /// yet; follows a headline, one message per multiplier). Values: `multiplier` (its name), `extraGold`.
        /// "+5 gold when your ad is confirmed."
        package static let multiplierPending = Key(rawValue: "multiplierPending")

        /// Not paid: the evidence contradicts the time away claimed (a clock moved). No values.
        /// "No offline gold: the time on your device did not add up."
        package static let notPaidRejected = Key(rawValue: "notPaidRejected")

        /// Not paid: no time away could be confirmed. No values.
        /// "No offline gold: your time away could not be confirmed."
        package static let notPaidNothingProven = Key(rawValue: "notPaidNothingProven")

        /// Not paid: the time away counted but earned nothing (an earn rate of 0). Values: `awaySeconds`.
        /// "You were away 2h, but it earned no gold."
        package static let notPaidNothingEarned = Key(rawValue: "notPaidNothingEarned")

        /// Not paid: this time away was paid before (a replayed save, hours a ticket or an earlier upload paid, a
        /// confirmation that adds nothing). No values. "This time away was already paid."
        package static let notPaidAlreadyPaid = Key(rawValue: "notPaidAlreadyPaid")

        /// Not paid: the saved game holds records the game itself never writes; its gold is withheld. No values.
        /// "No offline gold: your saved game holds records the game never writes."
        package static let notPaidImpossibleEvidence = Key(rawValue: "notPaidImpossibleEvidence")

        /// Not paid: the saved game sent does not continue the one the server received before (rolled back or
        /// rewritten). No values. "No offline gold: this saved game does not follow the one sent before."
        package static let notPaidSaveRejected = Key(rawValue: "notPaidSaveRejected")

        /// The saved offline time on the device was damaged (a bad block, a restored backup): the damaged save was set
        /// aside and kept, what could be read stays paid, and offline earnings go on from here. No values.
        /// "Part of your saved offline time was damaged and set aside; offline earnings go on from here."
        package static let journalDamaged = Key(rawValue: "journalDamaged")

        /// The server received this saved game from another account too (follows a headline): it was paid here by what
        /// this account alone is owed, and a support agent can look into it. No values.
        /// "This saved game was also sent from another account. If that was not you, contact support."
        package static let saveAlsoSentByAnotherAccount = Key(rawValue: "saveAlsoSentByAnotherAccount")
    }
}
