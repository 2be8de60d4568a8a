import PlaytimeRoughtime

/// How a fake Roughtime server answers: honest, or with one specific defect (each one a rejection the
/// client must name, except the cases marked valid).
package enum RoughtimeMisbehaviour: Sendable, Equatable {
    /// A valid answer.
    case honest
    /// A valid answer whose `MIDP` is this many seconds away from the server's clock (a lying server
    /// with valid signatures: only the chain's consistency check can catch it).
    case midpointOffset(seconds: Int64)
    /// A valid answer from a batch of `size` requests with this one at `index` (a non-empty `PATH`).
    case batched(size: Int, index: Int)
    /// A valid answer carrying an extra undefined tag, which clients must ignore (grease, §7).
    case undefinedTag
    /// No answer at all.
    case silent
    /// An answer to another nonce.
    case wrongNonce
    /// `SIG` over `SREP` does not verify.
    case badResponseSignature
    /// `CERT`'s signature over `DELE` does not verify.
    case badDelegationSignature
    /// `DELE` signed by a different long-term key than the client expects.
    case wrongLongTermKey
    /// `PUBK` is not a valid Ed25519 point (signed as if it were).
    case badDelegatedKey
    /// `MAXT` before `MIDP`.
    case expiredDelegation
    /// `MINT` after `MIDP`.
    case notYetValidDelegation
    /// `TYPE` with this value instead of 1.
    case wrongType(UInt32)
    /// `SREP`'s `VER` is a version the client did not offer (and it is listed in `VERS`).
    case versionNotOffered
    /// `SREP`'s `VER` is missing from `VERS`.
    case versionMissingFromServerList
    /// `RADI` = 0.
    case zeroRadius
    /// The top-level message lacks this tag.
    case missingTag(RoughtimeTag)
    /// Two tags of the top-level header swapped.
    case unsortedTags
    /// The first top-level offset is not a multiple of four.
    case misalignedOffset
    /// A `PATH` that does not lead from the request's leaf to `ROOT`.
    case merklePathMismatch
    /// An answer larger than the request.
    case oversize
    /// A packet that does not start with `ROUGHTIM`.
    case badHeader
    /// A packet whose length field is one more than what follows.
    case badLength
    /// `SREP`'s `VER` (and `VERS`) carry this version, whether or not the client offered it.
    case answerVersion(UInt32)
    /// `VERS` not in ascending order.
    case unsortedServerVersions
    /// The top-level value of this tag replaced by this many zero bytes.
    case valueLength(RoughtimeTag, Int)
    /// A `PATH` of this many nodes (a valid tree that deep, with the request as leaf 0).
    case longPath(nodes: Int)
    /// `INDX` = 1 with an empty `PATH`.
    case indexTooLarge
    /// The header of `SREP`, `CERT` or `DELE` claims more tags than fit (signatures made over the result).
    case malformedPart(RoughtimeMessagePart)
    /// `SREP` lacks this tag (signed as sent).
    case missingSignedTag(RoughtimeTag)
    /// `DELE` lacks this tag (signed as sent).
    case missingDelegationTag(RoughtimeTag)
}
