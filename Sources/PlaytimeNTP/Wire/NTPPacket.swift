/// The 48-byte NTP header (RFC 5905 §7.3). Extension fields and MACs after it are ignored.
package struct NTPPacket: Sendable, Hashable {
    /// Header size in bytes.
    package static let headerSize = 48

    /// Leap indicator, 0–3; 3 means the server's clock is unsynchronized.
    package var leap: UInt8
    /// Protocol version, 1–4.
    package var version: UInt8
    /// Association mode: 3 client, 4 server.
    package var mode: UInt8
    /// Stratum: 0 Kiss-o'-Death, 1 primary, 2–15 secondary, 16 unsynchronized.
    package var stratum: UInt8
    /// Poll exponent (log2 seconds).
    package var poll: Int8
    /// Precision exponent (log2 seconds) of the sender's clock.
    package var precision: Int8
    /// Round-trip delay to the primary reference.
    package var rootDelay: NTPShortFormat
    /// Dispersion to the primary reference.
    package var rootDispersion: NTPShortFormat
    /// Reference ID; for stratum 0, the four ASCII letters of the kiss code.
    package var referenceID: UInt32
    /// When the server's clock was last set.
    package var referenceTimestamp: NTPTimestamp
    /// The client's transmit timestamp echoed back (our nonce).
    package var originTimestamp: NTPTimestamp
    /// When the request reached the server (T2).
    package var receiveTimestamp: NTPTimestamp
    /// When the reply left the server (T3).
    package var transmitTimestamp: NTPTimestamp

    /// Creates a packet field by field.
    package init(
        leap: UInt8 = 0, version: UInt8 = 4, mode: UInt8, stratum: UInt8 = 0, poll: Int8 = 0, precision: Int8 = 0,
        rootDelay: NTPShortFormat = .init(rawValue: 0), rootDispersion: NTPShortFormat = .init(rawValue: 0),
        referenceID: UInt32 = 0, referenceTimestamp: NTPTimestamp = .zero, originTimestamp: NTPTimestamp = .zero,
        receiveTimestamp: NTPTimestamp = .zero, transmitTimestamp: NTPTimestamp = .zero
    ) {
        self.leap = leap
        self.version = version
        self.mode = mode
        self.stratum = stratum
        self.poll = poll
        self.precision = precision
        self.rootDelay = rootDelay
        self.rootDispersion = rootDispersion
        self.referenceID = referenceID
        self.referenceTimestamp = referenceTimestamp
        self.originTimestamp = originTimestamp
        self.receiveTimestamp = receiveTimestamp
        self.transmitTimestamp = transmitTimestamp
    }

    /// A version 4 client request whose transmit timestamp is the random `nonce`, every other field zero,
    /// so that it reveals nothing about the local clock.
    package static func clientRequest(nonce: UInt64) -> NTPPacket {
        NTPPacket(mode: 3, transmitTimestamp: NTPTimestamp(rawValue: nonce))
    }

    /// Decodes the header; `nil` when fewer than 48 bytes are given.
    package init?(decoding bytes: some Collection<UInt8>) {
        guard bytes.count >= Self.headerSize else { return nil }
        let b = Array(bytes.prefix(Self.headerSize))
        leap = b[0] >> 6
        version = (b[0] >> 3) & 0x7
        mode = b[0] & 0x7
        stratum = b[1]
        poll = Int8(bitPattern: b[2])
        precision = Int8(bitPattern: b[3])
        rootDelay = NTPShortFormat(rawValue: readUInt32(b, 4))
        rootDispersion = NTPShortFormat(rawValue: readUInt32(b, 8))
        referenceID = readUInt32(b, 12)
        referenceTimestamp = NTPTimestamp(rawValue: readUInt64(b, 16))
        originTimestamp = NTPTimestamp(rawValue: readUInt64(b, 24))
        receiveTimestamp = NTPTimestamp(rawValue: readUInt64(b, 32))
        transmitTimestamp = NTPTimestamp(rawValue: readUInt64(b, 40))
    }

    /// The 48 header bytes in network byte order.
    package func encoded() -> [UInt8] {
        var b = [UInt8](repeating: 0, count: Self.headerSize)
        b[0] = (leap & 0x3) << 6 | (version & 0x7) << 3 | (mode & 0x7)
        b[1] = stratum
        b[2] = UInt8(bitPattern: poll)
        b[3] = UInt8(bitPattern: precision)
        writeUInt32(&b, 4, rootDelay.rawValue)
        writeUInt32(&b, 8, rootDispersion.rawValue)
        writeUInt32(&b, 12, referenceID)
        writeUInt64(&b, 16, referenceTimestamp.rawValue)
        writeUInt64(&b, 24, originTimestamp.rawValue)
        writeUInt64(&b, 32, receiveTimestamp.rawValue)
        writeUInt64(&b, 40, transmitTimestamp.rawValue)
        return b
    }

    /// True when `datagram` is long enough to be a header and echoes `nonce` as its origin timestamp:
    /// the only datagrams that may answer our request. Anything else is ignored, not believed.
    package static func echoes(nonce: UInt64, in datagram: some Collection<UInt8>) -> Bool {
        guard datagram.count >= headerSize else { return false }
        var origin: UInt64 = 0
        for byte in datagram.dropFirst(24).prefix(8) { origin = origin << 8 | UInt64(byte) }
        return origin == nonce
    }

    /// For a Kiss-o'-Death (stratum 0) packet, the kiss code (e.g. `RATE`, `DENY`); otherwise `nil`.
    package var kissCode: String? {
        guard stratum == 0 else { return nil }
        let letters = (0..<4).map { UInt8(truncatingIfNeeded: referenceID >> (24 - 8 * $0)) }
        let printable = letters.map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "?" }
        return String(printable).trimmingTrailingSpaces()
    }
}

private func readUInt32(_ b: [UInt8], _ at: Int) -> UInt32 {
    UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
}

private func readUInt64(_ b: [UInt8], _ at: Int) -> UInt64 {
    UInt64(readUInt32(b, at)) << 32 | UInt64(readUInt32(b, at + 4))
}

private func writeUInt32(_ b: inout [UInt8], _ at: Int, _ value: UInt32) {
    for i in 0..<4 { b[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
}

private func writeUInt64(_ b: inout [UInt8], _ at: Int, _ value: UInt64) {
    writeUInt32(&b, at, UInt32(truncatingIfNeeded: value >> 32))
    writeUInt32(&b, at + 4, UInt32(truncatingIfNeeded: value))
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " || copy.last == "\0" { copy.removeLast() }
        return copy
    }
}
