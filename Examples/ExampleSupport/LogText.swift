/// Text a client chose (a player id, a path, a header), made safe for a one-line-per-event log.
package enum LogText {
    /// `text` with every character that could end a line, hide text or drive a terminal written as an
    /// escape: `\n`, `\r`, `\t`, `\0`, and `\u{XX}` for the other control characters (C0, DEL, C1, ESC),
    /// format characters (bidirectional overrides, zero-width ones) and the Unicode line and paragraph
    /// separators; a backslash is doubled, so an escape in the log always means the character, never a
    /// client who typed one. A client therefore cannot start a line of the log, or forge one.
    package static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\0": output += "\\0"
            default:
                if needsEscape(scalar) {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
