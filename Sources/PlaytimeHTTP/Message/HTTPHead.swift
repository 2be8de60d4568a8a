internal import PlaytimeSystem

/// A message head, checked strictly: the start line and one value per field name.
///
/// Refused with 400 (plain words): a head that is not UTF-8 (so `\xff` and `\xfe` in an id never decode to the same
/// replacement character), a field line that starts with a space (obsolete folding), a name that is not a token or
/// is followed by a space, a control character in a value, a field given twice (two `Content-Length`s, two
/// `Authorization`s: a message two readers could take differently), a `Content-Length` that is not plain digits, and
/// any `Transfer-Encoding` (no chunking: every body has one `Content-Length`). A `Content-Length` over
/// ``HTTPLimits/maximumBody`` is refused with 413 before any of the body is read.
package struct HTTPHead: Sendable {
    /// The request or status line.
    package var startLine: String
    /// The fields, names in lower case.
    package var fields: [String: String]
    /// The body's length (0 without `Content-Length`).
    package var contentLength: Int

    /// Parses `bytes`, the head without its closing blank line, lines ended by CR LF (``HTTPHeadScanner`` already
    /// refused any other line end).
    package init(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPError) {
        guard String(strictUTF8: bytes) != nil else {
            throw HTTPError(description: "the request's path or headers are not valid UTF-8")
        }
        var lines = bytes.split(separator: 13, omittingEmptySubsequences: false).map { line in
            // Each line but the first starts with the LF of the line end before it.
            line.first == 10 ? line.dropFirst() : line
        }
        guard !lines.isEmpty else { throw HTTPError(description: "the request is empty") }
        let start = lines.removeFirst()
        guard !start.contains(where: Self.isControl) else { throw HTTPError(description: "the request line contains a control character") }
        startLine = String(decoding: start, as: UTF8.self)
        fields = Dictionary(minimumCapacity: lines.count)
        for line in lines {
            let (name, value) = try Self.field(line)
            guard fields[name] == nil else { throw HTTPError(description: "the header \(name) is sent more than once") }
            fields[name] = value
        }
        guard fields["transfer-encoding"] == nil else {
            throw HTTPError(description: "Transfer-Encoding is not supported; send the body with one Content-Length")
        }
        contentLength = 0
        if let text = fields["content-length"] {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }), let length = Int(text) else {
                throw HTTPError(description: "Content-Length must be a whole number of bytes, not '\(text)'")
            }
            guard length <= limits.maximumBody else {
                throw HTTPError(status: 413, description: "the body is larger than \(limits.maximumBody) bytes")
            }
            contentLength = length
        }
    }

    /// One `name: value` line: the name lower-cased, the value without the spaces around it.
    private static func field(_ line: ArraySlice<UInt8>) throws(HTTPError) -> (String, String) {
        guard let first = line.first, first != 32, first != 9 else {
            throw HTTPError(description: "a header line starts with a space or is empty (folded headers are not accepted)")
        }
        guard let colon = line.firstIndex(of: 58) else { throw HTTPError(description: "a header line has no colon") }
        let nameBytes = line[..<colon]
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte) else {
            throw HTTPError(description: "a header name is not a token (a space before the colon, or a character names cannot hold)")
        }
        let name = String(decoding: nameBytes.lazy.map { (65...90).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        var value = line[line.index(after: colon)...]
        while let byte = value.first, byte == 32 || byte == 9 { value = value.dropFirst() }
        while let byte = value.last, byte == 32 || byte == 9 { value = value.dropLast() }
        guard !value.contains(where: isControl) else { throw HTTPError(description: "the header \(name) contains a control character") }
        return (name, String(decoding: value, as: UTF8.self))
    }

    /// C0 controls but the tab, and DEL.
    private static func isControl(_ byte: UInt8) -> Bool { (byte < 32 && byte != 9) || byte == 127 }

    /// A `tchar` of RFC 9110 §5.6.2.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }
}
