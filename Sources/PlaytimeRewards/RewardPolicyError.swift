/// Why a reward policy could not be loaded or used.
package enum RewardPolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// The bytes are not valid JSON; `detail` carries the parser's position when it gives one.
    case invalidJSON(detail: String)
    /// The JSON is well formed but a field is missing or has the wrong type.
    case schemaMismatch(field: String, detail: String)
    /// The values are out of range or inconsistent.
    case invalidValues([PolicyViolation])

    /// A human-readable explanation.
    package var description: String {
        switch self {
        case .fileNotFound(let path): return "reward policy file not found: \(path)"
        case .unreadableFile(let path, let reason): return "cannot read reward policy file \(path): \(reason)"
        case .invalidJSON(let detail): return "reward policy is not valid JSON: \(detail)"
        case .schemaMismatch(let field, let detail): return "reward policy field '\(field)': \(detail)"
        case .invalidValues(let violations):
            return "invalid reward policy: " + violations.map(\.description).joined(separator: "; ")
        }
    }
}
