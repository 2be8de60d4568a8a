import Foundation
import PlaytimeGuard

/// Prints the session as a short, aligned story on standard output.
final class Story {
    private let width = 11

    /// `label      text`.
    func line(_ label: String, _ text: String) {
        let padded = label + String(repeating: " ", count: max(1, width - label.count))
        print(padded + text)
    }

    /// A long text, wrapped at about 100 columns under the labels (or as is).
    func paragraph(_ text: String, indent: Bool = true) {
        guard indent else {
            print(text)
            return
        }
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + word.count + 1 > 88 {
                line("", current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { line("", current) }
    }

    /// The evidence of one event, in words.
    static func describe(_ evidence: Evidence) -> String {
        let boot = evidence.clock.bootID.map { "boot \($0.prefix(8))…" } ?? "boot (no id)"
        var text = "evidence: \(boot) at \(seconds(evidence.clock.bootNanoseconds)), wall \(utc(evidence.clock.wallNanoseconds))"
        if let network = evidence.network {
            text += ", network \(utc(network.unixNanoseconds)) ± \(milliseconds(network.errorBoundNanoseconds))"
        } else {
            text += ", no network time"
        }
        return text + ", link \(evidence.connectivity.state.rawValue) (\(evidence.connectivity.reason))"
    }

    /// `12.345 s`.
    static func seconds(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1_000_000_000
        let millis = abs(nanoseconds % 1_000_000_000) / 1_000_000
        return "\(whole).\(String(repeating: "0", count: 3 - String(millis).count))\(millis) s"
    }

    /// `1.234 ms`.
    static func milliseconds(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1_000_000
        let micros = abs(nanoseconds % 1_000_000) / 1_000
        return "\(whole).\(String(repeating: "0", count: 3 - String(micros).count))\(micros) ms"
    }

    /// ISO 8601 in UTC, to the millisecond.
    static func utc(_ nanoseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: Double(nanoseconds) / 1e9))
    }
}
