package import PlaytimeCrypto
internal import PlaytimeNTP

/// A Roughtime server as a game configures it: where it is and the long-term key its answers must carry.
public struct RoughtimeServer: Sendable, Hashable, CustomStringConvertible {
    /// Host name or numeric address (IPv6 without brackets).
    package var host: String
    /// UDP port; 2002 unless given.
    package var port: UInt16
    /// The server's long-term Ed25519 public key.
    package var publicKey: Ed25519PublicKey

    /// The port Roughtime servers listen on (draft-ietf-ntp-roughtime-19 §12.1, Appendix A).
    package static let standardPort: UInt16 = 2002

    /// Creates a server.
    package init(host: String, port: UInt16, publicKey: Ed25519PublicKey) {
        self.host = host
        self.port = port
        self.publicKey = publicKey
    }

    /// Parses `SERVER=BASE64KEY`: SERVER in the host syntax of `NTPServer(parsing:)` (port 2002 unless
    /// given), KEY the 32-byte public key in padded base64. The first `=` separates them (hosts have none).
    package init(parsing text: String) throws(RoughtimeConfigurationError) {
        guard let equals = text.firstIndex(of: "=") else { throw .missingKey }
        let serverText = String(text[..<equals])
        let keyText = text[text.index(after: equals)...]
        guard let server = NTPServer(parsing: serverText) else { throw .badServer(serverText) }
        let portGiven = serverText != server.host && serverText != "[\(server.host)]"
        guard let raw = Base64.decode(keyText), raw.count == 32 else { throw .badKeyEncoding }
        guard let key = try? Ed25519PublicKey(rawRepresentation: raw) else { throw .invalidKey }
        self.init(host: server.host, port: portGiven ? server.port : Self.standardPort, publicKey: key)
    }

    /// Reads `HOST[:PORT]=BASE64KEY` (the server's address, port 2002 when none is given, and its Ed25519 public key in
    /// base64); `nil` when the text is not a server and its key.
    public init?(_ text: String) {
        guard let server = try? RoughtimeServer(parsing: text) else { return nil }
        self = server
    }

    /// `host:port`, with brackets around IPv6 hosts.
    package var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// `host:port=KEY`, the form `init(parsing:)` reads.
    public var description: String { address + "=" + Base64.encode(publicKey.rawRepresentation) }
}
