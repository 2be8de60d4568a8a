import Dispatch
import PlaytimeSystem

/// The real transport: a non-blocking connected UDP socket on an ephemeral port per request, waited on
/// with `poll` on this transport's own dispatch queue, so no thread of Swift's cooperative pool is parked.
///
/// An address without a route (`ENETUNREACH`, `EHOSTUNREACH`, …) or refusing (ICMP port unreachable) is
/// skipped at once for the next; when none is left the request fails at once — that is how "offline" is
/// reported without waiting for the timeout. A datagram that does not carry the request's nonce does not
/// end the wait (an injected one cannot hide the real answer); if no better one arrives, the last such
/// datagram is returned at the deadline so the verifier can name what was wrong with it.
public struct SocketRoughtimeTransport: RoughtimeTransport {
    private let queue = DispatchQueue(label: "PlaytimeRoughtime.SocketRoughtimeTransport")

    /// Creates a transport with its own I/O queue.
    public init() {}

    /// Numeric hosts parse in place; names resolve on the I/O queue.
    public nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Resolver.resolveUDP(host: host, port: port)) }
        }
    }

    /// Sends and waits on the I/O queue.
    public nonisolated(nonsending) func exchange(_ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
                                                 timeoutNanoseconds: Int64) async -> RoughtimeExchangeOutcome {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Self.exchangeBlocking(request, nonce: nonce, addresses: addresses, timeoutNanoseconds: timeoutNanoseconds))
            }
        }
    }

    /// Reads the interface table.
    public nonisolated(nonsending) func hasUsableInterface() async -> Bool {
        NetworkInterfaces.summary().hasUsableInterface
    }

    /// The whole exchange on the calling thread, sleeping in `poll`.
    public static func exchangeBlocking(_ request: [UInt8], nonce: [UInt8], addresses: [SocketAddress],
                                        timeoutNanoseconds: Int64) -> RoughtimeExchangeOutcome {
        let deadline = SystemClock.bootNanoseconds() + max(0, timeoutNanoseconds)
        // Large enough for any datagram, so an oversize answer is seen whole (and then refused).
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var lastError: SystemError?
        var stray: RoughtimeExchangeOutcome?
        var index = 0
        while index < addresses.count {
            let address = addresses[index]
            index += 1
            let socket: UDPSocket
            let sent: Int64
            do {
                socket = try UDPSocket(connectedTo: address)
                sent = SystemClock.bootNanoseconds()
                try socket.send(request)
            } catch {
                lastError = error
                continue
            }
            defer { socket.close() }
            waiting: while true {
                let remaining = deadline - SystemClock.bootNanoseconds()
                if remaining <= 0 { return stray ?? .timedOut(address: address) }
                guard let ready = try? Poller.waitReadable([socket.descriptor], timeoutNanoseconds: remaining) else {
                    return stray ?? .timedOut(address: address)
                }
                guard ready.first == true else { continue }
                while true {
                    do {
                        guard let count = try socket.receive(into: &buffer) else { continue waiting }
                        let received = SystemClock.bootNanoseconds()
                        let reply = RoughtimeExchangeOutcome.reply(datagram: Array(buffer[..<count]), address: address,
                                                                   sentBootNanoseconds: sent, receivedBootNanoseconds: received)
                        if RoughtimeNonceProbe.answers(nonce, in: buffer[..<count]) { return reply }
                        stray = reply
                    } catch {
                        lastError = error
                        if error.meansRefused || error.meansNoRoute { break waiting }
                        return .failed(error, address: address)
                    }
                }
            }
        }
        return .failed(lastError ?? SystemError(code: 0, operation: "no address"), address: addresses.last)
    }
}
