import Foundation
import PlaytimeHTTP
import PlaytimeService
import Testing

/// docs/openapi.json is the contract: its operations are the service's routes, with the operationIds the issue
/// names, the same methods, paths and keys, and every problem code the service can answer (docs/service.md).
@Suite("The OpenAPI document and the routes agree")
struct OpenAPIContractTests {
    @Test("Every route is in the document with its method, path, operationId and key requirement, and nothing else is")
    func routesAgree() throws {
        let document = try OpenAPIDocument.load()
        let documented = document.operations.map { "\($0.id) \($0.method) \($0.path) key:\($0.secured)" }
        let routed = ServiceOperation.allCases.map { "\($0.rawValue) \($0.method) \($0.path) key:\($0.needsKey)" }.sorted()
        #expect(documented == routed)
        #expect(
            Set(document.operations.map(\.id)) == [
                "enroll", "anchor", "issueTicket", "redeemTicket", "uploadJournal", "grantMultiplier",
                "listPayments", "health", "ready", "metrics", "consolePage", "consoleScript",
                "consoleStyle", "consolePlayer", "consoleExport", "consoleSession",
            ])
        #expect((document.root["openapi"] as? String)?.hasPrefix("3.1") == true)
    }

    @Test("Every problem code the service has a title for is listed in the document, and the document lists no other")
    func problemCodesAgree() throws {
        let document = try OpenAPIDocument.load()
        #expect(Set(document.problemCodes) == Set(Problem.knownCodes))
    }

    @Test("Every operation documents 400, 401 (where it needs a key), 503 and a default problem answer")
    func statusesDocumented() throws {
        let document = try OpenAPIDocument.load()
        for operation in ServiceOperation.allCases {
            let (codes, hasDefault) = document.statuses(of: operation.rawValue)
            #expect(codes.contains(200), "\(operation)")
            #expect(codes.contains(503), "\(operation)")
            #expect(hasDefault, "\(operation)")
            if operation.needsKey {
                #expect(codes.contains(401) && codes.contains(400), "\(operation): \(codes)")
            }
        }
    }
}
