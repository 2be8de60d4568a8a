import PlaytimeSystem
import PlaytimeTestSupport
import Testing

@testable import PlaytimeNTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server's reason is for a person: plain words, never a system call's name or an errno name or number
/// (scripted: nothing touches the network, so a name that does not resolve is a scripted answer).
@Suite("NTP reasons in plain words (scripted)")
struct PlainReasonTests {
    static let leaks = ["errno", "getaddrinfo", "connect", "recvmsg", "sendto", "ECONN", "ENET", "Connection refused", "(111)"]

    func outcome(script: ScriptedNTPTransport.Script?, server: NTPServer) async -> NTPServerOutcome? {
        let clock = ManualClock()
        let scripts = script.map { [server.description: $0] } ?? [:]
        let client = NTPClient(configuration: NTPConfiguration(), transport: ScriptedNTPTransport(clock: clock, scripts: scripts), clock: clock)
        do {
            _ = try await client.query([server])
            return nil
        } catch {
            return error.servers.first
        }
    }

    @Test(
        "Refused, no route, no such host: the reason says so in words",
        arguments: [
            (ECONNREFUSED, "the port refused (nothing listens on it)"), (ENETUNREACH, "no route to that network"),
            (EHOSTUNREACH, "no route to that host"),
        ])
    func socketFailures(code: Int32, words: String) async throws {
        let server = NTPServer(host: "10.0.0.1")
        let outcome = try #require(await outcome(script: .init(replies: [], sendErrno: code), server: server))
        #expect(outcome.reason == words)
        for leak in Self.leaks { #expect(outcome.reason?.contains(leak) != true, "\(leak) in \(outcome.reason ?? "")") }
    }

    @Test("A host name that does not resolve: 'did not resolve: no such host is known'")
    func unresolvable() async throws {
        let outcome = try #require(await outcome(script: nil, server: NTPServer(host: "name.invalid")))
        #expect(outcome.status == .dnsFailure)
        #expect(outcome.reason == "name.invalid did not resolve: no such host is known")
    }

    @Test("Every errno in words has no number and no call name; unknown codes say so plainly")
    func words() {
        for code in Int32(0)...Int32(140) {
            let words = SystemError(code: code, operation: "recvmsg").plainWords
            #expect(!words.contains("recvmsg") && !words.contains("errno") && !words.isEmpty, "\(code): \(words)")
            #expect(!words.contains(String(code)) || code < 10, "\(code): \(words)")
        }
    }
}
