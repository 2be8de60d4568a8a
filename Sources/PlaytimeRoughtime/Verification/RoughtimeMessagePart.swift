/// Which message of a request or response a rejection is about (draft-ietf-ntp-roughtime-19 Figure 3).
package enum RoughtimeMessagePart: String, Sendable, Equatable, CustomStringConvertible {
    /// The request packet (as sent, or as read back from a journal).
    case request
    /// The response packet's top-level message.
    case response
    /// `SREP`, the signed response.
    case signedResponse = "SREP"
    /// `CERT`, the certificate.
    case certificate = "CERT"
    /// `DELE`, the delegation inside the certificate.
    case delegation = "DELE"

    /// `request`, `response`, `SREP`, `CERT` or `DELE`.
    package var description: String { rawValue }
}
