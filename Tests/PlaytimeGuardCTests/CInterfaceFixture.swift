import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeGuardC
import PlaytimeTestSupport
import Testing

/// Every test of the C interface, one at a time: the handle table and the strings handed out are the process's,
/// and the tests count them.
@Suite("C interface (include/playtime_guard.h)", .serialized)
struct CInterfaceTests {}

/// A game's directory and its test doubles (manual clock, scripted network time and probe), and the C calls on it.
struct CFixture: Sendable {
    let directory: String
    let clock = ManualClock()
    let probe = ScriptedConnectivityProbe()
    let network: ManualNetworkTimeSource

    init() {
        directory = NSTemporaryDirectory() + "playtime-c-" + UUID().uuidString
        network = ManualNetworkTimeSource(clock: clock)
    }

    /// The configuration of these doubles on `configuration`.
    func adjust(_ configuration: inout EarningsConfiguration) {
        configuration.clock = clock
        configuration.networkTime = network
        configuration.connectivityProbe = probe
    }

    /// A handle opened as `ptg_open` opens it, with this fixture's doubles.
    func open(_ json: String = "{}") throws -> UInt64 {
        let opened = CInterfaceTesting.open(directory: directory, configurationJSON: json, adjust: adjust)
        #expect(opened.status == 0, "\(opened.json)")
        guard opened.status == 0 else { throw CError(status: opened.status, json: opened.json) }
        return opened.handle
    }

    /// The facade itself on this directory, with the same doubles.
    func facade(_ configuration: EarningsConfiguration = EarningsConfiguration()) throws -> OfflineEarnings {
        var configuration = configuration
        adjust(&configuration)
        return try OfflineEarnings(directory: directory, configuration: configuration)
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }
}

/// A call that did not return `PTG_OK`.
struct CError: Error {
    let status: Int32
    let json: String
}

/// Runs C calls on a thread of their own: a blocking form waits for a task of its own, so it must never hold a
/// thread of Swift's cooperative pool (docs/c.md, "Handles, memory, threads"), which a test's body runs on.
func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await runOffCooperativePool(body)
}

/// What a C call returned: the status and the JSON written to `*out_json` (freed here).
struct CAnswer: Sendable {
    let status: Int32
    let json: String

    /// The JSON as an object.
    var object: [String: any Sendable] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: any Sendable] ?? [:]
    }
    /// The error code of a failure.
    var code: String? { object["code"] as? String }
    /// The payouts of a paying call.
    var payouts: [[String: any Sendable]] { object["payouts"] as? [[String: any Sendable]] ?? [] }

    /// Calls `body` with an `out_json` pointer, takes the string and frees it with `ptg_free`.
    init(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32) {
        var out: UnsafeMutablePointer<CChar>?
        status = body(&out)
        json = out.map { String(cString: $0) } ?? ""
        #expect(out != nil, "every answer but PTG_NULL_ARGUMENT for out_json writes a string")
        #expect(ptgFree(out) == 0)
    }
}

/// A payout's figures and words as C receives them, and as the facade's `AwayPayout` has them: what must agree.
struct PayoutFigures: Equatable, Sendable, CustomStringConvertible {
    var goldNow: Int64
    var goldInEscrow: Int64
    var goldPendingGrant: Int64
    var pending: [String]
    var messages: [String]
    var explanation: String

    init(_ payout: AwayPayout) {
        goldNow = payout.goldNow
        goldInEscrow = payout.goldInEscrow
        goldPendingGrant = payout.goldPendingGrant
        pending = payout.pending.map { "\($0.name)=\($0.gold)" }
        messages = payout.messages.map { "\($0.key) \($0.values.sorted { $0.key < $1.key }) \($0.text)" }
        explanation = payout.explanation.replacingOccurrences(of: payout.sessionID, with: "<session>")
    }

    init(_ json: [String: any Sendable]) {
        goldNow = (json["goldNow"] as? NSNumber)?.int64Value ?? -1
        goldInEscrow = (json["goldInEscrow"] as? NSNumber)?.int64Value ?? -1
        goldPendingGrant = (json["goldPendingGrant"] as? NSNumber)?.int64Value ?? -1
        pending = (json["pendingMultipliers"] as? [[String: Any]] ?? []).map {
            "\($0["name"] as? String ?? "?")=\(($0["gold"] as? NSNumber)?.int64Value ?? -1)"
        }
        messages = (json["messages"] as? [[String: Any]] ?? []).map { message in
            let values = (message["values"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
            return "\(message["key"] as? String ?? "?") \(values) \(message["text"] as? String ?? "?")"
        }
        let session = json["sessionID"] as? String ?? "?"
        explanation = (json["explanation"] as? String ?? "").replacingOccurrences(of: session, with: "<session>")
    }

    var description: String { "\(goldNow) now, \(goldInEscrow) held, \(goldPendingGrant) pending \(pending) \(messages)" }
}
