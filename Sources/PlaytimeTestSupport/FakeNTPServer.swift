import Foundation
import PlaytimeNTP
import PlaytimeSystem

/// An NTP server on 127.0.0.1 (any free port) in this process, answering with a chosen behaviour.
/// For hostile and deterministic cases; interoperability is tested against a real chronyd.
package final class FakeNTPServer: Sendable {
    /// The address to query, e.g. `127.0.0.1:40123`.
    package let address: SocketAddress
    private let behaviour: ThreadLock<FakeReply>
    private let running = ThreadLock(true)
    private let requests = ThreadLock(0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts serving at once.
    package init(_ reply: FakeReply, host: String = "127.0.0.1") throws {
        guard let bindAddress = SocketAddress(numericHost: host, port: 0) else { throw SystemError(code: 22, operation: "address") }
        let socket = try UDPServerSocket(bindingTo: bindAddress)
        address = socket.localAddress
        behaviour = ThreadLock(reply)
        // The socket is handed to the serving thread and never touched here again.
        nonisolated(unsafe) let owned = socket
        let thread = Thread { [self] in self.serve(owned) }
        thread.start()
    }

    /// `host:port` as the CLI takes it.
    package var serverArgument: String { address.description }

    /// How many requests have arrived.
    package var requestCount: Int { requests.withLock { $0 } }

    /// Changes how later requests are answered.
    package func answer(with reply: FakeReply) { behaviour.withLock { $0 = reply } }

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
        var buffer = [UInt8](repeating: 0, count: 2048)
        while running.withLock({ $0 }) {
            guard (try? Poller.waitReadable([socket.descriptor], timeoutNanoseconds: 20_000_000))?.first == true else { continue }
            while let (count, sender) = try? socket.receive(into: &buffer) {
                let received = SystemClock.wallNanoseconds()
                requests.withLock { $0 += 1 }
                let reply = behaviour.withLock { $0 }
                let transmit = SystemClock.wallNanoseconds()
                for datagram in reply.datagrams(for: Array(buffer[..<count]), receivedUnixNanoseconds: received, transmitUnixNanoseconds: transmit) {
                    try? socket.send(datagram, to: sender)
                }
            }
        }
        socket.close()
        finished.signal()
    }
}
