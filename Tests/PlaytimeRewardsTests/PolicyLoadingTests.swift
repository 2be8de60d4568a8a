import Foundation
import PlaytimeRewards
import Testing

@Suite("Reward policy loading and validation")
struct PolicyLoadingTests {
    @Test("the default policy is valid and survives a JSON round trip")
    func defaultRoundTrip() throws {
        try RewardPolicy.default.validate()
        let data = RewardPolicy.default.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"upToSeconds\" : null"))
        #expect(try RewardPolicy.decode(json: data) == .default)
    }

    @Test("a policy loads from a file; a missing file is reported with its path")
    func file() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString).json").path
        try RewardPolicy.default.jsonData().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try RewardPolicy.load(contentsOf: path) == .default)
        #expect(throws: RewardPolicyError.fileNotFound(path: path + ".missing")) {
            try RewardPolicy.load(contentsOf: path + ".missing")
        }
    }

    @Test("invalid JSON is reported as invalidJSON with a position")
    func invalidJSON() {
        let bytes = Data("{\n  \"version\": \"x\",\n  \"goldPerHour\": 6oo\n}".utf8)
        do {
            _ = try RewardPolicy.decode(json: bytes)
            Issue.record("expected an error")
        } catch {
            guard case .invalidJSON(let detail) = error else {
                Issue.record("expected invalidJSON, got \(error)")
                return
            }
            #expect(detail.contains("line 3, column"), "detail: \(detail)")
        }
    }

    @Test("a missing field or wrong type names the field")
    func schema() throws {
        var json = String(decoding: RewardPolicy.default.jsonData(), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"capSeconds\" : 28800,", with: "")
        #expect(throws: RewardPolicyError.schemaMismatch(field: "capSeconds", detail: "required field is missing")) {
            try RewardPolicy.decode(json: Data(json.utf8))
        }
        let wrongType = String(decoding: RewardPolicy.default.jsonData(), as: UTF8.self)
            .replacingOccurrences(of: "\"percent\" : 50", with: "\"percent\" : \"half\"")
        do {
            _ = try RewardPolicy.decode(json: Data(wrongType.utf8))
            Issue.record("expected an error")
        } catch {
            guard case .schemaMismatch(let field, _) = error else {
                Issue.record("expected schemaMismatch, got \(error)")
                return
            }
            #expect(field == "tiers[1].percent")
        }
    }

    @Test("invalid values are all reported")
    func invalidValues() {
        var policy = RewardPolicy.default
        policy.goldPerHour = -1
        policy.tiers = [RewardTier(upToSeconds: 7200, percent: 100), RewardTier(upToSeconds: 3600, percent: 150), RewardTier(upToSeconds: nil, percent: 50)]
        policy.efficiencyPercent = 101
        policy.multipliers = [RewardMultiplier(name: "ad", percent: 200), RewardMultiplier(name: "ad", percent: 50)]
        policy.statusSharePercent = StatusShares(verified: 50, provisional: 80, rejected: 0)
        policy.minimumAwaySeconds = 99_999
        let found = policy.violations
        #expect(found.contains(.negative(field: "goldPerHour", value: -1)))
        #expect(found.contains(.tiersNotIncreasing(index: 1)))
        #expect(found.contains(.percentOutOfRange(field: "tiers[1].percent", value: 150, allowed: 0...100)))
        #expect(found.contains(.percentOutOfRange(field: "efficiencyPercent", value: 101, allowed: 0...100)))
        #expect(found.contains(.duplicateMultiplier(name: "ad")))
        #expect(found.contains(.percentOutOfRange(field: "multipliers[1].percent", value: 50, allowed: 100...10_000)))
        #expect(found.contains(.sharesNotOrdered))
        #expect(found.contains(.minimumAboveCap(minimum: 99_999, cap: 28_800)))
        #expect(throws: RewardPolicyError.invalidValues(found)) { try RewardCalculator(policy: policy) }
    }

    @Test("tier shape rules: last unbounded, only the last unbounded, not empty")
    func tierShape() {
        var policy = RewardPolicy.default
        policy.tiers = [RewardTier(upToSeconds: 100, percent: 100)]
        #expect(policy.violations == [.lastTierBounded])
        policy.tiers = [RewardTier(upToSeconds: nil, percent: 100), RewardTier(upToSeconds: nil, percent: 50)]
        #expect(policy.violations == [.unboundedTierNotLast(index: 0)])
        policy.tiers = []
        #expect(policy.violations == [.noTiers])
    }
}
