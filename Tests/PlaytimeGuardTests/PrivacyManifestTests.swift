import Foundation
import Testing

/// Sources/PlaytimeGuard/PrivacyInfo.xcprivacy, the client product's privacy manifest (docs/apple.md): it
/// parses, declares no tracking, and declares exactly the required-reason API categories that the client
/// product's sources use, each with the reason kept here. A source that starts using another category's API
/// (or stops using a declared one) fails this test until the manifest and docs/apple.md follow.
@Suite("Privacy manifest")
struct PrivacyManifestTests {
    /// A required-reason category: the reasons we declare and the calls in our sources that need it.
    struct Category {
        let reasons: [String]
        let calls: [String]
    }

    /// The categories Apple defines (those that could apply to a library like this), with our reasons.
    /// Empty reasons: not used, so it must not be declared and its calls must not appear.
    static let categories: [String: Category] = [
        "NSPrivacyAccessedAPICategorySystemBootTime": Category(
            reasons: ["35F9.1"],
            calls: [
                "CLOCK_BOOTTIME", "CLOCK_MONOTONIC_RAW", "mach_continuous_time", "mach_absolute_time",
                "kern.boottime", "kern.bootsessionuuid", "systemUptime", "CLOCK_UPTIME_RAW",
            ]),
        "NSPrivacyAccessedAPICategoryFileTimestamp": Category(
            reasons: ["C617.1"],
            calls: [
                "stat(", "fstat(", "lstat(", "fstatat(", "getattrlist", "modificationDate", "creationDate",
                "contentModificationDateKey", "creationDateKey",
            ]),
        "NSPrivacyAccessedAPICategoryDiskSpace": Category(
            reasons: [],
            calls: [
                "statfs(", "statvfs(", "fstatfs(", "fstatvfs(", "volumeAvailableCapacity", "systemFreeSize",
                "systemSize",
            ]),
        "NSPrivacyAccessedAPICategoryUserDefaults": Category(reasons: [], calls: ["UserDefaults"]),
        "NSPrivacyAccessedAPICategoryActiveKeyboards": Category(reasons: [], calls: ["activeInputModes"]),
    ]

    /// The modules linked into the `PlaytimeGuard` product (Package.swift).
    static let clientModules = [
        "PlaytimeGuard", "PlaytimeSystem", "PlaytimeNTP", "PlaytimeCrypto", "PlaytimeJournal",
        "PlaytimeRewards", "PlaytimeRoughtime",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("Sources/PlaytimeGuard/PrivacyInfo.xcprivacy"))
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try #require(plist as? [String: Any])
    }

    /// The client product's Swift sources with comments removed, one string per file.
    static func clientSources() throws -> [String: String] {
        var sources: [String: String] = [:]
        for module in clientModules {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                    line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
                }
                sources["Sources/\(module)/\(relative)"] = code.joined(separator: "\n")
            }
        }
        return sources
    }

    @Test("no tracking, no tracking domains, no collected data types")
    func noTracking() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    @Test("the declared categories and reasons are exactly the list kept in this test")
    func declaredCategories() throws {
        let entries = try #require(Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for entry in entries {
            let type = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            let reasons = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
            #expect(declared[type] == nil, "\(type) declared twice")
            declared[type] = reasons
        }
        let expected = Self.categories.filter { !$0.value.reasons.isEmpty }.mapValues(\.reasons)
        #expect(declared == expected)
    }

    @Test("every declared category is used by the client product's sources, and every used one is declared")
    func categoriesMatchSources() throws {
        let sources = try Self.clientSources()
        #expect(sources.keys.contains("Sources/PlaytimeSystem/Clocks/SystemClock.swift"))
        for (name, category) in Self.categories {
            let users = sources.filter { _, code in category.calls.contains { code.contains($0) } }.keys.sorted()
            if category.reasons.isEmpty {
                #expect(users.isEmpty, "\(name) is not declared but used in \(users)")
            } else {
                #expect(!users.isEmpty, "\(name) is declared but no client source uses it")
            }
        }
    }

    @Test("the boot clock and boot id are read in one file, SystemClock.swift (docs/apple.md)")
    func bootTimeReaders() throws {
        let calls = try #require(Self.categories["NSPrivacyAccessedAPICategorySystemBootTime"]).calls
        let users = try Self.clientSources().filter { _, code in calls.contains { code.contains($0) } }.keys.sorted()
        #expect(users == ["Sources/PlaytimeSystem/Clocks/SystemClock.swift"])
    }
}
