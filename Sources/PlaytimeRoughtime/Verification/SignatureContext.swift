/// The context strings signatures are made over, each with its terminating zero byte
/// (draft-ietf-ntp-roughtime-19 §5.2.1, §5.2.6).
package enum SignatureContext {
    /// Prefix of the signed `SREP` value.
    package static let response: [UInt8] = Array("RoughTime v1 response signature".utf8) + [0]
    /// Prefix of the signed `DELE` value.
    package static let delegation: [UInt8] = Array("RoughTime v1 delegation signature".utf8) + [0]
}
