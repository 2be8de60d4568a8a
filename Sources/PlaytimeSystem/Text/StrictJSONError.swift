/// Why ``StrictJSON`` refused a body; each description is one plain sentence for a 400 answer.
package enum StrictJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON at `offset` (bytes from the start).
    case syntax(offset: Int, expected: String)
    /// An object holds `key` twice (after unescaping); `path` locates the object (empty: the body).
    case duplicateKey(path: String, key: String)
    /// An object holds a key its shape does not allow.
    case unknownKey(path: String, key: String, allowed: [String])
    /// A value has another kind than its shape says (for example an object where a string belongs).
    case wrongKind(path: String, expected: String)
    /// Objects and arrays nest deeper than ``StrictJSON/maximumDepth``.
    case tooDeep
    /// The object lacks a key it must have.
    case missingKey(String)

    /// A plain sentence.
    package var description: String {
        switch self {
        case .syntax(let offset, let expected): return "the body is not valid JSON (at byte \(offset): expected \(expected))"
        case .duplicateKey(let path, let key): return "duplicate key '\(key)' in \(Self.place(path)); send each field once"
        case .unknownKey(let path, let key, let allowed):
            return "unknown field '\(key)' in \(Self.place(path)); allowed: \(allowed.joined(separator: ", "))"
        case .wrongKind(let path, let expected): return "\(Self.place(path)) must be \(expected)"
        case .tooDeep: return "the body nests too deeply (limit \(StrictJSON.maximumDepth))"
        case .missingKey(let key): return "missing field '\(key)'"
        }
    }

    private static func place(_ path: String) -> String { path.isEmpty ? "the body" : "field '\(path)'" }
}
