import Foundation

extension JournalFixtures {
    /// Runs `body` with a fresh empty directory under the system temporary directory and removes the directory,
    /// with everything in it, when `body` returns or throws: a test cannot leave it behind.
    static func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
        let path = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// The same for an asynchronous `body`.
    static func withTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let path = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }

    private static func makeTemporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "playtime-journal-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
