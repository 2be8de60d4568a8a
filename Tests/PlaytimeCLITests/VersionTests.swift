import Foundation
import PlaytimeSystem
import Testing

/// One version string (docs/versioning.md): `PlaytimeVersion.current` is what both built binaries print, what
/// docs/openapi.json's `info.version`, CHANGELOG.md's newest entry, docs/versioning.md and the documentation catalogs'
/// migration articles name.
@Suite("One version everywhere")
struct VersionTests {
    static let version = PlaytimeVersion.current

    static func text(_ path: String) throws -> String {
        try String(contentsOf: ExampleBinary.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the version is SemVer MAJOR.MINOR.PATCH")
    func semanticVersion() {
        let parts = Self.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) && ($0 == "0" || $0.first != "0") }, "\(Self.version)")
    }

    @Test("playtime --version and playtime-server --version print it")
    func binaries() async throws {
        let playtime = try await PlaytimeBinary.run(["--version"])
        #expect(playtime.status == 0)
        #expect(playtime.standardOutput == "playtime \(Self.version)\n")
        let server = try await ExampleBinary.run("playtime-server", ["--version"])
        #expect(server.status == 0)
        #expect(server.standardOutput == "playtime-server \(Self.version)\n")
    }

    @Test("docs/openapi.json, CHANGELOG.md's newest entry, docs/versioning.md and the catalogs' migration articles name it")
    func documents() throws {
        let openAPI = try #require(try JSONSerialization.jsonObject(with: Data(try Self.text("docs/openapi.json").utf8)) as? [String: Any])
        #expect((openAPI["info"] as? [String: Any])?["version"] as? String == Self.version)
        // Keep a Changelog: `## [X.Y.Z] - YYYY-MM-DD`, newest first (an `## [Unreleased]` section may come before it).
        let headings = try Self.text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try #require(headings.first, "CHANGELOG.md has no version entry")
        #expect(newest.hasPrefix("## [\(Self.version)] - "), "\(newest)")
        let date = newest.dropFirst("## [\(Self.version)] - ".count)
        #expect(date.count == 10 && date.split(separator: "-").map(\.count) == [4, 2, 2], "\(newest)")
        #expect(try Self.text("docs/versioning.md").contains("\nThis release is **\(Self.version)**.\n"))
        // The catalogs' migration articles have a section for the version.
        for catalog in ["Sources/PlaytimeGuard/PlaytimeGuard.docc", "Sources/PlaytimeServer/PlaytimeServer.docc"] {
            #expect(try Self.text(catalog + "/Migration.md").contains("\n## To \(Self.version)\n"), "\(catalog)/Migration.md")
        }
    }
}
