package import PlaytimeCrypto

/// Building requests (draft-ietf-ntp-roughtime-19 §5.1).
package struct RoughtimeRequest: Sendable {
    /// The bytes a request message is padded to with `ZZZZ` (§5.1); the packet adds 12 header bytes.
    package static let minimumMessageSize = 1024
    /// Bytes of a nonce (§5.1.2).
    package static let nonceSize = 32

    /// The request packet: `VER` (the given versions, sorted, without repeats, at most 32), `NONC`,
    /// `TYPE` = 0, `SRV` = H(0xff || key) when a key is given, and `ZZZZ` zeros padding the message to
    /// 1 024 bytes.
    /// - Precondition: `nonce` is 32 bytes and `versions` is not empty.
    package static func make(nonce: [UInt8], versions: [UInt32] = RoughtimeVersion.supported, serverKey: Ed25519PublicKey? = nil) -> [UInt8] {
        precondition(nonce.count == nonceSize, "a Roughtime nonce is 32 bytes")
        let list = Array(Set(versions).sorted().prefix(RoughtimeVersion.maximumListLength))
        precondition(!list.isEmpty, "a request offers at least one version")
        var pairs: [(RoughtimeTag, [UInt8])] = [
            (.version, list.flatMap(LittleEndian.bytes)),
            (.nonce, nonce),
            (.type, LittleEndian.bytes(UInt32(0))),
        ]
        if let serverKey { pairs.append((.serverKey, RoughtimeHash.serverKeyHash(serverKey.rawRepresentation))) }
        let unpadded = RoughtimeMessage.encode(pairs + [(.padding, [])]).count
        pairs.append((.padding, [UInt8](repeating: 0, count: max(0, minimumMessageSize - unpadded))))
        return RoughtimePacket.wrap(RoughtimeMessage.encode(pairs))
    }

    /// The 32-byte nonce a request packet carries, if it is a well-formed request (§5.1): what an auditor
    /// compares with the commitment it expects (a record's hash, or `RoughtimeChain.nextNonce`).
    package static func nonce(of request: [UInt8]) -> [UInt8]? {
        guard let parsed = try? parse(request[...]) else { return nil }
        return Array(parsed.nonce)
    }

    /// The parts of a request packet a verifier needs, checked against §5.1.
    package struct Parsed: Sendable {
        /// The offered versions, strictly ascending.
        package var versions: [UInt32]
        /// The 32-byte nonce.
        package var nonce: ArraySlice<UInt8>
        /// The `SRV` value, when present.
        package var serverKeyHash: ArraySlice<UInt8>?
    }

    /// Parses and checks a request packet: framing, `VER`, `NONC`, `TYPE` = 0, and `SRV`'s length.
    package static func parse(_ packet: ArraySlice<UInt8>) throws(RoughtimeRejection) -> Parsed {
        let message = try RoughtimeRejection.message(in: packet, part: .request)
        guard let versionBytes = message[.version] else { throw .missingTag(.request, .version) }
        guard let nonce = message[.nonce] else { throw .missingTag(.request, .nonce) }
        guard let type = message[.type] else { throw .missingTag(.request, .type) }
        let versions = try RoughtimeRejection.versionList(versionBytes, part: .request)
        guard nonce.count == nonceSize else { throw .badValueLength(.request, .nonce, length: nonce.count) }
        guard type.count == 4 else { throw .badValueLength(.request, .type, length: type.count) }
        let typeValue = LittleEndian.uint32(type, at: 0)
        guard typeValue == 0 else { throw .wrongType(.request, typeValue) }
        let server = message[.serverKey]
        if let server, server.count != RoughtimeHash.byteCount { throw .badValueLength(.request, .serverKey, length: server.count) }
        return Parsed(versions: versions, nonce: nonce, serverKeyHash: server)
    }
}
