internal import PlaytimeCrypto
internal import PlaytimeSystem

/// A game server's statement of its own time, bound to one journal of one account at one head: the server
/// saw that journal's record `headSequence` (whose MAC is `headMAC`) at `serverNanoseconds`. Recorded in the
/// journal as an `anchor` record, it places the journal on the server's clock: every record up to the head
/// existed before that time, every record after the anchor record was written after it (docs/anchors.md).
///
/// Its text (``text``) is what the server hands the device; only the server, holding the key derived from its
/// secret, can make one that ``AnchorKey/verifies(_:)``. The device reads it (its time is a fix of the
/// server's clock) but cannot alter it.
package struct ServerAnchor: Sendable, Hashable {
    /// The server's clock when it issued the anchor, Unix nanoseconds.
    package var serverNanoseconds: Int64
    /// The player account it was issued to (the server's name for the player).
    package var account: String
    /// The journal's id, 32 lowercase hex digits.
    package var journalID: String
    /// The journal head the device reported: the sequence of its last record, `0` for the journal's start
    /// (an enrollment, before any record).
    package var headSequence: UInt64
    /// The MAC of that record, 64 lowercase hex digits; empty with `headSequence` 0.
    package var headMAC: String
    /// 32 random hex digits: no two anchors are the same text.
    package var nonce: String
    /// The server's MAC over the other fields (32 bytes).
    package var mac: [UInt8]

    /// The longest token accepted (a long account name included).
    package static let maximumTextByteCount = 1024
    /// The token's leading label and version.
    static let prefix = "pa1"

    /// Creates an anchor from its fields (a server makes them with ``AnchorKey/issue(serverNanoseconds:account:journalID:headSequence:headMAC:nonce:)``).
    package init(
        serverNanoseconds: Int64, account: String, journalID: String, headSequence: UInt64, headMAC: String,
        nonce: String, mac: [UInt8]
    ) {
        self.serverNanoseconds = serverNanoseconds
        self.account = account
        self.journalID = journalID
        self.headSequence = headSequence
        self.headMAC = headMAC
        self.nonce = nonce
        self.mac = mac
    }

    /// The token: `pa1.<time>.<account hex>.<journal id>.<head seq>.<head MAC or ->.<nonce>.<MAC hex>`, printable
    /// ASCII without spaces, quotes or backslashes (it goes into JSON and HTTP bodies as it is).
    package var text: String { signedText + "." + Hex.encode(mac) }

    /// Everything the MAC covers: the token up to its last dot.
    package var signedText: String {
        [
            Self.prefix, String(serverNanoseconds), Hex.encode(Array(account.utf8)), journalID, String(headSequence),
            headMAC.isEmpty ? "-" : headMAC, nonce,
        ].joined(separator: ".")
    }

    /// Parses a token's layout (it does not check the MAC: only the server can, with ``AnchorKey``).
    package init(text: String) throws(AnchorError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumTextByteCount else { throw .malformed("longer than \(Self.maximumTextByteCount) bytes") }
        let fields = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 8, fields[0] == Self.prefix else { throw .malformed("not a pa1 anchor") }
        guard let time = AnchorDecimal.int64(fields[1]), time >= 0 else { throw .malformed("bad server time") }
        guard let accountBytes = Hex.decodeLowercase(fields[2]), let account = String(strictUTF8: accountBytes) else {
            throw .malformed("bad account")
        }
        guard fields[3].utf8.count == 32, Hex.decodeLowercase(fields[3]) != nil else { throw .malformed("bad journal id") }
        guard let sequence = AnchorDecimal.uint64(fields[4]) else { throw .malformed("bad head sequence") }
        let headMAC: String
        if fields[5] == "-" {
            guard sequence == 0 else { throw .malformed("a head after the start needs its MAC") }
            headMAC = ""
        } else {
            guard sequence > 0, fields[5].utf8.count == 64, Hex.decodeLowercase(fields[5]) != nil else { throw .malformed("bad head MAC") }
            headMAC = fields[5]
        }
        guard fields[6].utf8.count == 32, Hex.decodeLowercase(fields[6]) != nil else { throw .malformed("bad nonce") }
        guard fields[7].utf8.count == 64, let mac = Hex.decodeLowercase(fields[7]) else { throw .malformed("bad MAC") }
        self.init(
            serverNanoseconds: time, account: account, journalID: fields[3], headSequence: sequence, headMAC: headMAC,
            nonce: fields[6], mac: mac)
    }
}

/// Why an anchor token or record was refused.
package enum AnchorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token is not in the `pa1` layout (the reason in words).
    case malformed(String)
    /// The token was not issued for this journal (another journal, or its head is not the journal's).
    case wrongJournal
    /// The token names a head the journal does not have, or one after the place it is recorded.
    case wrongHead(String)

    /// In words.
    package var description: String {
        switch self {
        case .malformed(let reason): return "not a server anchor: \(reason)"
        case .wrongJournal: return "the server anchor was issued for another journal"
        case .wrongHead(let reason): return "the server anchor does not match this journal: \(reason)"
        }
    }
}
