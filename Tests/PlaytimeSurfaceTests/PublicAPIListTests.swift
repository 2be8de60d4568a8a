import Foundation
import PublicAPIListing
import Testing

/// The list builder on small hand-written symbol graphs: what is nameable, what is only reachable, and that a
/// changed surface changes the document.
@Suite("Public API list builder")
struct PublicAPIListTests {
    /// A symbol of a graph, as JSON.
    static func symbol(
        _ usr: String, _ kind: String, _ path: [String], _ declaration: [(String, String, String?)],
        module: String
    ) -> String {
        let fragments = declaration.map { kind, spelling, usr in
            "{\"kind\":\"\(kind)\",\"spelling\":\"\(spelling)\"" + (usr.map { ",\"preciseIdentifier\":\"\($0)\"" } ?? "") + "}"
        }
        let pathJSON = path.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"kind":{"identifier":"swift.\(kind)"},"identifier":{"precise":"\(usr)"},"pathComponents":[\(pathJSON)],\
            "declarationFragments":[\(fragments.joined(separator: ","))],"accessLevel":"public",\
            "location":{"uri":"file:///repo/Sources/\(module)/File.swift"}}
            """
    }

    static func graph(_ module: String, _ symbols: [String], _ relationships: [(String, String, String)]) throws -> SymbolGraph {
        let relations = relationships.map { kind, source, target in
            "{\"kind\":\"\(kind)\",\"source\":\"\(source)\",\"target\":\"\(target)\""
                + (target == "s:s8SendableP" ? ",\"targetFallback\":\"Swift.Sendable\"}" : "}")
        }
        let json =
            "{\"module\":{\"name\":\"\(module)\"},\"symbols\":[\(symbols.joined(separator: ","))],"
            + "\"relationships\":[\(relations.joined(separator: ","))]}"
        return try JSONDecoder().decode(SymbolGraph.self, from: Data(json.utf8))
    }

    // Game (the product's module) has a struct Recorder whose init takes a Platform.Clock (aliased) and
    // a Platform.Socket (not aliased); Platform also has Secret, which nothing mentions.
    static let recorder = "s:4Game8RecorderV"
    static let recorderInit = "s:4Game8RecorderV5clock6socketAC8Platform5ClockV_AF6SocketVtcfc"
    static let alias = "s:4Game5Clocka"
    static let clock = "s:8Platform5ClockV"
    static let clockNow = "s:8Platform5ClockV3nowSivp"
    static let socket = "s:8Platform6SocketV"
    static let socketSend = "s:8Platform6SocketV4sendyyF"
    static let secret = "s:8Platform6SecretV"

    static func gameGraph(extraMember: Bool = false) throws -> SymbolGraph {
        var symbols = [
            symbol(recorder, "struct", ["Recorder"], [("keyword", "struct", nil), ("text", " ", nil), ("identifier", "Recorder", nil)], module: "Game"),
            symbol(
                recorderInit, "init", ["Recorder", "init(clock:socket:)"],
                [
                    ("keyword", "init", nil), ("text", "(clock: ", nil), ("typeIdentifier", "Clock", clock), ("text", ", socket: ", nil),
                    ("typeIdentifier", "Socket", socket), ("text", ")", nil),
                ], module: "Game"),
            symbol(
                alias, "typealias", ["Clock"],
                [
                    ("keyword", "typealias", nil), ("text", " ", nil), ("identifier", "Clock", nil),
                    ("text", " = ", nil), ("typeIdentifier", "Clock", clock),
                ], module: "Game"),
        ]
        var relations = [("memberOf", recorderInit, recorder), ("conformsTo", recorder, "s:s8SendableP")]
        if extraMember {
            symbols.append(
                symbol("s:4Game8RecorderV4stopyyF", "method", ["Recorder", "stop()"], [("keyword", "func", nil), ("text", " stop()", nil)], module: "Game"))
            relations.append(("memberOf", "s:4Game8RecorderV4stopyyF", recorder))
        }
        return try graph("Game", symbols, relations)
    }

    static func platformGraph() throws -> SymbolGraph {
        try graph(
            "Platform",
            [
                symbol(clock, "struct", ["Clock"], [("keyword", "struct", nil), ("text", " Clock", nil)], module: "Platform"),
                symbol(clockNow, "property", ["Clock", "now"], [("keyword", "var", nil), ("text", " now: Int", nil)], module: "Platform"),
                symbol(socket, "struct", ["Socket"], [("keyword", "struct", nil), ("text", " Socket", nil)], module: "Platform"),
                symbol(socketSend, "method", ["Socket", "send()"], [("keyword", "func", nil), ("text", " send()", nil)], module: "Platform"),
                symbol(secret, "struct", ["Secret"], [("keyword", "struct", nil), ("text", " Secret", nil)], module: "Platform"),
            ], [("memberOf", clockNow, clock), ("memberOf", socketSend, socket)])
    }

    static func list(extraMember: Bool = false) throws -> PublicAPIList {
        let platform = try platformGraph()
        var loads: [String] = []
        let list = try PublicAPIList.make(module: "Game", graphs: [try gameGraph(extraMember: extraMember)], modules: ["Game", "Platform"]) {
            (name: String) throws(PublicAPIError) -> [SymbolGraph] in
            loads.append(name)
            guard name == "Platform" else { throw PublicAPIError("unexpected module \(name)") }
            return [platform]
        }
        #expect(loads == ["Platform"])
        return list
    }

    @Test("own declarations and aliased types are nameable; types only mentioned are reachable; the rest is absent")
    func split() throws {
        let list = try Self.list()
        #expect(
            list.nameable.map(\.line) == [
                "Game.Clock  [typealias]  typealias Clock = Clock",
                "Game.Recorder  [conformance]  Swift.Sendable",
                "Game.Recorder  [struct]  struct Recorder",
                "Game.Recorder.init(clock:socket:)  [init]  init(clock: Clock, socket: Socket)",
                "Platform.Clock  [struct]  struct Clock",
                "Platform.Clock.now  [property]  var now: Int",
            ])
        #expect(
            list.reachable.map(\.line) == [
                "Platform.Socket  [struct]  struct Socket",
                "Platform.Socket.send()  [method]  func send()",
            ])
        #expect(list.aliased == ["Platform.Clock"])
        #expect(list.reexported.isEmpty)
        #expect(!(list.nameable + list.reachable).contains { $0.path == "Secret" })
    }

    @Test("a new public member changes the document, and the difference names it")
    func changeIsSeen() throws {
        let before = PublicAPIDocument.render([try Self.list()])
        let after = PublicAPIDocument.render([try Self.list(extraMember: true)])
        #expect(PublicAPIDocument.difference(committed: before, regenerated: before).isEmpty)
        let difference = PublicAPIDocument.difference(committed: before, regenerated: after)
        #expect(difference.contains("+ Game.Recorder.stop()  [method]  func stop()"))
        #expect(difference.contains { $0.hasPrefix("- ") && $0.contains("nameable declarations") })
    }

    @Test("a declaration without a doc comment is named by the documentation check; one with a comment is not")
    func undocumentedIsNamed() throws {
        let list = try Self.list()
        // The hand-written graphs carry no doc comments: every declaration, nameable or reachable, is named, no conformance.
        #expect(list.undocumented.sorted() == (list.nameable + list.reachable).filter { $0.kind != "conformance" }.map(\.line).sorted())
        let documented = try JSONDecoder().decode(
            SymbolGraph.Symbol.self,
            from: Data(
                """
                {"kind":{"identifier":"swift.struct"},"identifier":{"precise":"s:4Game1AV"},"pathComponents":["A"],"accessLevel":"public",\
                "docComment":{"lines":[{"text":"A thing."}]}}
                """.utf8))
        let blank = try JSONDecoder().decode(
            SymbolGraph.Symbol.self,
            from: Data(
                """
                {"kind":{"identifier":"swift.struct"},"identifier":{"precise":"s:4Game1BV"},"pathComponents":["B"],"accessLevel":"public",\
                "docComment":{"lines":[{"text":"  "}]}}
                """.utf8))
        #expect(documented.isDocumented)
        #expect(!blank.isDocumented)
    }

    @Test("the module of a USR is its leading identifier, if it is one of the package's")
    func leadingModules() {
        let modules: Set<String> = ["PlaytimeGuard", "PlaytimeNTP"]
        #expect(leadingModule(ofUSR: "s:13PlaytimeGuard11ClaimRecordV", among: modules) == "PlaytimeGuard")
        #expect(
            leadingModule(
                ofUSR: "s:11PlaytimeNTP6NTPFixV0A5GuardE11networkTime2atAD07NetworkF0VSg0A6System12ClockReadingV_tF",
                among: modules) == "PlaytimeNTP")
        #expect(leadingModule(ofUSR: "s:Si", among: modules) == nil)
        #expect(leadingModule(ofUSR: "s:10Foundation4DataV", among: modules) == nil)
        #expect(leadingModule(ofUSR: "c:@F@getpid", among: modules) == nil)
        #expect(leadingModule(ofUSR: "s:99", among: modules) == nil)
    }
}
