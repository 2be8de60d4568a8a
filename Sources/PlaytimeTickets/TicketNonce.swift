internal import PlaytimeCrypto

/// The 128-bit random value that makes each departure ticket single-use.
///
/// Written as 32 lowercase hex digits (most significant byte first) in JSON, in the replay file
/// and in ``description``; carried as 16 raw bytes in the canonical encoding.
package struct TicketNonce: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Bytes 0–7, big-endian.
    package var high: UInt64
    /// Bytes 8–15, big-endian.
    package var low: UInt64

    /// Creates a nonce from its two halves.
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Creates a nonce from exactly 16 bytes; `nil` for any other count.
    package init?<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// Parses 32 hex digits (either case); `nil` for anything else.
    package init?<Text: StringProtocol>(hex: Text) {
        guard let bytes = Hex.decode(hex), let nonce = TicketNonce(bytes: bytes) else { return nil }
        self = nonce
    }

    /// A fresh nonce from `generator`; pass a cryptographically secure generator in production.
    package static func random<G: RandomNumberGenerator>(using generator: inout G) -> TicketNonce {
        TicketNonce(high: generator.next(), low: generator.next())
    }

    /// A fresh nonce from the system's cryptographically secure generator.
    package static func random() -> TicketNonce {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// The 16 bytes, most significant first.
    package var bytes: [UInt8] {
        (0..<16).map { index in
            let word = index < 8 ? high : low
            return UInt8(truncatingIfNeeded: word >> (56 - 8 * UInt64(index % 8)))
        }
    }

    /// 32 lowercase hex digits.
    package var description: String { Hex.encode(bytes) }

    /// Decodes the 32-digit hex form.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let nonce = TicketNonce(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "nonce must be 32 hex digits")
        }
        self = nonce
    }

    /// Encodes the 32-digit hex form.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
