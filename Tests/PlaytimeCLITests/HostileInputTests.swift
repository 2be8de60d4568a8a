import Foundation
import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem
import PlaytimeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary directory holding one of every kind of file a hostile argument can name: a regular file,
/// a symbolic link to it, one to the key, a dangling one, a directory, a FIFO, a journal with its key, and a policy too large to be one.
struct HostileSandbox {
    let path: String
    let key: JournalKey

    init() throws {
        path = NSTemporaryDirectory() + "playtime-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        key = try KeyFile.generate(path: path + "/key")
        try Data("old contents\n".utf8).write(to: URL(fileURLWithPath: path + "/target"))
        try FileManager.default.createSymbolicLink(atPath: path + "/link", withDestinationPath: path + "/target")
        try FileManager.default.createSymbolicLink(atPath: path + "/keylink", withDestinationPath: path + "/key")
        try FileManager.default.createSymbolicLink(atPath: path + "/dangling", withDestinationPath: path + "/absent")
        try FileManager.default.createDirectory(atPath: path + "/dir", withIntermediateDirectories: false)
        guard mkfifo(path + "/fifo", 0o644) == 0 else { throw CLIError("mkfifo failed: errno \(errno)") }
        try AuditCommandTests.journal(path + "/journal", key: key, count: 1)
        try Data(repeating: 0x20, count: 100 * 1024).write(to: URL(fileURLWithPath: path + "/large.json"))
    }

    func file(_ name: String) -> String { path + "/" + name }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }

    /// What a file is, down to its inode and timestamps (and the bytes of a regular file).
    struct Entry: Equatable, CustomStringConvertible {
        var mode: UInt32
        var inode: UInt64
        var size: Int64
        var modified: Int
        var modifiedNanoseconds: Int
        var contents: Data?
        var description: String { "mode \(String(mode, radix: 8)) inode \(inode) size \(size) mtime \(modified).\(modifiedNanoseconds)" }
    }

    /// Every entry under the sandbox, by relative path, examined without following links.
    func snapshot() throws -> [String: Entry] {
        var entries: [String: Entry] = [:]
        let names = try FileManager.default.subpathsOfDirectory(atPath: path)
        for name in names {
            var info = stat()
            guard lstat(file(name), &info) == 0 else { throw CLIError("lstat \(name): errno \(errno)") }
            let isRegular = (info.st_mode & S_IFMT) == S_IFREG
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            entries[name] = Entry(
                mode: UInt32(info.st_mode), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec),
                contents: isRegular ? try Data(contentsOf: URL(fileURLWithPath: file(name))) : nil)
        }
        return entries
    }

    /// The names whose entry differs between two snapshots (added, removed or changed).
    static func changes(_ before: [String: Entry], _ after: [String: Entry]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }
}

/// Runs the binary under a hard limit, so that a command that hangs fails its test instead of the suite.
/// How soon a hostile or extreme input must be answered: far below the 30 s kill, so a hang still fails. Under 0.1 s
/// on an idle machine; fresh-clone CI runs, with every suite of the test process running at once on two cores,
/// once took 10–12 s to start these processes.
let promptlySeconds: Double = 20

func runHostile(_ arguments: [String], currentDirectory: String? = nil) async throws -> PlaytimeBinary.Run {
    try await PlaytimeBinary.run(
        arguments, wrapper: ["/usr/bin/timeout", "-s", "KILL", "30"],
        environment: ["PLAYTIME_KEY_FILE": ""], currentDirectory: currentDirectory)
}

/// Checks that standard error is one plain line: named after the program, no error domains, codes,
/// system-call names or crash reports. A usage error may add its "Run 'playtime help …'" hint.
func expectOnePlainLine(_ standardError: String, containing phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = standardError.split(separator: "\n").filter { !$0.hasPrefix("Run 'playtime help ") }
    #expect(lines.count == 1, "expected one line on standard error, got: \(standardError)", sourceLocation: sourceLocation)
    let line = String(lines.first ?? "")
    #expect(line.hasPrefix("playtime "), "\(line)", sourceLocation: sourceLocation)
    #expect(line.contains(phrase), "expected '\(phrase)' in: \(standardError)", sourceLocation: sourceLocation)
    for leak in [
        "Domain", "errno", "Code=", "error 2", "error 5", "Fatal error", "runtime failure", "Signal", "could not be completed",
        "permission.", "don’t have", "Bad file descriptor", "getaddrinfo", "NSError", "open:", "read:", "fstat",
    ] {
        #expect(!standardError.contains(leak), "'\(leak)' leaked into: \(standardError)", sourceLocation: sourceLocation)
    }
}

@Suite("playtime on hostile input (binary): exit 2, one plain line, nothing touched")
struct HostileInputTests {
    /// Each case: what it is called, the arguments (paths inside the sandbox), and a phrase its message must hold.
    static func hostileCase(_ name: String, in sandbox: HostileSandbox) -> (arguments: [String], phrase: String) {
        let s = sandbox.file
        switch name {
        case "svg onto a FIFO": return (["reward", "--svg", s("fifo")], "is not a regular file")
        case "svg onto a symbolic link": return (["reward", "--svg", s("link")], "is not a regular file")
        case "svg onto a directory": return (["reward", "--svg", s("dir")], "is a directory")
        case "svg into a missing directory": return (["reward", "--svg", s("none/curve.svg")], "no such directory")
        case "policy is a directory": return (["reward", "--away", "1h", "--policy", s("dir")], "is a directory")
        case "policy is /dev/zero": return (["reward", "--away", "1h", "--policy", "/dev/zero"], "is not a regular file")
        case "policy is a FIFO": return (["reward", "--away", "1h", "--policy", s("fifo")], "is not a regular file")
        case "policy is too large": return (["reward", "--away", "1h", "--policy", s("large.json")], "is larger than 65536 bytes")
        case "audit policy is a FIFO": return (["audit", "--key-file", s("key"), "--policy", s("fifo"), s("journal")], "is not a regular file")
        case "audit key file is a FIFO": return (["audit", "--key-file", s("fifo"), s("journal")], "is not a regular file")
        case "record key file is a FIFO": return (["record", "heartbeat", "--journal", s("journal"), "--key-file", s("fifo")], "is not a regular file")
        case "audit standard input twice": return (["audit", "--key-file", s("key"), "-", "-"], "standard input named twice")
        case "audit a directory": return (["audit", "--key-file", s("key"), s("dir")], "is a directory")
        case "audit /dev/zero": return (["audit", "--key-file", s("key"), "/dev/zero"], "is not a regular file")
        case "demo dir is a file": return (["demo", "--away", "0", "--dir", s("target")], "is not a directory")
        case "record journal is a FIFO": return (["record", "heartbeat", "--journal", s("fifo"), "--key-file", s("key")], "is not a regular file")
        case "record journal is a directory": return (["record", "heartbeat", "--journal", s("dir"), "--key-file", s("key")], "is a directory")
        case "record journal is a symbolic link":
            return (["record", "heartbeat", "--journal", s("link"), "--key-file", s("key")], "is not a regular file (it is a symbolic link)")
        case "record journal is a dangling symbolic link":
            return (
                ["record", "background", "--journal", s("dangling"), "--key-file", s("newkey"), "--create-key"], "is not a regular file (it is a symbolic link)"
            )
        case "record key file is a symbolic link":
            return (["record", "heartbeat", "--journal", s("newjournal"), "--key-file", s("keylink")], "is not a regular file (it is a symbolic link)")
        case "record key file is a dangling symbolic link":
            return (
                ["record", "heartbeat", "--journal", s("newjournal"), "--key-file", s("dangling"), "--create-key"],
                "is not a regular file (it is a symbolic link)"
            )
        case "audit key file is a symbolic link":
            return (["audit", "--key-file", s("keylink"), s("journal")], "is not a regular file (it is a symbolic link)")
        case "audit key file is a dangling symbolic link":
            return (["audit", "--key-file", s("dangling"), s("journal")], "is not a regular file (it is a symbolic link)")
        case "ntp spacing of days": return (["ntp", "--samples", "2", "--spacing", "999999", "127.0.0.1:9"], "--spacing")
        case "ntp timeout of minutes": return (["ntp", "--timeout", "999", "127.0.0.1:9"], "--timeout")
        case "simulate a million trials": return (["simulate", "--trials", "1000000"], "--trials")
        case "ntp server :::": return (["ntp", ":::"], "is not an NTP server")
        case "ntp server with a signed port": return (["ntp", "127.0.0.1:+9"], "is not an NTP server")
        case "ntp server with a bad IPv4": return (["ntp", "999.1.1.1"], "is not an NTP server")
        case "record server :::": return (["record", "heartbeat", "--journal", s("journal"), "--key-file", s("key"), "--ntp", ":::"], "is not an NTP server")
        case "demo server with an empty label": return (["demo", "--away", "0", "--dir", s("dir"), "--ntp", "a..b"], "is not an NTP server")
        case "audit --now is not a time": return (["audit", "--key-file", s("key"), "--now", "yesterday", s("journal")], "RFC 3339")
        case "audit --now month 13": return (["audit", "--key-file", s("key"), "--now", "2026-13-01T00:00:00Z", s("journal")], "RFC 3339")
        case "audit --now February 30": return (["audit", "--key-file", s("key"), "--now", "2026-02-30T00:00:00Z", s("journal")], "RFC 3339")
        case "audit --now without zone": return (["audit", "--key-file", s("key"), "--now", "2026-12-01T06:00:00", s("journal")], "RFC 3339")
        case "audit --now beyond 2262": return (["audit", "--key-file", s("key"), "--now", "9999999999999", s("journal")], "RFC 3339")
        default: return ([], "unknown case \(name)")
        }
    }

    static let caseNames = [
        "svg onto a FIFO", "svg onto a symbolic link", "svg onto a directory", "svg into a missing directory",
        "policy is a directory", "policy is /dev/zero", "policy is a FIFO", "policy is too large", "audit policy is a FIFO",
        "audit key file is a FIFO", "record key file is a FIFO", "audit standard input twice", "audit a directory", "audit /dev/zero",
        "demo dir is a file", "record journal is a FIFO", "record journal is a directory",
        "record journal is a symbolic link", "record journal is a dangling symbolic link", "record key file is a symbolic link",
        "record key file is a dangling symbolic link", "audit key file is a symbolic link", "audit key file is a dangling symbolic link",
        "ntp spacing of days", "ntp timeout of minutes", "simulate a million trials",
        "ntp server :::", "ntp server with a signed port", "ntp server with a bad IPv4", "record server :::", "demo server with an empty label",
        "audit --now is not a time", "audit --now month 13", "audit --now February 30", "audit --now without zone", "audit --now beyond 2262",
    ]

    @Test("Refused at once with exit 2 and one plain line; no file in the sandbox created, changed or replaced", arguments: caseNames)
    func refused(name: String) async throws {
        let sandbox = try HostileSandbox()
        defer { sandbox.cleanUp() }
        let (arguments, phrase) = Self.hostileCase(name, in: sandbox)
        try #require(!arguments.isEmpty, "\(phrase)")
        let before = try sandbox.snapshot()
        let run = try await runHostile(arguments, currentDirectory: sandbox.path)
        #expect(run.status == 2, "\(name): exit \(run.status)\n\(run.standardOutput)\n\(run.standardError)")
        #expect(run.seconds < promptlySeconds, "\(name) took \(run.seconds) s")
        expectOnePlainLine(run.standardError, containing: phrase)
        #expect(HostileSandbox.changes(before, try sandbox.snapshot()) == [], "\(name) touched the sandbox")
    }

    @Test(
        "A device node as --svg is refused and stays a device (root only: mknod in the sandbox, never in /dev)",
        .enabled(if: getuid() == 0))
    func deviceNode() async throws {
        let sandbox = try HostileSandbox()
        defer { sandbox.cleanUp() }
        // The null device's numbers (major 1, minor 3) in the kernel's encoding of small numbers.
        guard mknod(sandbox.file("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { throw CLIError("mknod failed: errno \(errno)") }
        let before = try sandbox.snapshot()
        let run = try await runHostile(["reward", "--svg", sandbox.file("null")])
        #expect(run.status == 2, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.seconds < promptlySeconds)
        expectOnePlainLine(run.standardError, containing: "is not a regular file (it is a character device)")
        #expect(HostileSandbox.changes(before, try sandbox.snapshot()) == [])
    }

    @Test(
        "A policy the user may not read: 'permission denied' in words (not as root, who may read anything)",
        .enabled(if: getuid() != 0))
    func unreadablePolicy() async throws {
        let sandbox = try HostileSandbox()
        defer { sandbox.cleanUp() }
        try RewardPolicy.default.jsonData().write(to: URL(fileURLWithPath: sandbox.file("policy.json")))
        guard chmod(sandbox.file("policy.json"), 0) == 0 else { throw CLIError("chmod failed") }
        let run = try await runHostile(["reward", "--away", "1h", "--policy", sandbox.file("policy.json")])
        #expect(run.status == 2)
        expectOnePlainLine(run.standardError, containing: "cannot read reward policy file \(sandbox.file("policy.json")): permission denied")
    }
}

@Suite("playtime on extreme but legal input (binary): no trap, only the named output written")
struct ExtremeInputTests {
    @Test("reward --curve at a rate of Int64.max draws at once")
    func curveAtMaximumRate() async throws {
        for multiplier in [[], ["--multiplier", "ad"]] {
            let run = try await runHostile(["reward", "--curve", "--rate", String(Int64.max)] + multiplier)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.seconds < promptlySeconds)
            #expect(run.standardOutput.contains("9 223 372 036 854 775 807"))
            #expect(run.standardOutput.contains("hours away"))
        }
    }

    @Test("reward --svg near Int64.max replaces a regular file atomically, keeps its mode, and touches nothing else")
    func svgAtMaximumRate() async throws {
        let sandbox = try HostileSandbox()
        defer { sandbox.cleanUp() }
        guard chmod(sandbox.file("target"), 0o640) == 0 else { throw CLIError("chmod failed") }
        let before = try sandbox.snapshot()
        let run = try await runHostile(["reward", "--svg", sandbox.file("target"), "--rate", String(Int64.max - 1_000)])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.seconds < promptlySeconds)
        let after = try sandbox.snapshot()
        #expect(HostileSandbox.changes(before, after) == ["target"], "no temporary file may be left behind")
        let replaced = try #require(after["target"])
        #expect(replaced.mode & 0o7777 == 0o640)
        #expect(String(decoding: replaced.contents ?? Data(), as: UTF8.self).hasPrefix("<?xml"))
        #expect(replaced.inode != before["target"]?.inode, "replaced by a rename, not rewritten in place")
    }

    @Test("reward --svg - writes the SVG to standard output and no file named '-'")
    func svgToStandardOutput() async throws {
        let sandbox = try HostileSandbox()
        defer { sandbox.cleanUp() }
        let before = try sandbox.snapshot()
        let run = try await runHostile(["reward", "--svg", "-"], currentDirectory: sandbox.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("<?xml"))
        #expect(run.standardOutput.hasSuffix("</svg>\n"))
        #expect(HostileSandbox.changes(before, try sandbox.snapshot()) == [])
    }

    /// A journal of this machine's boot holding one heartbeat whose network reading the recorder would age.
    func journal(bootNanoseconds: Int64, network: NetworkTime, in sandbox: HostileSandbox) throws -> String {
        let reading = SystemClockSource().read()
        let path = sandbox.file("extreme.jsonl")
        var builder = try JournalBuilder(path: path, key: sandbox.key)
        try builder.append(
            Evidence(
                event: .heartbeat, sessionID: "",
                clock: ClockReading(
                    wallNanoseconds: reading.wallNanoseconds,
                    bootNanoseconds: bootNanoseconds, bootID: reading.bootID),
                network: network, connectivity: Connectivity(state: .online, reason: "ntp-ok"),
                goldPerHour: 600, policyVersion: RewardPolicy.default.version))
        try builder.close()
        return path
    }

    @Test(
        "record on a journal whose network reading cannot be aged (extreme boot, bad error bound) records without it, never traps",
        arguments: ["boot at Int64.min", "boot at Int64.max", "negative error bound", "error bound near Int64.max"])
    func recordOnExtremeJournal(variant: String) async throws {
        let sandbox = try HostileSandbox()
        defer { sandbox.cleanUp() }
        let now = SystemClock.bootNanoseconds()
        let wall = SystemClock.wallNanoseconds()
        let (boot, network): (Int64, NetworkTime)
        switch variant {
        case "boot at Int64.min": (boot, network) = (.min, NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: 1_000_000))
        case "boot at Int64.max": (boot, network) = (.max, NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: 1_000_000))
        case "negative error bound": (boot, network) = (now - 1_000_000_000, NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: -5_000_000_000))
        default: (boot, network) = (now - 1_000_000_000, NetworkTime(unixNanoseconds: wall, errorBoundNanoseconds: .max - 1))
        }
        let path = try journal(bootNanoseconds: boot, network: network, in: sandbox)
        let run = try await runHostile(["record", "heartbeat", "--journal", path, "--key-file", sandbox.file("key"), "--json"])
        #expect(run.status == 0, "\(variant): exit \(run.status)\n\(run.standardError)")
        #expect(run.seconds < promptlySeconds)
        let object = try jsonObject(run.standardOutput)
        #expect(object["networkErrorNanoseconds"] is NSNull, "\(variant): \(run.standardOutput)")
        #expect(object["networkNanoseconds"] is NSNull, "\(variant): \(run.standardOutput)")
    }
}
