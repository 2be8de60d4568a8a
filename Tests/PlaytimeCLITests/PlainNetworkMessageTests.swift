import Foundation
import PlaytimeTestSupport
import Testing

/// Every message the network commands print is plain words: no errno names or numbers, no system-call names.
@Suite("playtime ntp and roughtime failures in plain words (binary, loopback)")
struct PlainNetworkMessageTests {
    /// Loopback, bound by no test (as NTPCommandTests and the Roughtime tests name a refusing server).
    static let refusing = "127.77.0.2:9"
    static let leaks = [
        "errno", "Errno", "ECONNREFUSED", "recvmsg", "recv:", "sendto", "sendmsg", "connect:", "getaddrinfo", "socket:",
        "Connection refused", "(111)", "error 111",
    ]

    func expectPlain(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for leak in Self.leaks {
            #expect(!text.contains(leak), "'\(leak)' in: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("ntp against a port nothing listens on: exit 4, 'the port refused' in words, table and JSON")
    func ntpRefused() async throws {
        for json in [false, true] {
            let run = try await PlaytimeBinary.run(["ntp", "--timeout", "0.5"] + (json ? ["--json"] : []) + [Self.refusing])
            #expect(run.status == 4, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput.contains("the port refused (nothing listens on it)"), "\(run.standardOutput)")
            expectPlain(run.standardOutput + run.standardError)
        }
    }

    @Test("roughtime against a port nothing listens on: exit 4, plain words")
    func roughtimeRefused() async throws {
        let run = try await PlaytimeBinary.run(["roughtime", "--timeout", "0.5", Self.refusing + "=lRhHag6fn2wZQ6idy10ChgpRgks3gvdMM2hWNeJNgXg="])
        #expect(run.status == 4, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("the port refused"), "\(run.standardOutput)")
        expectPlain(run.standardOutput + run.standardError)
    }
}
