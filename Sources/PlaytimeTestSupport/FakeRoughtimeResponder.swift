import PlaytimeCrypto
import PlaytimeRoughtime

/// Builds a Roughtime server's answer to a request — honest or with one defect — signing with the package's
/// `Ed25519SigningKey`. Pure: the socket server and unit tests share it.
package struct FakeRoughtimeResponder: Sendable {
    /// The long-term key whose public half clients are configured with.
    let longTermKey: Ed25519SigningKey
    /// The online key `DELE` delegates to.
    let delegatedKey: Ed25519SigningKey
    /// `RADI`.
    package var radiusSeconds: UInt32
    /// The versions this server supports, ascending (`VERS`).
    package static let serverVersions: [UInt32] = [RoughtimeVersion.one, RoughtimeVersion.draft]

    /// A responder with keys derived from `seed` (long-term) and `seed` with its first byte flipped (delegated).
    package init(seed: [UInt8], radiusSeconds: UInt32 = 1) {
        longTermKey = Ed25519SigningKey(seed: seed)
        var delegatedSeed = seed
        delegatedSeed[0] ^= 0xff
        delegatedKey = Ed25519SigningKey(seed: delegatedSeed)
        self.radiusSeconds = radiusSeconds
    }

    /// The long-term public key clients must be configured with.
    package var publicKey: Ed25519PublicKey { longTermKey.publicKey }

    /// The answer to `request` at Unix second `now`, or `nil` when the server stays silent (unparseable
    /// request, or `.silent`).
    package func response(to request: [UInt8], now: UInt64, misbehaviour: RoughtimeMisbehaviour) -> [UInt8]? {
        guard misbehaviour != .silent, let asked = try? RoughtimeRequest.parse(request[...]) else { return nil }
        let offered = asked.versions.filter { Self.serverVersions.contains($0) }
        var version = offered.first ?? RoughtimeVersion.one
        var versions = Self.serverVersions
        var midpoint = now
        var radius = radiusSeconds
        var minimum = now &- 3600
        var maximum = now &+ 3600
        switch misbehaviour {
        case .midpointOffset(let seconds): midpoint = UInt64(Int64(bitPattern: now) &+ seconds)
        case .versionNotOffered:
            version = 0x8000_000b
            versions = (versions + [version]).sorted()
        case .versionMissingFromServerList: versions = versions.filter { $0 != version }
        case .answerVersion(let chosen):
            version = chosen
            versions = Array(Set(versions + [chosen])).sorted()
        case .unsortedServerVersions: versions = versions.reversed()
        case .zeroRadius: radius = 0
        case .expiredDelegation: maximum = midpoint - 1
        case .notYetValidDelegation: minimum = midpoint + 1
        default: break
        }
        if case .midpointOffset = misbehaviour {
            minimum = midpoint &- 3600
            maximum = midpoint &+ 3600
        }

        var leaves = [RoughtimeMerkle.leaf(request[...])]
        var position = 0
        if case .batched(let size, let index) = misbehaviour, size > 1 {
            leaves = (0..<size).map { RoughtimeMerkle.leaf([UInt8(truncatingIfNeeded: $0), 0x5a][...]) }
            position = min(max(0, index), size - 1)
            leaves[position] = RoughtimeMerkle.leaf(request[...])
        }
        if case .longPath(let nodes) = misbehaviour {
            leaves = [RoughtimeMerkle.leaf(request[...])] + (1..<(1 << min(nodes, 3))).map { RoughtimeMerkle.leaf([UInt8(truncatingIfNeeded: $0)][...]) }
        }
        let tree = RoughtimeMerkle.tree(leaves)
        var path = tree.paths[position]
        if case .longPath(let nodes) = misbehaviour, nodes > 3 { path += [UInt8](repeating: 0x22, count: 32 * (nodes - 3)) }
        if misbehaviour == .merklePathMismatch { path = [UInt8](repeating: 0x11, count: 32) }

        var signedPairs: [(RoughtimeTag, [UInt8])] = [
            (.version, LittleEndian.bytes(version)), (.radius, LittleEndian.bytes(radius)), (.midpoint, LittleEndian.bytes(midpoint)),
            (.versions, versions.flatMap(LittleEndian.bytes)), (.root, tree.root),
        ]
        if case .missingSignedTag(let tag) = misbehaviour { signedPairs.removeAll { $0.0 == tag } }
        var signed = RoughtimeMessage.encode(signedPairs)
        if misbehaviour == .malformedPart(.signedResponse) { Self.breakHeader(&signed) }
        var delegatedPublic = delegatedKey.publicKey.rawRepresentation
        if misbehaviour == .badDelegatedKey { delegatedPublic = Self.invalidPoint }
        var delegationPairs: [(RoughtimeTag, [UInt8])] = [
            (.publicKey, delegatedPublic), (.minimumTime, LittleEndian.bytes(minimum)), (.maximumTime, LittleEndian.bytes(maximum)),
        ]
        if case .missingDelegationTag(let tag) = misbehaviour { delegationPairs.removeAll { $0.0 == tag } }
        var delegation = RoughtimeMessage.encode(delegationPairs)
        if misbehaviour == .malformedPart(.delegation) { Self.breakHeader(&delegation) }
        let certifier = misbehaviour == .wrongLongTermKey ? Ed25519SigningKey(seed: [UInt8](repeating: 0x42, count: 32)) : longTermKey
        var delegationSignature = certifier.signature(for: SignatureContext.spellings(for: version)[0].delegation + delegation)
        if misbehaviour == .badDelegationSignature { delegationSignature[5] ^= 0x01 }
        var certificate = RoughtimeMessage.encode([(.signature, delegationSignature), (.delegation, delegation)])
        if misbehaviour == .malformedPart(.certificate) { Self.breakHeader(&certificate) }
        var signature = delegatedKey.signature(for: SignatureContext.spellings(for: version)[0].response + signed)
        if misbehaviour == .badResponseSignature { signature[7] ^= 0x01 }
        var nonce = Array(asked.nonce)
        if misbehaviour == .wrongNonce { nonce[0] ^= 0x01 }
        var type: UInt32 = 1
        if case .wrongType(let value) = misbehaviour { type = value }
        let index = misbehaviour == .indexTooLarge ? UInt32(1) : UInt32(position)

        var pairs: [(RoughtimeTag, [UInt8])] = [
            (.signature, signature), (.nonce, nonce), (.type, LittleEndian.bytes(type)), (.path, path),
            (.signedResponse, signed), (.certificate, certificate), (.index, LittleEndian.bytes(index)),
        ]
        if case .valueLength(let tag, let length) = misbehaviour, let slot = pairs.firstIndex(where: { $0.0 == tag }) {
            pairs[slot].1 = [UInt8](repeating: 0, count: max(0, length))
        }
        if case .missingTag(let tag) = misbehaviour { pairs.removeAll { $0.0 == tag } }
        if misbehaviour == .undefinedTag { pairs.append((RoughtimeTag("GRSE"), [1, 2, 3, 4])) }
        if misbehaviour == .oversize {
            let current = RoughtimePacket.headerSize + RoughtimeMessage.encode(pairs).count + 8
            pairs.append((.padding, [UInt8](repeating: 0, count: max(0, request.count - current + 4))))
        }
        var message = RoughtimeMessage.encode(pairs)
        let count = pairs.count
        switch misbehaviour {
        case .unsortedTags:
            // Swap the first two tags of the header (the values stay where they are).
            let first = 4 * count
            let second = 4 * count + 4
            for offset in 0..<4 { message.swapAt(first + offset, second + offset) }
        case .misalignedOffset:
            message[4] = message[4] &+ 2
        default: break
        }
        var packet = RoughtimePacket.wrap(message)
        if misbehaviour == .badHeader { packet[0] = UInt8(ascii: "X") }
        if misbehaviour == .badLength { packet[8] = packet[8] &+ 1 }
        return packet
    }

    /// Makes a message's tag count claim more tags than its bytes hold.
    static func breakHeader(_ message: inout [UInt8]) {
        message[0] = 0xff
        message[1] = 0x00
    }

    /// A non-canonical point encoding: y = p (the field prime), which RFC 8032 §5.1.3 decoding refuses.
    static let invalidPoint: [UInt8] = [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
}
