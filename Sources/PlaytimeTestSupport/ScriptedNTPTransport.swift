import PlaytimeNTP
import PlaytimeSystem

/// A transport whose servers are scripted: each answers with a `FakeReply`, after a one-way delay, in the
/// time of a `ManualClock`. Nothing touches the network and nothing sleeps.
package final class ScriptedNTPTransport: NTPTransport {
    /// How one scripted server behaves.
    package struct Script: Sendable {
        /// Reply per request, by request number (0-based); the last one repeats.
        package var replies: [FakeReply]
        /// One-way network delay each way.
        package var oneWayDelayNanoseconds: Int64
        /// What the server's true clock reads minus the manual clock's wall at the same instant.
        package var serverClockMinusLocalNanoseconds: Int64
        /// Fails with this errno instead of sending (e.g. ENETUNREACH), if set.
        package var sendErrno: Int32?

        /// Creates a script.
        package init(replies: [FakeReply], oneWayDelayNanoseconds: Int64 = 5_000_000, serverClockMinusLocalNanoseconds: Int64 = 0, sendErrno: Int32? = nil) {
            self.replies = replies
            self.oneWayDelayNanoseconds = oneWayDelayNanoseconds
            self.serverClockMinusLocalNanoseconds = serverClockMinusLocalNanoseconds
            self.sendErrno = sendErrno
        }
    }

    private let clock: ManualClock
    private let scripts: [String: Script]
    private let names: [String: Result<[SocketAddress], ResolveError>]
    private let interfaceUp: Bool
    private let log = ThreadLock<[SocketAddress]>([])

    /// Scripts keyed by address description (`127.0.0.1:123`); `names` maps host names to addresses or failures.
    package init(clock: ManualClock, scripts: [String: Script], names: [String: Result<[SocketAddress], ResolveError>] = [:], interfaceUp: Bool = true) {
        self.clock = clock
        self.scripts = scripts
        self.names = names
        self.interfaceUp = interfaceUp
    }

    /// Every address a request was sent to, in order.
    package var sent: [SocketAddress] { log.withLock { $0 } }

    /// Numeric hosts parse; others come from `names` (unknown names fail with EAI_NONAME = -2).
    package nonisolated(nonsending) func resolve(host: String, port: UInt16) async -> Result<[SocketAddress], ResolveError> {
        if let numeric = SocketAddress(numericHost: host, port: port) { return .success([numeric]) }
        return names[host] ?? .failure(ResolveError(code: -2, host: host))
    }

    /// Answers every request from its script; advances the manual clock by the slowest round trip (or the timeout).
    package nonisolated(nonsending) func exchange(_ requests: [NTPRequest], timeoutNanoseconds: Int64) async -> [NTPExchangeResult] {
        let start = clock.read()
        var slowest: Int64 = 0
        var results: [NTPExchangeResult] = []
        for request in requests {
            guard let address = request.addresses.first else {
                results.append(NTPExchangeResult(outcome: .failed(SystemError(code: 0, operation: "no address"), address: nil)))
                continue
            }
            let script = scripts[address.description]
            let count = log.withLock { entries -> Int in
                entries.append(address)
                return entries.filter { $0 == address }.count - 1
            }
            guard let script else {
                slowest = max(slowest, timeoutNanoseconds)
                results.append(NTPExchangeResult(outcome: .timedOut(address: address)))
                continue
            }
            if let code = script.sendErrno {
                results.append(NTPExchangeResult(outcome: .failed(SystemError(code: code, operation: "connect"), address: address)))
                continue
            }
            let reply = script.replies.isEmpty ? .silent : script.replies[min(count, script.replies.count - 1)]
            let trueAtServer = start.wallNanoseconds + script.oneWayDelayNanoseconds + script.serverClockMinusLocalNanoseconds
            var datagrams = reply.datagrams(for: request.datagram, receivedUnixNanoseconds: trueAtServer, transmitUnixNanoseconds: trueAtServer)
            let roundTrip = 2 * script.oneWayDelayNanoseconds
            var ignored: [NTPRejection] = []
            var outcome: NTPExchangeResult.Outcome = .timedOut(address: address)
            while !datagrams.isEmpty {
                let datagram = datagrams.removeFirst()
                if roundTrip <= timeoutNanoseconds, NTPPacket.echoes(nonce: request.nonce, in: datagram) {
                    outcome = .reply(
                        datagram: datagram, address: address, sentBootNanoseconds: start.bootNanoseconds,
                        receivedBootNanoseconds: start.bootNanoseconds + roundTrip)
                    break
                }
                ignored.append(datagram.count < NTPPacket.headerSize ? .shortPacket(length: datagram.count) : .originMismatch)
            }
            if case .reply = outcome { slowest = max(slowest, roundTrip) } else { slowest = max(slowest, timeoutNanoseconds) }
            results.append(NTPExchangeResult(outcome: outcome, ignored: ignored))
        }
        clock.advance(nanoseconds: slowest)
        return results
    }

    /// As configured.
    package nonisolated(nonsending) func hasUsableInterface() async -> Bool { interfaceUp }
}
