import Foundation

extension RewardPolicy {
    /// Loads and validates a policy from the JSON file at `path`.
    public static func load(contentsOf path: String) throws(RewardPolicyError) -> RewardPolicy {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        return try decode(json: data)
    }

    /// Decodes and validates a policy from JSON bytes.
    public static func decode(json data: Data) throws(RewardPolicyError) -> RewardPolicy {
        let policy: RewardPolicy
        do {
            policy = try JSONDecoder().decode(RewardPolicy.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw .invalidJSON(detail: JSONErrorLocation.describe(data, fallback: context.debugDescription))
            }
            throw Self.translate(error)
        } catch {
            throw .invalidJSON(detail: String(describing: error))
        }
        try policy.validate()
        return policy
    }

    /// The policy as pretty-printed JSON with sorted keys (stable across runs).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain integers and strings cannot fail; fall back to empty data defensively.
        return (try? encoder.encode(self)) ?? Data()
    }

    private static func translate(_ error: DecodingError) -> RewardPolicyError {
        func path(_ context: DecodingError.Context, _ extra: CodingKey? = nil) -> String {
            let keys = context.codingPath + (extra.map { [$0] } ?? [])
            let parts = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            let joined = parts.joined()
            return joined.hasPrefix(".") ? String(joined.dropFirst()) : (joined.isEmpty ? "(root)" : joined)
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                var detail = context.debugDescription
                if let underlying = context.underlyingError {
                    let extra = (underlying as NSError).userInfo["NSDebugDescription"] as? String
                        ?? String(describing: underlying)
                    if !detail.contains(extra) { detail += " (\(extra))" }
                }
                return .invalidJSON(detail: detail)
            }
            return .schemaMismatch(field: path(context), detail: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .schemaMismatch(field: path(context, key), detail: "required field is missing")
        case .typeMismatch(let type, let context):
            return .schemaMismatch(field: path(context), detail: "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return .schemaMismatch(field: path(context), detail: "expected \(type) but found null")
        @unknown default:
            return .invalidJSON(detail: String(describing: error))
        }
    }
}
