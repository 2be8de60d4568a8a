/// The context strings signatures are made over, each with its terminating zero byte.
///
/// Draft-ietf-ntp-roughtime-19 §5.2.1 and §5.2.6 spell them "RoughTime v1 …", and its Appendix B signs
/// version-1 answers that way; the published RFC 10049, and servers that follow it such as `roughly`,
/// spell them "Roughtime v1 …" for version 1. So version 1 accepts either spelling (RFC first), while
/// the draft number 0x8000000c accepts only the drafts' (docs/roughtime.md). The response and delegation
/// strings stay distinct in both spellings, which is what the contexts are for.
package enum SignatureContext {
    /// "RoughTime v1 response signature" and NUL, as drafts 12–19 spell it.
    package static let draftResponse: [UInt8] = Array("RoughTime v1 response signature".utf8) + [0]
    /// "RoughTime v1 delegation signature" and NUL, as drafts 12–19 spell it.
    package static let draftDelegation: [UInt8] = Array("RoughTime v1 delegation signature".utf8) + [0]
    /// "Roughtime v1 response signature" and NUL, as RFC 10049 spells it.
    package static let rfcResponse: [UInt8] = Array("Roughtime v1 response signature".utf8) + [0]
    /// "Roughtime v1 delegation signature" and NUL, as RFC 10049 spells it.
    package static let rfcDelegation: [UInt8] = Array("Roughtime v1 delegation signature".utf8) + [0]

    /// The context pairs (response, delegation) a response of `version` may be signed with, preferred first.
    package static func spellings(for version: UInt32) -> [(response: [UInt8], delegation: [UInt8])] {
        let draft = (response: draftResponse, delegation: draftDelegation)
        return version == RoughtimeVersion.one ? [(response: rfcResponse, delegation: rfcDelegation), draft] : [draft]
    }
}
