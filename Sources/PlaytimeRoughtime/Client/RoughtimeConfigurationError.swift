/// Why a `SERVER=KEY` text does not name a Roughtime server.
package enum RoughtimeConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `=` between the server and the key.
    case missingKey
    /// The server part is not `host`, `host:port`, `[v6]`, `[v6]:port` or an IPv6 literal.
    case badServer(String)
    /// The key is not canonical padded base64 of 32 bytes.
    case badKeyEncoding
    /// The 32 bytes are not a valid Ed25519 public key.
    case invalidKey

    /// One sentence.
    package var description: String {
        switch self {
        case .missingKey: "expected SERVER=KEY (KEY the server's base64 Ed25519 public key)"
        case .badServer(let text): "'\(text)' is not a server (host, host:port, [ipv6]:port or an IPv6 literal)"
        case .badKeyEncoding: "the key is not base64 of 32 bytes"
        case .invalidKey: "the key is not a valid Ed25519 public key"
        }
    }
}
