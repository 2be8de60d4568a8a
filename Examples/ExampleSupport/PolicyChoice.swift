import PlaytimeRewards

extension RewardPolicy {
    /// `demo` (the default), `default` (the library's embedded policy) or a JSON file.
    package static func named(_ name: String) throws(RewardPolicyError) -> RewardPolicy {
        switch name {
        case "demo": return .demo
        case "default": return .default
        default: return try RewardPolicy.load(contentsOf: name)
        }
    }
}
