import Foundation
import PublicAPIListing

/// Where `swift build` left the modules these tests read, and the repository they belong to.
enum BuiltModules {
    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `PLAYTIME_MODULES_DIR`, else the `Modules` folder next to the test bundle (where `swift build` puts both),
    /// else `.build/debug/Modules` of the repository.
    static func directory() throws(PublicAPIError) -> String {
        if let explicit = ProcessInfo.processInfo.environment["PLAYTIME_MODULES_DIR"] { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates: [URL] = []
        for _ in 0..<5 {
            candidates.append(directory.appendingPathComponent("Modules"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(root.appendingPathComponent(".build/debug/Modules"))
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("PlaytimeGuard.swiftmodule").path) {
            return candidate.path
        }
        throw PublicAPIError("no built PlaytimeGuard.swiftmodule next to the tests; run 'swift build --build-tests' first")
    }

    /// The `-package-name` SwiftPM gave this build's modules (it follows the checkout's folder name), read from
    /// the build's `debug.yaml` / `release.yaml` above the modules folder.
    static func packageName() throws(PublicAPIError) -> String {
        var directory = URL(fileURLWithPath: try directory())
        for _ in 0..<4 {
            directory = directory.deletingLastPathComponent()
            for name in ["debug.yaml", "release.yaml"] {
                guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8),
                    let flag = text.range(of: "\"-package-name\",\"")
                else { continue }
                return String(text[flag.upperBound...].prefix(while: { $0 != "\"" }))
            }
        }
        throw PublicAPIError("no debug.yaml with a -package-name above the built modules")
    }

    /// `Tests/DependentPackage/NAME`.
    static func fixture(_ name: String) -> String { root.appendingPathComponent("Tests/DependentPackage/" + name).path }
}

/// Runs blocking work (a `swiftc` or `swift-symbolgraph-extract` child, seconds long) on a thread of its own, so that
/// these suites never hold a thread of Swift's cooperative pool, which every suite running at once needs (before,
/// their minutes of child processes stalled the whole test run's pool: `BlockingWorkTests` measured it).
/// Expectations stay on the test's task: the body only computes.
func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
