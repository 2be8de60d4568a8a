internal import PlaytimeCrypto

/// The text of an anchor request, what a device sends its server to be anchored (docs/anchors.md, "Asking for an
/// anchor"): `pr1.<journal id>.<head sequence>.<head MAC, or - at the journal's start>`. The device writes it, the
/// server reads it; both sides use this one codec.
package enum AnchorRequestText {
    /// The text for a journal at this head.
    package static func encode(journalID: String, headSequence: UInt64, headMAC: String) -> String {
        ["pr1", journalID, String(headSequence), headMAC.isEmpty ? "-" : headMAC].joined(separator: ".")
    }

    /// The journal id, head sequence and head MAC of a request's text; `nil` unless it has the `pr1` layout (the
    /// server checks the fields themselves as it checks them from any source).
    package static func decode(_ text: String) -> (journalID: String, headSequence: UInt64, headMAC: String)? {
        guard text.utf8.count <= 256 else { return nil }
        let fields = text.split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "pr1", let sequence = AnchorDecimal.uint64(String(fields[2])) else { return nil }
        return (String(fields[1]), sequence, fields[3] == "-" ? "" : String(fields[3]))
    }
}
