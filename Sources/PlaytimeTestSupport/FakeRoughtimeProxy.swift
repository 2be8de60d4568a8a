import Foundation
import PlaytimeSystem

/// An on-path attacker on loopback: forwards each request to a real Roughtime server and changes the
/// answer on its way back (one byte flipped at `offset`), so a genuine server's signed answer arrives tampered.
package final class FakeRoughtimeProxy: Sendable {
    /// The address clients send to.
    package let address: SocketAddress
    private let running = ThreadLock(true)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts forwarding to `upstream`; each answer has byte `offset` (from the packet's start) XORed with `mask`.
    package init(upstream: SocketAddress, offset: Int, mask: UInt8 = 0x01) throws {
        guard let bindAddress = SocketAddress(numericHost: "127.0.0.1", port: 0) else { throw SystemError(code: 22, operation: "address") }
        let socket = try UDPServerSocket(bindingTo: bindAddress)
        address = socket.localAddress
        nonisolated(unsafe) let owned = socket
        let thread = Thread { [self] in self.serve(owned, upstream: upstream, offset: offset, mask: mask) }
        thread.start()
    }

    /// Stops forwarding and waits for the thread to finish.
    package func stop() {
        let wasRunning = running.withLock { value -> Bool in
            defer { value = false }
            return value
        }
        if wasRunning { finished.wait() }
    }

    deinit { stop() }

    private func serve(_ socket: UDPServerSocket, upstream: SocketAddress, offset: Int, mask: UInt8) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var reply = [UInt8](repeating: 0, count: 65_536)
        while running.withLock({ $0 }) {
            guard (try? Poller.waitReadable([socket.descriptor], timeoutNanoseconds: 20_000_000))?.first == true else { continue }
            while let (count, sender) = try? socket.receive(into: &buffer) {
                guard let forward = try? UDPSocket(connectedTo: upstream) else { continue }
                defer { forward.close() }
                guard (try? forward.send(Array(buffer[..<count]))) != nil,
                    (try? Poller.waitReadable([forward.descriptor], timeoutNanoseconds: 1_000_000_000))?.first == true,
                    let length = try? forward.receive(into: &reply)
                else { continue }
                var answer = Array(reply[..<length])
                if offset < answer.count { answer[offset] ^= mask }
                try? socket.send(answer, to: sender)
            }
        }
        socket.close()
        finished.signal()
    }
}
