/// The English templates of the player messages and how they are filled (docs/player-messages.md).
///
/// A template names values in braces: `{gold}`. Values named `gold` or ending in `Gold` are written with
/// ``GoldFormatting/gold(_:)`` ("5 000"), those ending in `Seconds` with ``GoldFormatting/duration(_:)``
/// ("2h 30m"); others as given. A key has one template, or several tried in order: the first whose values are
/// all present is used.
enum EnglishMessages {
    /// The templates per key (first whose values are all present wins).
    static let templates: [PlayerMessage.Key: [String]] = [
        .paid: ["You earned {gold} gold while away."],
        .belowMinimum: ["You were away {awaySeconds}; offline gold starts after {minimumSeconds}."],
        .capped: ["Offline earnings are capped at {capSeconds}."],
        .cappedUntilConfirmed: ["Until your time away is confirmed, at most {capSeconds} of it counts."],
        .waitingForProof: ["You earned {gold} gold; {escrowGold} more once your time away is confirmed."],
        .heldForProof: ["{escrowGold} gold will be paid once your time away is confirmed."],
        .settledLater: ["Your time away was confirmed: +{gold} gold."],
        .budgetReached: [
            "You reached today's limit of {limitGold} gold; {withheldGold} gold were not paid.",
            "You reached today's gold limit; {withheldGold} gold were not paid.",
        ],
        .multiplierPending: ["+{extraGold} gold when your {multiplier} is confirmed."],
        .notPaidRejected: ["No offline gold: the time on your device did not add up."],
        .notPaidNothingProven: ["No offline gold: your time away could not be confirmed."],
        .notPaidNothingEarned: ["You were away {awaySeconds}, but it earned no gold."],
        .notPaidAlreadyPaid: ["This time away was already paid."],
        .notPaidImpossibleEvidence: ["No offline gold: your saved game holds records the game never writes."],
        .notPaidSaveRejected: ["No offline gold: this saved game does not follow the one sent before."],
        .journalDamaged: ["Part of your saved offline time was damaged and set aside; offline earnings go on from here."],
        .saveAlsoSentByAnotherAccount: ["This saved game was also sent from another account. If that was not you, contact support."],
    ]

    /// The English text of `key` with `values`; a key without a template (a later version's) gets a neutral line.
    static func text(_ key: PlayerMessage.Key, _ values: [String: String]) -> String {
        let candidates = templates[key] ?? []
        guard let template = candidates.first(where: { placeholders($0).allSatisfy { values[$0] != nil } }) ?? candidates.last else {
            return "Offline earnings updated."
        }
        return fill(template, values)
    }

    /// The value names a template uses, in order.
    static func placeholders(_ template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `template` with each placeholder replaced by its formatted value (a missing one is left as written).
    private static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            text += values[name].map { format($0, named: name) } ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// One value as the English text writes it.
    private static func format(_ value: String, named name: String) -> String {
        guard let number = Int64(value) else { return value }
        if name == "gold" || name.hasSuffix("Gold") { return GoldFormatting.gold(number) }
        if name.hasSuffix("Seconds") { return GoldFormatting.duration(number) }
        return value
    }
}
