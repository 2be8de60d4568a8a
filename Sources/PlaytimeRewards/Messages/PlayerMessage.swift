/// A short message for the player about one payout, as a key and named values so that a game can show it in
/// the player's language, with the English text built in.
///
/// To localise, look ``key`` up in the game's own table, fill the template's placeholders from ``values``
/// (gold amounts and durations are plain decimal integers there: format them the player's way), and show
/// ``text`` when the key is not in the table (a key added by a later version). Every key, its values and its
/// English template: docs/player-messages.md.
public struct PlayerMessage: Sendable, Equatable, Hashable, Encodable {
    /// What the message says, as a constant to compare with (``Key``); it decides the template and which
    /// ``values`` are present.
    package let kind: Key
    /// What the message says, as the stable name a game looks up in its own table (docs/player-messages.md lists
    /// every key); a later version may add keys, so a game keeps a fallback (``text``).
    public var key: String { kind.rawValue }
    /// The named values the template uses: gold amounts (names ending in `Gold`, and `gold`) and durations in
    /// seconds (names ending in `Seconds`) as decimal integers, and names such as `multiplier` as given.
    public let values: [String: String]
    /// The message in English, built from ``key`` and ``values`` (gold grouped as "5 000", durations as "2h 30m").
    public let text: String

    /// A message whose English text is built from its key and values.
    package init(_ key: Key, _ values: [String: String] = [:]) {
        self.kind = key
        self.values = values
        text = EnglishMessages.text(key, values)
    }

    /// The JSON names: the key is written as `key` (docs/player-messages.md).
    enum CodingKeys: String, CodingKey {
        case kind = "key"
        case values, text
    }
}
