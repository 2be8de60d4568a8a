/// The Roughtime packet around a message: `ROUGHTIM`, a uint32 length, the message
/// (draft-ietf-ntp-roughtime-19 §5, Figure 2).
package enum RoughtimePacket {
    /// The eight bytes `ROUGHTIM` (the uint64 0x4d49544847554f52, little-endian).
    package static let magic: [UInt8] = Array("ROUGHTIM".utf8)
    /// Magic and length.
    package static let headerSize = 12

    /// Why bytes are not a packet.
    package enum Problem: Error, Sendable, Equatable {
        /// Shorter than the header, or not starting with `ROUGHTIM`.
        case badHeader
        /// The declared length disagrees with the bytes that follow.
        case badLength(declared: UInt32, actual: Int)
    }

    /// The message inside `packet`, whose length must be exactly the declared one.
    package static func message(in packet: ArraySlice<UInt8>) throws(Problem) -> ArraySlice<UInt8> {
        guard packet.count >= headerSize, packet.prefix(8).elementsEqual(magic) else { throw .badHeader }
        let declared = LittleEndian.uint32(packet, at: 8)
        let rest = packet.count - headerSize
        guard UInt64(declared) == UInt64(rest) else { throw .badLength(declared: declared, actual: rest) }
        return packet.dropFirst(headerSize)
    }

    /// `message` framed as a packet.
    package static func wrap(_ message: [UInt8]) -> [UInt8] {
        var out = magic
        out.reserveCapacity(headerSize + message.count)
        LittleEndian.append(UInt32(message.count), to: &out)
        return out + message
    }
}
