import Foundation

/// Finds where JSON bytes stop being valid, for error messages.
///
/// `JSONDecoder` does not always report a position; `JSONSerialization` reports a
/// byte offset ("around character N"), which is turned into a line and column here.
enum JSONErrorLocation {
    /// A description of the syntax error in `data` with line and column when known.
    static func describe(_ data: Data, fallback: String) -> String {
        let message: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return fallback
        } catch {
            message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? fallback
        }
        guard let offset = characterOffset(in: message) else { return message }
        let (line, column) = lineAndColumn(of: offset, in: data)
        return "\(message) (line \(line), column \(column))"
    }

    /// The number after "character " in a Foundation message, if any.
    static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: "character ") else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    /// 1-based line and column of byte `offset` (clamped to the data).
    static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
