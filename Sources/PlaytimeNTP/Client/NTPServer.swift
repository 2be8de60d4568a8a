/// An NTP server as a user names it: `host`, `host:port`, `[v6addr]:port`, or a bare IPv6 address.
public struct NTPServer: Sendable, Hashable, CustomStringConvertible {
    /// Host name or numeric address (IPv6 without brackets).
    package var host: String
    /// UDP port; 123 unless given.
    package var port: UInt16

    /// The standard NTP port.
    package static let standardPort: UInt16 = 123

    /// Creates a server from a host and port.
    public init(host: String, port: UInt16 = 123) {
        self.host = host
        self.port = port
    }

    /// Parses `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 literal; `nil` if malformed.
    ///
    /// Everything is checked here, before any resolver could be asked: a host is a DNS name (labels of
    /// letters, digits, `-` and `_`, 1–63 bytes each, 253 in all, an optional final dot), an IPv4 address
    /// in dotted decimal, or an IPv6 address (optionally with a `%zone`); a port is 1–65535 in decimal.
    package init?(parsing text: String) {
        guard !text.isEmpty, text.utf8.count <= 300 else { return nil }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard HostSyntax.isIPv6(host) else { return nil }
            if rest.isEmpty {
                self.init(host: host)
                return
            }
            guard rest.hasPrefix(":"), let port = HostSyntax.port(rest.dropFirst()) else { return nil }
            self.init(host: host, port: port)
            return
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 0 {
            guard HostSyntax.isHostName(text) else { return nil }
            self.init(host: text)
            return
        }
        if colons == 1 {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard HostSyntax.isHostName(parts[0]), let port = HostSyntax.port(parts[1]) else { return nil }
            self.init(host: String(parts[0]), port: port)
            return
        }
        // Several colons and no brackets: a bare IPv6 literal on the standard port.
        guard HostSyntax.isIPv6(text) else { return nil }
        self.init(host: text)
    }

    /// `host:port`, with brackets around IPv6 hosts.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// The textual forms of hosts and ports a server may be given in (RFC 1123 names, RFC 4291 §2.2 addresses).
enum HostSyntax {
    /// A decimal port 1–65535: ASCII digits only (no sign, no spaces), at most five of them.
    static func port(_ text: Substring) -> UInt16? {
        guard !text.isEmpty, text.utf8.count <= 5, text.utf8.allSatisfy(isDigit), let value = UInt16(text), value > 0 else { return nil }
        return value
    }

    /// A DNS name or a dotted-decimal IPv4 address. A name made only of digits and dots must be a valid
    /// IPv4 address, so `999.1.1.1` is refused instead of being sent to DNS.
    static func isHostName(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 254 else { return false }
        if bytes.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) { return isIPv4(bytes[...]) }
        var labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }  // a fully qualified name's final dot
        guard bytes.count - (bytes.last == UInt8(ascii: ".") ? 1 : 0) <= 253 else { return false }
        return labels.allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
            return label.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        }
    }

    static func isHostName(_ text: String) -> Bool { isHostName(text[...]) }

    /// Four decimal numbers 0–255 separated by dots, without leading zeros.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy(isOctet)
    }

    /// An IPv6 address: eight groups of 1–4 hex digits, or fewer around one `::`, the last two groups
    /// optionally an IPv4 address, then optionally `%zone` (a non-empty interface name or number).
    static func isIPv6(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let percent = bytes.firstIndex(of: UInt8(ascii: "%")) {
            let zone = bytes[(percent + 1)...]
            guard !zone.isEmpty, zone.count <= 32,
                zone.allSatisfy({ isDigit($0) || isLetter($0) || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ".")].contains($0) })
            else { return false }
            bytes = bytes[..<percent]
        }
        guard bytes.count >= 2, bytes.count <= 45 else { return false }
        let halves = split(bytes, on: "::")
        guard halves.count <= 2 else { return false }
        guard let head = groups(halves[0], allowIPv4Last: halves.count == 1) else { return false }
        if halves.count == 1 { return head == 8 }
        guard let tail = groups(halves[1], allowIPv4Last: true) else { return false }
        return head + tail <= 7
    }

    /// The number of 16-bit groups in a `:`-separated run (an IPv4 tail counts two), `nil` if malformed.
    private static func groups(_ bytes: ArraySlice<UInt8>, allowIPv4Last: Bool) -> Int? {
        if bytes.isEmpty { return 0 }
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (index, part) in parts.enumerated() {
            if index == parts.count - 1, allowIPv4Last, part.contains(UInt8(ascii: ".")) {
                guard isIPv4(part) else { return nil }
                count += 2
                continue
            }
            guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return nil }
            count += 1
        }
        return count
    }

    /// Splits at every occurrence of a two-byte separator.
    private static func split(_ bytes: ArraySlice<UInt8>, on separator: StaticString) -> [ArraySlice<UInt8>] {
        let first = separator.utf8Start[0]
        let second = separator.utf8Start[1]
        var pieces: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == first, index + 1 < bytes.endIndex, bytes[index + 1] == second {
                pieces.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(bytes[start..<bytes.endIndex])
        return pieces
    }

    private static func isOctet(_ part: ArraySlice<UInt8>) -> Bool {
        guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
        if part.count > 1, part.first == UInt8(ascii: "0") { return false }
        return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
