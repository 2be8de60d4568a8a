import Foundation
import PlaytimeTestSupport
import Testing

/// A full disk and a read-only directory, for real: a tiny tmpfs mounted in a private mount namespace (`unshare -m`, root),
/// filled, emptied and remounted between steps (docs/guarantees.md, "Nothing lost"). Each case must give a
/// clear error, lose nothing acknowledged, leave nothing half-written, and work normally once space returns.
/// Needs root and util-linux's `unshare`; elsewhere the tests skip, unless PLAYTIME_REQUIRE_FAULTS=1 (CI) makes that a
/// failure.
@Suite("Nothing lost: a full disk and a read-only directory (tmpfs in a private mount namespace)")
struct FaultTests {
    static var required: Bool { ProcessInfo.processInfo.environment["PLAYTIME_REQUIRE_FAULTS"] == "1" }

    /// `unshare`, when this process may use it (root).
    static var unshare: String? {
        guard getuid() == 0 else { return nil }
        return ["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `script` with `sh` in a new mount namespace where a tmpfs of `kilobytes` is mounted on `$0` (a fresh
    /// directory, `disk` in the returned scratch directory, beside `scratch` on an ordinary file system); `$1` is the
    /// built `playtime`, and `arguments` are `$2`…. `nil` when namespaces or tmpfs mounts are not available here.
    static func inTinyDisk(kilobytes: Int, _ script: String, _ arguments: [String]) async throws -> (run: PlaytimeBinary.Run, scratch: String)? {
        guard let unshare else { return nil }
        let scratch = try ExampleBinary.temporaryDirectory("playtime-faults-")
        try FileManager.default.createDirectory(atPath: scratch + "/disk", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch + "/scratch", withIntermediateDirectories: true)
        let wrapped = "mount -t tmpfs -o size=\(kilobytes)k tmpfs \"$0\" || exit 97\n" + script
        let run = try await PlaytimeBinary.run(arguments, wrapper: [unshare, "-m", "sh", "-c", wrapped, scratch + "/disk"])
        if run.status == 97 || run.standardError.contains("unshare failed") {
            try? FileManager.default.removeItem(atPath: scratch)
            return nil
        }
        return (run, scratch)
    }

    /// The fault harness's `mode` on a tiny disk of 512 KiB: its cases, or `nil` (recorded) when that cannot run here.
    static func harness(_ mode: String) async throws -> (outcomes: [[String: Any]], seconds: Double)? {
        let harness = try ExampleBinary.url("playtime-fault-harness").path
        guard let (run, scratch) = try await inTinyDisk(kilobytes: 512, "exec \"$2\" \(mode) \"$0\" \"$0/../scratch\"", [harness]) else {
            #expect(!required, "PLAYTIME_REQUIRE_FAULTS=1 but a tmpfs could not be mounted in a new mount namespace (needs root and unshare)")
            return nil
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("done\n"), "\(run.standardOutput)")
        return (try outcomes(run.standardOutput), run.seconds)
    }

    /// The harness's JSON lines.
    static func outcomes(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").filter { $0.hasPrefix("{") }.map { try jsonObject(String($0)) }
    }

    @Test(
        "the game on a full disk: the first launch, key, journal, sidecar, every record kind (launch, heartbeat, departure, return, claim, anchor, settlement) and a read-only directory fail clearly, lose nothing, and the life pays in full once space returns"
    )
    func client() async throws {
        guard let (outcomes, seconds) = try await Self.harness("client") else { return }
        let targets = outcomes.compactMap { $0["target"] as? String }
        #expect(
            targets == [
                "first-launch with 0 free page(s)", "first-launch with 1 free page(s)", "first-launch with 2 free page(s)",
                "first-launch with 3 free page(s)", "reboot-launch with 0 free page(s)", "launch record 1 of 1", "heartbeat record 1 of 1",
                "background record 1 of 1", "foreground record 1 of 2", "foreground record 2 of 2", "anchor record 1 of 1",
                "second-background record 1 of 1", "settle record 1 of 2", "settle record 2 of 2", "read-only directory at the return",
            ], "every file and record kind the game writes is a case")
        for outcome in outcomes {
            let target = outcome["target"] as? String ?? "?"
            #expect(outcome["problems"] as? [String] == [], "\(target): \(outcome)")
            // With three free pages the first launch has room for its key, journal and sidecar: the control.
            #expect(outcome["failed"] as? Bool == !target.hasPrefix("first-launch with 3"), "\(target): \(outcome)")
            if target.hasPrefix("first-launch with 0") { #expect(outcome["code"] as? String == "storage", "the key file") }
        }
        print("fault cases (client): \(outcomes.count) in \(String(format: "%.2f", seconds)) s")
    }

    @Test(
        "the server's file stores on a full disk: an upload and a redemption with 0–4 free pages fail clearly or pay, the stores open again, and the same call with space pays the rest, never twice"
    )
    func server() async throws {
        guard let (outcomes, seconds) = try await Self.harness("server") else { return }
        #expect(outcomes.count == 10)
        for kind in ["upload", "redemption"] {
            #expect(
                outcomes.contains { ($0["target"] as? String ?? "").hasPrefix(kind) && $0["failed"] as? Bool == true },
                "a full disk stops some \(kind)")
        }
        for outcome in outcomes {
            let target = outcome["target"] as? String ?? "?"
            let problems = outcome["problems"] as? [String] ?? ["?"]
            if target == "redemption with 0 free page(s)" {
                // The file stores consume a ticket before they place its interval: a disk full between the two pays
                // nothing and refuses the retry (never pays twice). The service's payment log (issue 28) answers it.
                withKnownIssue("a ticket consumed just before the disk filled is not paid, and its retry is refused") {
                    #expect(problems == [], "\(target): \(outcome)")
                }
                #expect(problems.allSatisfy { $0.hasPrefix("lost:") }, "\(target): \(outcome)")
            } else {
                #expect(problems == [], "\(target): \(outcome)")
            }
        }
        print("fault cases (server): \(outcomes.count) in \(String(format: "%.2f", seconds)) s")
    }

    @Test(
        "Issue 29 case 1, on the built binaries: a full disk at the first launch of idle-game and of playtime record --create-key leaves no empty key; the next launch works once space returns"
    )
    func firstLaunchOnAFullDisk() async throws {
        let idle = try ExampleBinary.url("idle-game").path
        let script = """
            head -c 1048576 /dev/zero > "$0/filler" 2>/dev/null
            "$2" --dir "$0/game" --away 0 > "$0/../first.out" 2>&1; echo "idle-first $?"
            "$1" record launch --journal "$0/cli.jsonl" --key-file "$0/cli.key" --create-key > "$0/../cli-first.out" 2>&1; echo "cli-first $?"
            ls -A "$0" "$0/game"
            rm "$0/filler"
            "$2" --dir "$0/game" --away 1 > "$0/../second.out" 2>&1; echo "idle-second $?"
            "$1" record launch --journal "$0/cli.jsonl" --key-file "$0/cli.key" --create-key > /dev/null 2>&1; echo "cli-second $?"
            wc -c < "$0/game/player.key"; wc -c < "$0/cli.key"
            """
        guard let (run, scratch) = try await Self.inTinyDisk(kilobytes: 64, script, [idle]) else {
            #expect(!Self.required, "PLAYTIME_REQUIRE_FAULTS=1 but a tmpfs could not be mounted in a new mount namespace (needs root and unshare)")
            return
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let first = try String(contentsOfFile: scratch + "/first.out", encoding: .utf8)
        let cliFirst = try String(contentsOfFile: scratch + "/cli-first.out", encoding: .utf8)
        #expect(lines.contains("idle-first 1") && first.contains("no space left on device"), "\(first)")
        #expect(lines.contains("cli-first 2") && cliFirst.contains("no space left on device"), "\(cliFirst)")
        // Nothing half-made: no key file, no journal, no temporary file (only the filler and the empty game directory).
        #expect(lines.contains("filler") && !lines.contains("cli.key") && !lines.contains("player.key"), "\(run.standardOutput)")
        #expect(!lines.contains { $0.contains(".tmp-") }, "\(run.standardOutput)")
        let second = try String(contentsOfFile: scratch + "/second.out", encoding: .utf8)
        #expect(lines.contains("idle-second 0"), "\(second)")
        #expect(second.contains("gold ") && second.contains("paid this run"), "\(second)")
        #expect(lines.contains("cli-second 0"), "\(run.standardOutput)")
        #expect(lines.suffix(2) == ["65", "65"], "whole keys: \(run.standardOutput)")
    }
}
