import Foundation

/// A fresh empty directory for one test, removed with everything in it when the test's body returns or throws,
/// so that no test can leave it behind (scripts/test.sh fails a run whose tests leave anything).
package enum ScratchDirectory {
    /// Runs `body` with a new directory `prefix-UUID` under the temporary directory, then removes it.
    package static func with<Result>(prefix: String, _ body: (String) throws -> Result) throws -> Result {
        let path = try make(prefix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// The same for an asynchronous `body`.
    package static func with<Result>(prefix: String, _ body: (String) async throws -> Result) async throws -> Result {
        let path = try make(prefix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }

    private static func make(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
