/// Player ids in request paths, as a client writes them.
package enum PlayerPath {
    /// The id percent-encoded for a path segment (everything but unreserved characters is encoded).
    package static func encode(_ player: String) -> String {
        var text = ""
        for byte in player.utf8 {
            switch byte {
            case 48...57, 65...90, 97...122, 45, 46, 95, 126: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text
    }

}

extension String {
    /// The string with `0` in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
