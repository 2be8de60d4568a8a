internal import Foundation
internal import PlaytimeSystem

/// The access log: one JSON object per line per request (docs/service.md, "Access log") — the time, the operation,
/// method and path, status, duration, client, the API key's name, bytes in and out, the refusal's code and the gold
/// paid. Never a secret (no `Authorization`, no ad network secret, no enrollment text) and never body bytes.
///
/// Lines are gathered in memory and written by a thread of their own at most every 100 ms (one `write` for many
/// lines), so logging costs a request no system call; ``flush()`` writes what is pending (at shutdown).
package final class AccessLog: Sendable {
    private let pending = ThreadLock([UInt8]())
    private let descriptor: Int32?
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = ThreadLock(false)

    /// A log written to `descriptor` (1: standard output); `nil` logs nothing.
    package init(descriptor: Int32?) {
        self.descriptor = descriptor
        guard descriptor != nil else { return }
        let thread = Thread { [self] in
            while !stopped.withLock({ $0 }) {
                _ = wake.wait(timeout: .now() + .milliseconds(100))
                flush()
            }
        }
        thread.start()
    }

    /// Adds one line (a JSON object of `fields`, in order).
    package func write(_ fields: [(String, LogValue)]) {
        guard descriptor != nil else { return }
        var line = "{"
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { line += "," }
            line += "\"\(name)\":"
            switch value {
            case .text(let text): line += Self.quoted(text)
            case .number(let number): line += String(number)
            case .decimal(let number): line += String(format: "%.3f", number)
            case .flag(let flag): line += flag ? "true" : "false"
            }
        }
        line += "}\n"
        pending.withLock { $0.append(contentsOf: line.utf8) }
    }

    /// Writes out what is pending.
    package func flush() {
        guard let descriptor else { return }
        let bytes = pending.withLock { pending -> [UInt8] in
            let taken = pending
            pending.removeAll(keepingCapacity: true)
            return taken
        }
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in try? OpenFile.writeAll(raw, toRawDescriptor: descriptor) }
    }

    /// Stops the writer thread after a last flush.
    package func close() {
        stopped.withLock { $0 = true }
        wake.signal()
        flush()
    }

    /// `text` as a JSON string: quotes, backslashes and every control character escaped, so no client text ends a
    /// line or forges one.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A value of an access log field.
package enum LogValue: Sendable {
    /// A string.
    case text(String)
    /// A whole number.
    case number(Int64)
    /// A number with three decimals (milliseconds).
    case decimal(Double)
    /// A flag.
    case flag(Bool)
}
