internal import PlaytimeCrypto

/// The payload of a `roughtime` record (docs/journal-format.md §12), written and read in one fixed layout:
///
/// `{"v":1,"session":"…","proves":"departure|return","boot":<int>,"bootId":<string|null>,"keys":[hex…],"blinds":[hex…],"requests":[hex…],"responses":[hex…]}`
package enum SignedTimeCodec {
    /// Payload schema version.
    package static let version: Int64 = 1

    /// The payload bytes for `record`.
    package static func encode(_ record: SignedTimeRecord) -> [UInt8] {
        var writer = FixedJSONWriter()
        writer.integer("v", version)
        writer.string("session", record.sessionID)
        writer.string("proves", record.proves.rawValue)
        writer.integer("boot", record.bootNanoseconds)
        writer.string("bootId", record.bootID)
        writer.strings("keys", record.links.map { Hex.encode($0.publicKey) })
        writer.strings("blinds", record.links.map { Hex.encode($0.blind) })
        writer.strings("requests", record.links.map { Hex.encode($0.request) })
        writer.strings("responses", record.links.map { Hex.encode($0.response) })
        return writer.finish()
    }

    /// Decodes a payload written by `encode`; `nil` for anything else (wrong layout, uppercase or odd hex,
    /// keys or blinds not 32 bytes, packets over ``SignedTimeRecord/maximumPacketBytes``, 0 or more than
    /// ``SignedTimeRecord/maximumLinks`` links, lists of different lengths, an empty or non-printable session).
    package static func decode(_ payload: UnsafeRawBufferPointer) -> SignedTimeRecord? {
        var scanner = FixedJSONScanner(payload)
        guard scanner.literal(#"{"v":"#), scanner.integerValue() == version,
            scanner.literal(#","session":"#), let session = scanner.stringValue(), !session.isEmpty, EvidenceCodec.isSessionID(session),
            scanner.literal(#","proves":"#), let provesText = scanner.stringValue(), let proves = SignedTimeEvent(rawValue: provesText),
            scanner.literal(#","boot":"#), let boot = scanner.integerValue(),
            scanner.literal(#","bootId":"#)
        else { return nil }
        let bootID: String?
        if scanner.takeNull() {
            bootID = nil
        } else {
            guard let text = scanner.stringValue() else { return nil }
            bootID = text
        }
        guard scanner.literal(#","keys":"#), let keys = scanner.stringsValue(),
            scanner.literal(#","blinds":"#), let blinds = scanner.stringsValue(),
            scanner.literal(#","requests":"#), let requests = scanner.stringsValue(),
            scanner.literal(#","responses":"#), let responses = scanner.stringsValue(),
            scanner.end()
        else { return nil }
        let count = keys.count
        guard (1...SignedTimeRecord.maximumLinks).contains(count), blinds.count == count, requests.count == count,
            responses.count == count
        else { return nil }
        var links: [SignedTimeLink] = []
        for index in 0..<count {
            guard let key = lowercaseHex(keys[index], limit: 32), key.count == 32,
                let blind = lowercaseHex(blinds[index], limit: 32), blind.count == 32,
                let request = lowercaseHex(requests[index], limit: SignedTimeRecord.maximumPacketBytes), !request.isEmpty,
                let response = lowercaseHex(responses[index], limit: SignedTimeRecord.maximumPacketBytes), !response.isEmpty
            else { return nil }
            links.append(SignedTimeLink(publicKey: key, blind: blind, request: request, response: response))
        }
        return SignedTimeRecord(sessionID: session, proves: proves, bootNanoseconds: boot, bootID: bootID, links: links)
    }

    /// Decodes a payload given as bytes.
    package static func decode(_ payload: [UInt8]) -> SignedTimeRecord? {
        payload.withUnsafeBytes { decode($0) }
    }

    /// Lowercase hex of at most `limit` bytes, as written (one spelling per value); `nil` otherwise.
    private static func lowercaseHex(_ text: String, limit: Int) -> [UInt8]? {
        let ascii = text.utf8
        guard ascii.count <= 2 * limit,
            ascii.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) })
        else { return nil }
        return Hex.decode(ascii: ascii)
    }
}
