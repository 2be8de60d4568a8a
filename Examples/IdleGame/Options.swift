import ExampleSupport
import Foundation
import PlaytimeGuard

/// The idle game's command line.
struct Options {
    var directory: String
    var journalPath: String
    var keyPath: String
    var awayNanoseconds: Int64
    var servers: [NTPServer] = []
    var rate: Int64?
    var policy: RewardPolicy
    var watchedAd: Bool
    var details: Bool
    var printPolicy: Bool

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: [String]) throws {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        let valueOptions: Set = ["--dir", "--journal", "--key-file", "--away", "--ntp", "--rate", "--policy"]
        let flagOptions: Set = ["--ad", "--details", "--print-policy"]
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if valueOptions.contains(word) {
                guard index + 1 < arguments.count else { throw UsageError(description: "\(word) needs a value") }
                values[word, default: []].append(arguments[index + 1])
                index += 2
            } else if flagOptions.contains(word) {
                flags.insert(word)
                index += 1
            } else {
                throw UsageError(description: "unknown argument '\(word)'")
            }
        }
        do {
            policy = try RewardPolicy.named(values["--policy"]?.last ?? "demo")
        } catch {
            throw UsageError(description: "--policy: \(error)")
        }
        printPolicy = flags.contains("--print-policy")
        watchedAd = flags.contains("--ad")
        details = flags.contains("--details")
        let awayText = values["--away"]?.last ?? "3"
        guard let away = Double(awayText), away.isFinite, (0...86_400).contains(away) else {
            throw UsageError(description: "--away must be a number of seconds in 0...86400, not '\(awayText)'")
        }
        awayNanoseconds = Int64((away * 1_000_000_000).rounded())
        if let text = values["--rate"]?.last {
            guard let rate = Int64(text), rate >= 0 else { throw UsageError(description: "--rate must be a whole number ≥ 0, not '\(text)'") }
            self.rate = rate
        }
        for text in values["--ntp"] ?? [] {
            guard let server = NTPServer(parsing: text) else { throw UsageError(description: "'\(text)' is not an NTP server (host or host:port)") }
            servers.append(server)
        }
        if let given = values["--dir"]?.last {
            directory = given
        } else if printPolicy || (values["--journal"] != nil && values["--key-file"] != nil) {
            directory = FileManager.default.currentDirectoryPath
        } else {
            directory = NSTemporaryDirectory() + "idle-game-" + UUID().uuidString.prefix(8).lowercased()
        }
        if !printPolicy {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw UsageError(description: "cannot create directory \(directory): \(error.localizedDescription)")
            }
        }
        journalPath = values["--journal"]?.last ?? directory + "/journal.jsonl"
        keyPath = values["--key-file"]?.last ?? directory + "/player.key"
    }
}
