package import PlaytimeHTTP
internal import PlaytimeSystem

/// A request's target matched to an operation.
package struct RouteMatch: Sendable, Equatable {
    /// The operation.
    package var operation: ServiceOperation
    /// The player id from the path (decoded), for the operations under `/v1/players/{player}`.
    package var player: String?
}

/// Matching request paths to ``ServiceOperation``s.
package enum ServiceRoutes {
    /// What a path names: the operations whose path it matches (several methods may share one), with the player
    /// and the session id from it, decoded.
    package struct Matched: Sendable {
        /// The operations of the path.
        package var operations: [ServiceOperation]
        /// The player id, for the operations under `/v1/players/{player}` and `/v1/console/players/{player}`.
        package var player: String?
        /// The session id, for `/v1/console/sessions/{session}`.
        package var session: String?
    }

    /// What `path` (without the query) names; `nil` for no path of the service. Throws for a player id that is not
    /// valid percent-encoded UTF-8 of 1–64 characters without control characters, or a session id that is not 1–128
    /// printable ASCII characters.
    package static func match(path: Substring) throws(Problem) -> Matched? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, segments[0].isEmpty else { return nil }
        if segments[1] == "console" { return consoleAsset(segments) }
        // "", "v1", …
        guard segments.count >= 3, segments[1] == "v1" else { return nil }
        if segments[2] == "console" { return try console(segments) }
        if segments.count == 3 {
            let found = ServiceOperation.allCases.filter { $0.path == "/v1/" + segments[2] }
            return found.isEmpty ? nil : Matched(operations: found)
        }
        guard segments.count == 5, segments[2] == "players" else { return nil }
        let found = ServiceOperation.allCases.filter { $0.path == "/v1/players/{player}/" + segments[4] }
        guard !found.isEmpty else { return nil }
        return Matched(operations: found, player: try PlayerID.decode(segments[3]))
    }

    /// `/console`, `/console/app.js`, `/console/app.css`.
    private static func consoleAsset(_ segments: [Substring]) -> Matched? {
        let path = segments.joined(separator: "/")
        let found = ServiceOperation.allCases.filter { $0.path == path && !$0.needsKey && $0.path.hasPrefix("/console") }
        return found.isEmpty ? nil : Matched(operations: found)
    }

    /// `/v1/console/players/{player}`, `…/{player}/export`, `/v1/console/sessions/{session}`.
    private static func console(_ segments: [Substring]) throws(Problem) -> Matched? {
        switch (segments.count, segments.count > 3 ? segments[3] : "") {
        case (5, "players"): return Matched(operations: [.consolePlayer], player: try PlayerID.decode(segments[4]))
        case (6, "players") where segments[5] == "export": return Matched(operations: [.consoleExport], player: try PlayerID.decode(segments[4]))
        case (5, "sessions"):
            let session = try PlayerID.percentDecoded(segments[4], what: "session id")
            guard PlayerID.isSessionID(session) else {
                throw Problem(400, "bad-request", "the session id must be 1–128 printable ASCII characters (bytes 0x21–0x7e)")
            }
            return Matched(operations: [.consoleSession], session: session)
        default: return nil
        }
    }
}

/// Player ids as they travel in paths.
package enum PlayerID {
    /// The most characters (Unicode scalars) of a player id: at most 256 bytes of UTF-8, what anchors carry.
    package static let maximumCharacters = 64

    /// The id in a path segment: percent-decoded, valid UTF-8, 1–64 characters, none a control character (C0, DEL,
    /// C1) — docs/openapi.json's `player`.
    package static func decode(_ segment: Substring) throws(Problem) -> String {
        let text = try percentDecoded(segment, what: "player id")
        guard !text.isEmpty, text.unicodeScalars.count <= maximumCharacters else {
            throw Problem(400, "bad-request", "the player id must be 1–\(maximumCharacters) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }) else {
            throw Problem(400, "bad-request", "the player id contains a control character")
        }
        return text
    }

    /// A path segment percent-decoded to valid UTF-8 (`what` names it in the problem's detail).
    package static func percentDecoded(_ segment: Substring, what: String) throws(Problem) -> String {
        var bytes: [UInt8] = []
        var utf8 = segment.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                    throw Problem(400, "bad-request", "the \(what) in the path has a '%' not followed by two hex digits")
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard let text = String(strictUTF8: bytes) else {
            throw Problem(400, "bad-request", "the \(what) is not valid UTF-8")
        }
        return text
    }

    /// True for a session id of the contract: 1 to 128 printable ASCII characters (bytes 0x21–0x7e), as journals
    /// write them (docs/journal-format.md §7).
    package static func isSessionID(_ session: String) -> Bool {
        (1...128).contains(session.utf8.count) && session.utf8.allSatisfy { (0x21...0x7e).contains($0) }
    }

    /// True for a text of 1 to `maximum` characters, none a control character.
    package static func isPlainText(_ text: String, maximum: Int) -> Bool {
        (1...maximum).contains(text.unicodeScalars.count) && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }
}
