import Foundation
internal import PlaytimeGuard
internal import PlaytimeSystem

/// The configuration JSON of `ptg_open` (docs/c.md, "Configuration"): every key optional, none other allowed
/// (``shape``: a misspelt `ntpServer` is refused, not ignored).
///
/// ```json
/// {"policy": {…}, "retainedPolicies": [{…}], "ntpServers": ["time.example.com", "127.0.0.1:11323"],
///  "roughtimeServers": ["host:port=BASE64KEY"], "enrollment": "pe1.…"}
/// ```
///
/// A policy is the JSON docs/reward-policy.md describes (decoded as `RewardPolicy`; its values are checked when
/// the handle opens: code `invalid-policy`). NTP servers are `host`, `host:port` or `[v6]:port`; without the key,
/// the facade's defaults; an empty list: the boot clock alone. Roughtime servers are `host:port=BASE64KEY`.
/// The enrollment is the `pe1.` text the game's server gave this device (docs/anchors.md §2).
struct CConfiguration: Decodable {
    var policy: RewardPolicy?
    var retainedPolicies: [RewardPolicy]?
    var ntpServers: [String]?
    var roughtimeServers: [String]?
    var enrollment: String?

    /// The keys it may have (a policy as docs/reward-policy.md reads it: keys it does not know are ignored).
    /// Made at each use, not kept in a global: an indirect enum's boxes are referenced through tagged pointers a
    /// leak checker cannot follow, so a global one would read as a leak under LeakSanitizer (docs/c.md).
    static var shape: JSONShape {
        .object([
            "policy": .any, "retainedPolicies": .array(.any), "ntpServers": .array(.scalar), "roughtimeServers": .array(.scalar),
            "enrollment": .scalar,
        ])
    }

    /// The facade's configuration from the JSON `text`, or why not.
    static func parse(_ text: String) throws(CFailure) -> EarningsConfiguration {
        let decoded: CConfiguration = try CJSON.decode(text, "configuration_json", shape: shape, expecting: "an object")
        return try decoded.earningsConfiguration()
    }

    /// The facade's configuration this JSON names.
    func earningsConfiguration() throws(CFailure) -> EarningsConfiguration {
        var configuration = EarningsConfiguration(policy: policy ?? .default)
        configuration.retainedPolicies = retainedPolicies ?? []
        if let ntpServers {
            configuration.ntpServers = try ntpServers.enumerated().map { (index, text) throws(CFailure) in
                guard let server = NTPServer(parsing: text) else {
                    throw .invalidArgument("ntpServers[\(index)] is not host, host:port or [v6]:port")
                }
                return server
            }
        }
        if let roughtimeServers {
            configuration.roughtimeServers = try roughtimeServers.enumerated().map { (index, text) throws(CFailure) in
                guard let server = RoughtimeServer(text) else { throw .invalidArgument("roughtimeServers[\(index)] is not host:port=BASE64KEY") }
                return server
            }
        }
        if let enrollment {
            guard let parsed = Enrollment(text: enrollment) else {
                throw .invalidArgument("enrollment is not the pe1 text of a game server's enrollment (docs/anchors.md §2)")
            }
            configuration.enrollment = parsed
        }
        return configuration
    }
}
