import Foundation
import Testing

/// docs/openapi.json, read as plain JSON: what a client written from the document alone would rely on.
struct OpenAPIDocument {
    let root: [String: Any]

    /// The repository's root.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's document.
    static func load() throws -> OpenAPIDocument {
        let data = try Data(contentsOf: repository.appendingPathComponent("docs/openapi.json"))
        return OpenAPIDocument(root: try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    /// Every operation: (method, path, operationId, needs a key).
    var operations: [(method: String, path: String, id: String, secured: Bool)] {
        let globalSecured = !((root["security"] as? [Any]) ?? []).isEmpty
        var found: [(String, String, String, Bool)] = []
        for (path, item) in (root["paths"] as? [String: Any]) ?? [:] {
            for (method, value) in (item as? [String: Any]) ?? [:] {
                guard let operation = value as? [String: Any], let id = operation["operationId"] as? String else { continue }
                let security = operation["security"] as? [Any]
                found.append((method.uppercased(), path, id, security.map { !$0.isEmpty } ?? globalSecured))
            }
        }
        return found.sorted { $0.2 < $1.2 }
    }

    /// The problem codes the document lists.
    var problemCodes: [String] {
        let schemas = (root["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let problem = schemas?["Problem"] as? [String: Any]
        let code = (problem?["properties"] as? [String: Any])?["code"] as? [String: Any]
        return code?["enum"] as? [String] ?? []
    }

    /// The statuses an operation documents (and whether it has a default).
    func statuses(of id: String) -> (codes: Set<Int>, hasDefault: Bool) {
        for (_, item) in (root["paths"] as? [String: Any]) ?? [:] {
            for (_, value) in (item as? [String: Any]) ?? [:] {
                guard let operation = value as? [String: Any], operation["operationId"] as? String == id else { continue }
                let responses = operation["responses"] as? [String: Any] ?? [:]
                return (Set(responses.keys.compactMap { Int($0) }), responses["default"] != nil)
            }
        }
        return ([], false)
    }
}
