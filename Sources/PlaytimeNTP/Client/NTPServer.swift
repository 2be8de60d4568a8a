/// An NTP server as a user names it: `host`, `host:port`, `[v6addr]:port`, or a bare IPv6 address.
public struct NTPServer: Sendable, Hashable, CustomStringConvertible {
    /// Host name or numeric address (IPv6 without brackets).
    public var host: String
    /// UDP port; 123 unless given.
    public var port: UInt16

    /// The standard NTP port.
    public static let standardPort: UInt16 = 123

    /// Creates a server from a host and port.
    public init(host: String, port: UInt16 = standardPort) {
        self.host = host
        self.port = port
    }

    /// Parses `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 literal; `nil` if malformed.
    public init?(parsing text: String) {
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard !host.isEmpty else { return nil }
            if rest.isEmpty { self.init(host: host); return }
            guard rest.hasPrefix(":"), let port = UInt16(rest.dropFirst()), port > 0 else { return nil }
            self.init(host: host, port: port)
            return
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 0 { self.init(host: text); return }
        if colons == 1 {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard !parts[0].isEmpty, let port = UInt16(parts[1]), port > 0 else { return nil }
            self.init(host: String(parts[0]), port: port)
            return
        }
        // Several colons and no brackets: a bare IPv6 literal on the standard port.
        guard SocketAddressSyntax.looksLikeIPv6(text) else { return nil }
        self.init(host: text)
    }

    /// `host:port`, with brackets around IPv6 hosts.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

enum SocketAddressSyntax {
    static func looksLikeIPv6(_ text: String) -> Bool {
        text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "%" }
    }
}
