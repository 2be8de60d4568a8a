/// Why a request/response pair does not verify: one case for every check of draft-ietf-ntp-roughtime-19
/// §5.4 and the framing rules of §4–§5.2. A rejected answer is never trusted, whatever time it carries.
package enum RoughtimeRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// Shorter than 12 bytes or not starting with `ROUGHTIM`.
    case badPacketHeader(RoughtimeMessagePart)
    /// The packet's length field disagrees with the bytes that follow it.
    case badPacketLength(RoughtimeMessagePart, declared: UInt32, actual: Int)
    /// A message's header is malformed.
    case malformedMessage(RoughtimeMessagePart, RoughtimeFramingError)
    /// A mandatory tag is absent.
    case missingTag(RoughtimeMessagePart, RoughtimeTag)
    /// A value has the wrong length for its tag.
    case badValueLength(RoughtimeMessagePart, RoughtimeTag, length: Int)
    /// A `VER` or `VERS` list is empty, longer than 32, or not strictly ascending.
    case badVersionList(RoughtimeMessagePart)
    /// `TYPE` is not 0 in the request or not 1 in the response.
    case wrongType(RoughtimeMessagePart, UInt32)
    /// The request's `SRV` names a different long-term key than the one verifying.
    case serverKeyMismatch
    /// The response is larger than the request (servers never send more than they received, §5.1).
    case oversizeResponse(responseBytes: Int, requestBytes: Int)
    /// The response's `NONC` is not the request's.
    case nonceMismatch
    /// `CERT`'s signature over `DELE` does not verify with the long-term key.
    case badDelegationSignature
    /// `PUBK` is not a valid Ed25519 public key.
    case badDelegatedKey
    /// The signature over `SREP` does not verify with the delegated key.
    case badResponseSignature
    /// The response's version was not offered in the request.
    case versionNotOffered(UInt32)
    /// The response's version was offered but this client does not verify it.
    case unsupportedVersion(UInt32)
    /// The response's version is missing from the server's own `VERS` list.
    case versionNotInServerList(UInt32)
    /// `RADI` is zero (§5.2.5).
    case zeroRadius
    /// `MIDP` lies before `MINT`: the delegation was not yet valid.
    case delegationNotYetValid(midpoint: UInt64, minimum: UInt64)
    /// `MIDP` lies after `MAXT`: the delegation had expired.
    case delegationExpired(midpoint: UInt64, maximum: UInt64)
    /// `PATH` holds more than 32 hash values.
    case merklePathTooLong(nodes: Int)
    /// `INDX` has bits set above the path's depth.
    case merkleIndexTooLarge(UInt32)
    /// Walking `PATH` from the request's leaf does not reach `ROOT`.
    case merklePathMismatch

    /// A stable kebab-case code for machine-readable output.
    package var code: String {
        switch self {
        case .badPacketHeader: "bad-packet-header"
        case .badPacketLength: "bad-packet-length"
        case .malformedMessage: "malformed-message"
        case .missingTag: "missing-tag"
        case .badValueLength: "bad-value-length"
        case .badVersionList: "bad-version-list"
        case .wrongType: "wrong-type"
        case .serverKeyMismatch: "server-key-mismatch"
        case .oversizeResponse: "oversize-response"
        case .nonceMismatch: "nonce-mismatch"
        case .badDelegationSignature: "bad-delegation-signature"
        case .badDelegatedKey: "bad-delegated-key"
        case .badResponseSignature: "bad-response-signature"
        case .versionNotOffered: "version-not-offered"
        case .unsupportedVersion: "unsupported-version"
        case .versionNotInServerList: "version-not-in-server-list"
        case .zeroRadius: "zero-radius"
        case .delegationNotYetValid: "delegation-not-yet-valid"
        case .delegationExpired: "delegation-expired"
        case .merklePathTooLong: "merkle-path-too-long"
        case .merkleIndexTooLarge: "merkle-index-too-large"
        case .merklePathMismatch: "merkle-path-mismatch"
        }
    }

    /// One sentence naming the failed check.
    package var description: String {
        switch self {
        case .badPacketHeader(let part): "\(part): not a ROUGHTIM packet"
        case .badPacketLength(let part, let declared, let actual): "\(part): packet declares \(declared) bytes, carries \(actual)"
        case .malformedMessage(let part, let problem): "\(part): malformed message (\(problem))"
        case .missingTag(let part, let tag): "\(part): no \(tag) tag"
        case .badValueLength(let part, let tag, let length): "\(part): \(tag) has \(length) bytes"
        case .badVersionList(let part): "\(part): version list empty, too long or not ascending"
        case .wrongType(let part, let value): "\(part): TYPE is \(value)"
        case .serverKeyMismatch: "the request's SRV names another long-term key"
        case .oversizeResponse(let response, let request): "response of \(response) bytes to a request of \(request)"
        case .nonceMismatch: "the response answers another nonce"
        case .badDelegationSignature: "the delegation is not signed by the long-term key"
        case .badDelegatedKey: "the delegated key is not a valid Ed25519 key"
        case .badResponseSignature: "SREP is not signed by the delegated key"
        case .versionNotOffered(let version): "version \(hex(version)) was not offered"
        case .unsupportedVersion(let version): "version \(hex(version)) is not supported"
        case .versionNotInServerList(let version): "version \(hex(version)) is missing from VERS"
        case .zeroRadius: "RADI is 0"
        case .delegationNotYetValid(let midpoint, let minimum): "MIDP \(midpoint) before MINT \(minimum)"
        case .delegationExpired(let midpoint, let maximum): "MIDP \(midpoint) after MAXT \(maximum)"
        case .merklePathTooLong(let nodes): "PATH of \(nodes) nodes"
        case .merkleIndexTooLarge(let index): "INDX \(index) beyond the path"
        case .merklePathMismatch: "the Merkle path does not lead to ROOT"
        }
    }

    private func hex(_ version: UInt32) -> String { "0x" + String(version, radix: 16) }

    /// The message inside a packet, with framing failures named for `part`.
    static func message(in packet: ArraySlice<UInt8>, part: RoughtimeMessagePart) throws(RoughtimeRejection) -> RoughtimeMessage {
        let bytes: ArraySlice<UInt8>
        do { bytes = try RoughtimePacket.message(in: packet) } catch {
            switch error {
            case .badHeader: throw .badPacketHeader(part)
            case .badLength(let declared, let actual): throw .badPacketLength(part, declared: declared, actual: actual)
            }
        }
        return try message(bytes, part: part)
    }

    /// A nested message, with framing failures named for `part`.
    static func message(_ bytes: ArraySlice<UInt8>, part: RoughtimeMessagePart) throws(RoughtimeRejection) -> RoughtimeMessage {
        do { return try RoughtimeMessage(parsing: bytes) } catch { throw .malformedMessage(part, error) }
    }

    /// A `VER` or `VERS` list: 1–32 uint32s, strictly ascending.
    static func versionList(_ bytes: ArraySlice<UInt8>, part: RoughtimeMessagePart) throws(RoughtimeRejection) -> [UInt32] {
        guard bytes.count % 4 == 0 else { throw .badVersionList(part) }
        let versions = stride(from: 0, to: bytes.count, by: 4).map { LittleEndian.uint32(bytes, at: $0) }
        guard !versions.isEmpty, versions.count <= RoughtimeVersion.maximumListLength,
            zip(versions, versions.dropFirst()).allSatisfy({ $0 < $1 })
        else { throw .badVersionList(part) }
        return versions
    }
}
