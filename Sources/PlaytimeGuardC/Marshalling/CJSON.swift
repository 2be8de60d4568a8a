import Foundation
internal import PlaytimeSystem

/// JSON arguments: checked strictly (``StrictJSON``: RFC 8259 syntax, no key twice, no key the shape does not
/// name), then decoded with Foundation's decoder; a syntax error is told from a value of the wrong shape.
enum CJSON {
    /// `text` decoded as `T`: ``CStatus/malformedJSON`` when it is not JSON (or nests deeper than
    /// ``StrictJSON/maximumDepth``), ``CStatus/invalidArgument`` when it is JSON but not `shape`, or not
    /// `expecting` (the path of the bad value named).
    static func decode<T: Decodable>(_ text: String, _ name: String, shape: JSONShape, expecting: String) throws(CFailure) -> T {
        let bytes = Array(text.utf8)
        // Syntax first (any value), so that a broken text is malformed whatever its first byte; then the shape.
        do throws(StrictJSONError) {
            try StrictJSON.check(bytes, against: .any)
            try StrictJSON.check(bytes, against: shape)
        } catch {
            throw refusal(error, name)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                // The decoder's own words on where the syntax broke.
                throw .malformedJSON(name, syntaxDetail(context))
            case .dataCorrupted(let context):
                throw .invalidArgument("\(name)\(path(context.codingPath)): \(context.debugDescription)")
            case .keyNotFound(let key, let context):
                throw .invalidArgument("\(name)\(path(context.codingPath + [key])): required, missing")
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                throw .invalidArgument("\(name)\(path(context.codingPath)) has the wrong type (\(name) must be \(expecting))")
            @unknown default:
                throw .invalidArgument("\(name): \(error)")
            }
        } catch {
            throw .malformedJSON(name, "\(error)")
        }
    }

    /// A multiplier list: a JSON array of names, or no list (NULL) for none.
    static func multipliers(_ text: String?) throws(CFailure) -> [String] {
        guard let text else { return [] }
        let names: [String] = try decode(text, "multipliers_json", shape: .array(.scalar), expecting: "an array of strings")
        guard names.count <= maximumMultipliers else {
            throw .invalidArgument("multipliers_json names \(names.count) multipliers; at most \(maximumMultipliers)")
        }
        return names
    }

    /// More names than any policy has multipliers (at most 8, docs/reward-policy.md) with room for unknown ones.
    static let maximumMultipliers = 32

    /// What the strict check found, as the C interface reports it.
    private static func refusal(_ error: StrictJSONError, _ name: String) -> CFailure {
        switch error {
        case .syntax(let offset, let expected): .malformedJSON(name, "at byte \(offset), expected \(expected)")
        case .tooDeep: .malformedJSON(name, "objects and arrays nest deeper than \(StrictJSON.maximumDepth) levels")
        case .duplicateKey(let path, let key): .invalidArgument("\(name)\(dotted(path)) holds the key '\(key)' twice")
        case .unknownKey(let path, let key, let allowed):
            .invalidArgument("\(name)\(dotted(path)) holds the unknown key '\(key)'; the keys are \(allowed.joined(separator: ", "))")
        case .wrongKind(let path, let expected): .invalidArgument("\(name)\(dotted(path)) must be \(expected)")
        case .missingKey(let key): .invalidArgument("\(name) lacks the key '\(key)'")
        }
    }

    private static func dotted(_ path: String) -> String { path.isEmpty || path.hasPrefix("[") ? path : "." + path }

    private static func syntaxDetail(_ context: DecodingError.Context) -> String {
        guard let underlying = context.underlyingError else { return context.debugDescription }
        return "\(context.debugDescription) (\(underlying))"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
}
