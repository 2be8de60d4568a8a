import Foundation
internal import PlaytimeSystem

extension RewardPolicy {
    /// The largest policy file read, in bytes (64 KiB); a real policy is a few hundred.
    package static let maximumFileByteCount = 64 * 1024

    /// Loads and validates a policy from the JSON file at `path`.
    ///
    /// Only a regular file of at most ``maximumFileByteCount`` bytes is read: a directory, FIFO (which
    /// never blocks the call), device or socket is refused as `unreadableFile`, with the reason in words.
    package static func load(contentsOf path: String) throws(RewardPolicyError) -> RewardPolicy {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(atPath: path, byteLimit: maximumFileByteCount)
        } catch {
            if error.reason == .noSuchFile { throw .fileNotFound(path: path) }
            throw .unreadableFile(path: path, reason: error.reasonText)
        }
        return try decode(json: Data(bytes))
    }

    /// Decodes and validates a policy from JSON bytes.
    package static func decode(json data: Data) throws(RewardPolicyError) -> RewardPolicy {
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

    private enum CodingKeys: String, CodingKey {
        case version, goldPerHour, minimumAwaySeconds, capSeconds, provisionalCapSeconds, tiers, efficiencyPercent,
            multipliers, dailyBudgetGold, statusSharePercent, escrowExpirySeconds
    }

    /// Decodes a policy; `provisionalCapSeconds` may be absent (policies written before it existed) and then
    /// takes ``defaultProvisionalCapSeconds``. Every other field is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            version: try container.decode(String.self, forKey: .version),
            goldPerHour: try container.decode(Int64.self, forKey: .goldPerHour),
            minimumAwaySeconds: try container.decode(Int64.self, forKey: .minimumAwaySeconds),
            capSeconds: try container.decode(Int64.self, forKey: .capSeconds),
            provisionalCapSeconds: try container.decodeIfPresent(Int64.self, forKey: .provisionalCapSeconds)
                ?? Self.defaultProvisionalCapSeconds,
            tiers: try container.decode([RewardTier].self, forKey: .tiers),
            efficiencyPercent: try container.decode(Int64.self, forKey: .efficiencyPercent),
            multipliers: try container.decode([RewardMultiplier].self, forKey: .multipliers),
            dailyBudgetGold: try container.decode(Int64.self, forKey: .dailyBudgetGold),
            statusSharePercent: try container.decode(StatusShares.self, forKey: .statusSharePercent),
            escrowExpirySeconds: try container.decode(Int64.self, forKey: .escrowExpirySeconds))
    }

    /// Encodes every field, `provisionalCapSeconds` included (``jsonData()``; ``Encoding`` for a policy inside
    /// another encoded value). A game reads policies (`Decodable`); only the package writes them.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(goldPerHour, forKey: .goldPerHour)
        try container.encode(minimumAwaySeconds, forKey: .minimumAwaySeconds)
        try container.encode(capSeconds, forKey: .capSeconds)
        try container.encode(provisionalCapSeconds, forKey: .provisionalCapSeconds)
        try container.encode(tiers, forKey: .tiers)
        try container.encode(efficiencyPercent, forKey: .efficiencyPercent)
        try container.encode(multipliers, forKey: .multipliers)
        try container.encode(dailyBudgetGold, forKey: .dailyBudgetGold)
        try container.encode(statusSharePercent, forKey: .statusSharePercent)
        try container.encode(escrowExpirySeconds, forKey: .escrowExpirySeconds)
    }

    /// The policy as pretty-printed JSON with sorted keys (stable across runs).
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain integers and strings cannot fail; fall back to empty data defensively.
        return (try? encoder.encode(Encoding(self))) ?? Data()
    }

    /// A policy as an `Encodable` value, for encoders inside the package.
    package struct Encoding: Encodable {
        /// The policy written.
        package let policy: RewardPolicy
        /// Wraps `policy`.
        package init(_ policy: RewardPolicy) { self.policy = policy }
        /// Writes ``policy``'s fields.
        package func encode(to encoder: any Encoder) throws { try policy.encode(to: encoder) }
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
                    let extra =
                        (underlying as NSError).userInfo["NSDebugDescription"] as? String
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
