import PlaytimeGuard
import PlaytimeRoughtime
import PlaytimeSystem

/// A signed-time source that answers in process with real signed Roughtime responses (``FakeRoughtimeResponder``)
/// at a time the test sets, chaining the servers as the draft does. Deterministic: no socket, no clock.
package final class ScriptedSignedTimeSource: SignedTimeSource {
    /// The servers, in chain order.
    package let responders: [FakeRoughtimeResponder]
    /// Trusts every responder's key.
    package let verifier: SignedTimeVerifier
    private let state: ThreadLock<(now: UInt64, offsets: [Int64], answering: Bool, calls: Int)>

    /// Answers at Unix second `nowSeconds` from `responders` (each at the same time unless offset).
    package init(responders: [FakeRoughtimeResponder], nowSeconds: UInt64) {
        self.responders = responders
        self.verifier = SignedTimeVerifier(trustedKeys: responders.map(\.publicKey))
        state = ThreadLock((nowSeconds, Array(repeating: 0, count: responders.count), true, 0))
    }

    /// Moves the servers' time forward by `seconds` (true time passing).
    package func advance(seconds: UInt64) { state.withLock { $0.now += seconds } }
    /// Sets one server's clock `seconds` away from the others (a lying or broken server).
    package func offset(server index: Int, bySeconds seconds: Int64) { state.withLock { $0.offsets[index] = seconds } }
    /// Stops (or resumes) answering, as when the servers are unreachable.
    package func setAnswering(_ answering: Bool) { state.withLock { $0.answering = answering } }
    /// How many chained queries were asked for.
    package var calls: Int { state.withLock { $0.calls } }

    /// The chain of answers to `firstNonce`, or nothing when told not to answer.
    package nonisolated(nonsending) func links(firstNonce: [UInt8], withinNanoseconds budgetNanoseconds: Int64) async -> [SignedTimeLink] {
        let (now, offsets, answering) = state.withLock { value in
            value.calls += 1
            return (value.now, value.offsets, value.answering)
        }
        guard answering else { return [] }
        var links: [SignedTimeLink] = []
        var generator = SystemRandomNumberGenerator()
        for (index, responder) in responders.enumerated() {
            var blind: [UInt8] = []
            var nonce = firstNonce
            if let previous = links.last {
                blind = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
                nonce = RoughtimeChain.nextNonce(previousResponse: previous.response, blind: blind)
            }
            let request = RoughtimeRequest.make(nonce: nonce, serverKey: responder.publicKey)
            let at = UInt64(clamping: Int64(clamping: now) &+ offsets[index])
            guard let response = responder.response(to: request, now: at, misbehaviour: .honest) else { continue }
            links.append(SignedTimeLink(publicKey: responder.publicKey.rawRepresentation, blind: blind, request: request, response: response))
        }
        return links
    }
}
