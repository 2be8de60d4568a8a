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

    /// Adds one line (a JSON object of `fields`, in order), built as bytes: no formatting call, a lock only to append.
    package func write(_ fields: [(String, LogValue)]) {
        guard descriptor != nil else { return }
        var line: [UInt8] = []
        line.reserveCapacity(256)
        line.append(UInt8(ascii: "{"))
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            line.append(UInt8(ascii: "\""))
            line.append(contentsOf: name.utf8)
            line.append(contentsOf: "\":".utf8)
            switch value {
            case .text(let text): Self.appendQuoted(text, to: &line)
            case .number(let number): line.append(contentsOf: String(number).utf8)
            case .thousandths(let number): Self.appendThousandths(number, to: &line)
            case .flag(let flag): line.append(contentsOf: (flag ? "true" : "false").utf8)
            }
        }
        line.append(contentsOf: "}\n".utf8)
        pending.withLock { $0.append(contentsOf: line) }
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

    /// `text` as a JSON string: quotes, backslashes and every control character escaped (C0, DEL, C1, and the line
    /// and paragraph separators), so no client text ends a line or forges one.
    static func appendQuoted(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x22: line.append(contentsOf: "\\\"".utf8)
            case 0x5c: line.append(contentsOf: "\\\\".utf8)
            case 0x0a: line.append(contentsOf: "\\n".utf8)
            case 0x0d: line.append(contentsOf: "\\r".utf8)
            case 0x09: line.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7f...0x9f, 0x2028, 0x2029:
                let hex = Array("0123456789abcdef".utf8)
                line.append(contentsOf: "\\u".utf8)
                for shift in [12, 8, 4, 0] { line.append(hex[Int((value >> UInt32(shift)) & 0xf)]) }
            case 0..<0x80:
                line.append(UInt8(value))
            default:
                line.append(contentsOf: String(scalar).utf8)
            }
        }
        line.append(UInt8(ascii: "\""))
    }

    /// `number` thousandths as a decimal with three places (`1234` → `1.234`).
    static func appendThousandths(_ number: Int64, to line: inout [UInt8]) {
        let magnitude = number < 0 ? -number : number
        if number < 0 { line.append(UInt8(ascii: "-")) }
        line.append(contentsOf: String(magnitude / 1000).utf8)
        line.append(UInt8(ascii: "."))
        let fraction = magnitude % 1000
        line.append(UInt8(48 + fraction / 100))
        line.append(UInt8(48 + fraction / 10 % 10))
        line.append(UInt8(48 + fraction % 10))
    }

    /// `text` as a JSON string (tests).
    static func quoted(_ text: String) -> String {
        var line: [UInt8] = []
        appendQuoted(text, to: &line)
        return String(decoding: line, as: UTF8.self)
    }
}

/// A value of an access log field.
package enum LogValue: Sendable {
    /// A string.
    case text(String)
    /// A whole number.
    case number(Int64)
    /// Thousandths, written with three decimals (microseconds as milliseconds).
    case thousandths(Int64)
    /// A flag.
    case flag(Bool)
}
