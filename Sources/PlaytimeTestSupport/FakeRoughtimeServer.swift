import Foundation
import PlaytimeCrypto
import PlaytimeRoughtime
import PlaytimeSystem

/// A Roughtime server on 127.0.0.1 or ::1 (any free port) in this process, over a real UDP socket,
/// answering with a chosen behaviour. For every rejection and the chain's consistency check;
/// interoperability is tested against the real `roughly` server.
package final class FakeRoughtimeServer: Sendable {
    /// The address to query, e.g. `127.0.0.1:40123`.
    package let address: SocketAddress
    /// The answers' builder (keys, radius).
    package let responder: FakeRoughtimeResponder
    private let behaviour: ThreadLock<RoughtimeMisbehaviour>
    private let clockOffsetSeconds: Int64
    private let running = ThreadLock(true)
    private let requests = ThreadLock<[[UInt8]]>([])
    private let finished = DispatchSemaphore(value: 0)

    /// Starts serving at once. `seed` is the long-term key's seed; the clock is this machine's wall clock
    /// plus `clockOffsetSeconds`.
    package init(
        _ misbehaviour: RoughtimeMisbehaviour = .honest, seed: [UInt8] = FakeRoughtimeServer.defaultSeed,
        radiusSeconds: UInt32 = 1, clockOffsetSeconds: Int64 = 0, host: String = "127.0.0.1"
    ) throws {
        guard let bindAddress = SocketAddress(numericHost: host, port: 0) else { throw SystemError(code: 22, operation: "address") }
        let socket = try UDPServerSocket(bindingTo: bindAddress)
        address = socket.localAddress
        responder = FakeRoughtimeResponder(seed: seed, radiusSeconds: radiusSeconds)
        behaviour = ThreadLock(misbehaviour)
        self.clockOffsetSeconds = clockOffsetSeconds
        // The socket is handed to the serving thread and never touched here again.
        nonisolated(unsafe) let owned = socket
        let thread = Thread { [self] in self.serve(owned) }
        thread.start()
    }

    /// A fixed seed, so tests and the CLI agree on the key.
    package static let defaultSeed: [UInt8] = (0..<32).map { UInt8($0 * 7 + 1) }

    /// The long-term public key clients must be configured with.
    package var publicKey: Ed25519PublicKey { responder.publicKey }

    /// The configuration clients use: this address and key.
    package var server: RoughtimeServer { RoughtimeServer(host: address.host, port: address.port, publicKey: publicKey) }

    /// `host:port=KEY` as the CLI takes it.
    package var serverArgument: String { server.description }

    /// Every request received, in order.
    package var receivedRequests: [[UInt8]] { requests.withLock { $0 } }

    /// Changes how later requests are answered.
    package func answer(with misbehaviour: RoughtimeMisbehaviour) { behaviour.withLock { $0 = misbehaviour } }

    /// Stops serving and waits for the thread to finish.
    package func stop() {
        let wasRunning = running.withLock { value -> Bool in
            defer { value = false }
            return value
        }
        if wasRunning { finished.wait() }
    }

    deinit { stop() }

    private func serve(_ socket: UDPServerSocket) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while running.withLock({ $0 }) {
            guard (try? Poller.waitReadable([socket.descriptor], timeoutNanoseconds: 20_000_000))?.first == true else { continue }
            while let (count, sender) = try? socket.receive(into: &buffer) {
                let request = Array(buffer[..<count])
                requests.withLock { $0.append(request) }
                let now = UInt64(clamping: SystemClock.wallNanoseconds() / 1_000_000_000 + clockOffsetSeconds)
                let misbehaviour = behaviour.withLock { $0 }
                if let response = responder.response(to: request, now: now, misbehaviour: misbehaviour) {
                    try? socket.send(response, to: sender)
                }
            }
        }
        socket.close()
        finished.signal()
    }
}
