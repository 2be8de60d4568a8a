import Foundation
import PlaytimeAudit
import PlaytimeCrypto
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport

/// `gen-journals`: writes N small enrolled journals into a directory for the fleet audit benchmark
/// (scripts/bench-fleet-audit.sh, docs/fleet.md "Fleet audits"). Each journal's key is derived from the server
/// secret and its id, its first record is its enrollment anchor naming its account, then `--sessions` honest
/// claimed sessions. Accounts have `--devices` journals each, whose sessions never overlap.
/// Arguments: `--journals N --out DIR --secret-file FILE [--sessions S] [--devices D]` (the secret file is
/// created when absent).
func runGenerateJournals(arguments: [String]) throws {
    let options = BenchmarkArguments(arguments)
    guard let out = options.value("--out"), let secretPath = options.value("--secret-file") else {
        print("usage: PlaytimeBenchmarks gen-journals --journals N --out DIR --secret-file FILE [--sessions S] [--devices D]")
        return
    }
    let journals = options.integer("--journals") ?? 100_000
    let sessions = options.integer("--sessions") ?? 2
    let devices = max(1, options.integer("--devices") ?? 2)
    if (try? KeyFile.loadBytes(path: secretPath)) == nil { _ = try KeyFile.generate(path: secretPath) }
    let secret = try KeyFile.loadBytes(path: secretPath)
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let anchorKey = AnchorKey(serverSecret: secret)
    let calculator = try RewardCalculator(policy: .default)
    let start: Int64 = 1_796_083_200_000_000_000
    var bytes = 0
    for index in 0..<journals {
        let account = index / devices
        let device = index % devices
        var journalID = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: UInt64(index).bigEndian) { journalID.replaceSubrange(8..<16, with: $0) }
        journalID[0] = 0x70
        let key = JournalKey(serverSecret: secret, journalID: journalID)
        var encoder = JournalEncoder(key: key, journalID: journalID)
        var buffer = encoder.headerLine
        let anchor = anchorKey.issue(
            serverNanoseconds: start, account: String(format: "player-%07d", account), journalID: Hex.encode(journalID),
            headSequence: 0, headMAC: "", nonce: journalID)
        buffer += try encoder.encodeRecord(
            type: AnchorCodec.recordType,
            payload: AnchorCodec.encode(
                AnchorRecord(
                    token: anchor.text, sentBootNanoseconds: 0, receivedBootNanoseconds: 0, bootID: nil, wallNanoseconds: start)))
        // Devices of one account take turns by day: their sessions never overlap.
        var wall = start + Int64(device) * 86_400_000_000_000
        var boot: Int64 = 5_000_000_000
        let bootID = Hex.encode(journalID)
        for session in 0..<sessions {
            let id = String(format: "%08x%08x", UInt32(truncatingIfNeeded: index), UInt32(session))
            let away = Int64(600 + (index * 7919 + session * 131) % 3_000) * 1_000_000_000
            try appendClaimedSession(
                id: id, wall: wall, boot: boot, bootID: bootID, away: away, calculator: calculator,
                encoder: &encoder, into: &buffer)
            wall += away + 1_800_000_000_000
            boot += away + 1_800_000_000_000
        }
        bytes += buffer.count
        guard FileManager.default.createFile(atPath: out + "/" + String(format: "j%07d.jsonl", index), contents: Data(buffer)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
    print("wrote \(out): \(journals) journals of \((journals + devices - 1) / devices) accounts, \(sessions) sessions each, \(bytes) bytes")
}
