/// Nonces of a chained query (draft-ietf-ntp-roughtime-19 §8.2).
package enum RoughtimeChain {
    /// The nonce for the next server: `H(previousResponse || blind)`, with the whole previous response
    /// packet (including `ROUGHTIM`) and a fresh 32-byte random `blind`.
    package static func nextNonce(previousResponse: [UInt8], blind: [UInt8]) -> [UInt8] {
        RoughtimeHash.h(previousResponse[...], blind[...])
    }
}
