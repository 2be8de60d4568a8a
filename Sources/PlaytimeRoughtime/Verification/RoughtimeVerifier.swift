package import PlaytimeCrypto

/// Verification of one request/response pair against a long-term key — pure, no I/O, no clock.
///
/// Everything is derived from the exact request bytes, so an auditor can verify a pair read back from a
/// journal. The checks, in order (draft-ietf-ntp-roughtime-19 §5.1–§5.4, docs/roughtime.md):
/// the request's framing, `VER`, `NONC`, `TYPE` = 0 and `SRV` (which must name `publicKey` when present);
/// the response is no larger than the request; its framing and mandatory tags with their lengths; `TYPE` = 1;
/// `NONC` equal to the request's; `SREP`'s `VER` offered by the request and supported here (it selects the
/// context strings, see `SignatureContext`); `CERT`'s signature over `DELE` by the long-term key; `PUBK` a
/// valid key; `SIG` over `SREP` by `PUBK`; `VER` listed in `VERS`; `RADI` ≠ 0; `MINT ≤ MIDP ≤ MAXT`; and the
/// Merkle path from the request's leaf with `INDX` to `ROOT`.
/// Unknown tags are ignored at every level (grease, §7).
package enum RoughtimeVerifier {
    /// Verifies `response` as the answer to `request` under the server's long-term `publicKey`.
    package static func verify(request: [UInt8], response: [UInt8], publicKey: Ed25519PublicKey) -> Result<RoughtimeTime, RoughtimeRejection> {
        do throws(RoughtimeRejection) {
            return .success(try check(request: request[...], response: response[...], publicKey: publicKey))
        } catch {
            return .failure(error)
        }
    }

    private static func check(request: ArraySlice<UInt8>, response: ArraySlice<UInt8>, publicKey: Ed25519PublicKey) throws(RoughtimeRejection) -> RoughtimeTime
    {
        let asked = try RoughtimeRequest.parse(request)
        if let named = asked.serverKeyHash, !named.elementsEqual(RoughtimeHash.serverKeyHash(publicKey.rawRepresentation)) {
            throw .serverKeyMismatch
        }
        guard response.count <= request.count else { throw .oversizeResponse(responseBytes: response.count, requestBytes: request.count) }

        let top = try RoughtimeRejection.message(in: response, part: .response)
        let signature = try value(top, .signature, .response, length: 64)
        let nonce = try value(top, .nonce, .response, length: RoughtimeRequest.nonceSize)
        let type = try value(top, .type, .response, length: 4)
        let path = try value(top, .path, .response)
        let signed = try value(top, .signedResponse, .response)
        let certificateBytes = try value(top, .certificate, .response)
        let index = LittleEndian.uint32(try value(top, .index, .response, length: 4), at: 0)
        guard path.count % RoughtimeHash.byteCount == 0 else { throw .badValueLength(.response, .path, length: path.count) }
        let typeValue = LittleEndian.uint32(type, at: 0)
        guard typeValue == 1 else { throw .wrongType(.response, typeValue) }
        guard nonce.elementsEqual(asked.nonce) else { throw .nonceMismatch }

        let certificate = try RoughtimeRejection.message(certificateBytes, part: .certificate)
        let delegationSignature = Array(try value(certificate, .signature, .certificate, length: 64))
        let delegationBytes = try value(certificate, .delegation, .certificate)
        let delegation = try RoughtimeRejection.message(delegationBytes, part: .delegation)
        let delegatedKeyBytes = try value(delegation, .publicKey, .delegation, length: 32)
        let minimum = LittleEndian.uint64(try value(delegation, .minimumTime, .delegation, length: 8), at: 0)
        let maximum = LittleEndian.uint64(try value(delegation, .maximumTime, .delegation, length: 8), at: 0)

        // SREP is parsed before any signature is checked only to learn the version, which selects the
        // context strings; nothing in it is trusted until both signatures verify.
        let reply = try RoughtimeRejection.message(signed, part: .signedResponse)
        let version = LittleEndian.uint32(try value(reply, .version, .signedResponse, length: 4), at: 0)
        let radius = LittleEndian.uint32(try value(reply, .radius, .signedResponse, length: 4), at: 0)
        let midpoint = LittleEndian.uint64(try value(reply, .midpoint, .signedResponse, length: 8), at: 0)
        let serverVersions = try RoughtimeRejection.versionList(try value(reply, .versions, .signedResponse), part: .signedResponse)
        let root = try value(reply, .root, .signedResponse, length: RoughtimeHash.byteCount)
        guard asked.versions.contains(version) else { throw .versionNotOffered(version) }
        guard RoughtimeVersion.supported.contains(version) else { throw .unsupportedVersion(version) }

        let spellings = SignatureContext.spellings(for: version)
        guard
            let spelling = spellings.firstIndex(where: { spelling in
                publicKey.isValidSignature(delegationSignature, for: spelling.delegation + delegationBytes)
            })
        else { throw .badDelegationSignature }
        guard let delegatedKey = try? Ed25519PublicKey(rawRepresentation: delegatedKeyBytes) else { throw .badDelegatedKey }
        // The spelling the delegation used is tried first for the response, so a valid answer costs two verifies.
        let responseSignature = Array(signature)
        let order = [spelling] + spellings.indices.filter { $0 != spelling }
        guard
            order.contains(where: { index in
                delegatedKey.isValidSignature(responseSignature, for: spellings[index].response + signed)
            })
        else { throw .badResponseSignature }

        guard serverVersions.contains(version) else { throw .versionNotInServerList(version) }
        guard radius != 0 else { throw .zeroRadius }
        guard midpoint >= minimum else { throw .delegationNotYetValid(midpoint: midpoint, minimum: minimum) }
        guard midpoint <= maximum else { throw .delegationExpired(midpoint: midpoint, maximum: maximum) }

        do {
            try RoughtimeMerkle.check(leaf: RoughtimeMerkle.leaf(request), path: path, index: index, root: root)
        } catch {
            switch error {
            case .misalignedPath: throw .badValueLength(.response, .path, length: path.count)
            case .tooDeep(let nodes): throw .merklePathTooLong(nodes: nodes)
            case .indexTooLarge: throw .merkleIndexTooLarge(index)
            case .rootDiffers: throw .merklePathMismatch
            }
        }
        return RoughtimeTime(midpointSeconds: midpoint, radiusSeconds: radius, version: version)
    }

    /// The value of a mandatory tag, optionally of a fixed length.
    private static func value(
        _ message: RoughtimeMessage, _ tag: RoughtimeTag, _ part: RoughtimeMessagePart,
        length: Int? = nil
    ) throws(RoughtimeRejection) -> ArraySlice<UInt8> {
        guard let value = message[tag] else { throw .missingTag(part, tag) }
        if let length, value.count != length { throw .badValueLength(part, tag, length: value.count) }
        return value
    }
}
