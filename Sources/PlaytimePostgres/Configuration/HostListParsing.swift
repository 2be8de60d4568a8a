/// The host part of a connection URL: one host, or several separated by commas as libpq writes them
/// (`h1:5432,[::1]:5433,h3`). docs/postgres-client.md, "Several hosts".
enum HostListParsing {
    /// The entries of `hostPart`, each percent-decoded, with its port when one was written. One entry may be
    /// empty (the default host); in a list of several, an empty entry is refused.
    static func entries(_ hostPart: Substring) throws(PostgresError) -> [(host: String, port: UInt16?)] {
        let pieces = hostPart.split(separator: ",", omittingEmptySubsequences: false)
        guard pieces.count > 1 else { return [try entry(hostPart)] }
        var entries: [(host: String, port: UInt16?)] = []
        for (index, piece) in pieces.enumerated() {
            guard !piece.isEmpty else { throw .invalidURL("host \(index + 1) of the \(pieces.count) in the list is empty") }
            let parsed = try entry(piece)
            guard !parsed.host.isEmpty else { throw .invalidURL("host \(index + 1) of the \(pieces.count) in the list has no name") }
            entries.append(parsed)
        }
        return entries
    }

    /// One entry: `name`, `name:port`, `[v6]`, `[v6]:port`, or a %-encoded socket directory.
    static func entry(_ text: Substring) throws(PostgresError) -> (host: String, port: UInt16?) {
        if text.first == "[" {
            guard let close = text.firstIndex(of: "]") else { throw .invalidURL("unclosed [ in the IPv6 host") }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            guard !after.isEmpty else { return (host, nil) }
            guard after.first == ":" else { throw .invalidURL("unexpected text after the IPv6 host") }
            return (host, try port(after.dropFirst()))
        }
        if let colon = text.lastIndex(of: ":") {
            return (try PercentDecoding.decode(text[..<colon], part: "host"), try port(text[text.index(after: colon)...]))
        }
        return (try PercentDecoding.decode(text, part: "host"), nil)
    }

    /// A port number from 1 to 65535.
    static func port(_ text: Substring) throws(PostgresError) -> UInt16 {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt16(text), value > 0 else {
            throw .invalidURL("port \"\(text)\" is not a number from 1 to 65535")
        }
        return value
    }
}
