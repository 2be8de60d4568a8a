/// One server's part of a chained query: what was sent, what came back, and what it proved.
package struct RoughtimeAnswer: Sendable {
    /// The server asked.
    package var server: RoughtimeServer
    /// The exact request packet sent.
    package var request: [UInt8]
    /// The exact response packet received, if any.
    package var response: [UInt8]?
    /// The 32 random bytes this request's nonce was derived with from the previous verified response
    /// (`RoughtimeChain.nextNonce`); empty when the nonce is the caller's first nonce.
    package var blind: [UInt8]
    /// The verified time, or why there is none.
    package var outcome: Result<RoughtimeTime, RoughtimeFailure>
    /// When the response arrived on the boot clock (nanoseconds), if it did; bounds the time elapsed
    /// since the server's answer when the chain's answers are combined.
    package var receivedBootNanoseconds: Int64?

    /// Creates an answer.
    package init(
        server: RoughtimeServer, request: [UInt8], response: [UInt8]?, blind: [UInt8],
        outcome: Result<RoughtimeTime, RoughtimeFailure>, receivedBootNanoseconds: Int64? = nil
    ) {
        self.server = server
        self.request = request
        self.response = response
        self.blind = blind
        self.outcome = outcome
        self.receivedBootNanoseconds = receivedBootNanoseconds
    }

    /// The verified time, if any.
    package var time: RoughtimeTime? { try? outcome.get() }
}
