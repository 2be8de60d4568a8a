/// The public API of one library product, as a game that imports its module sees it (docs/public-api.md).
///
/// *Nameable*: what `import <module>` lets a game write: the module's public declarations, those of the modules
/// it re-exports, and the types (with their members) it gives a public typealias. *Reachable*: public
/// declarations of other modules that those signatures mention (a game can hold and use such a value, and call
/// its public members, but cannot write the type's name), followed transitively.
package struct PublicAPIList: Sendable, Equatable {
    /// One line of the list.
    package struct Entry: Sendable, Hashable, Comparable {
        /// The module that declares it.
        package var module: String
        /// The qualified name inside the module (`SessionRecorder.enteredBackground(goldPerHour:policyVersion:)`).
        package var path: String
        /// `struct`, `method`, `property`, `type.method`, `typealias`, `conformance`, …
        package var kind: String
        /// The declaration as written (for a conformance: the protocol).
        package var declaration: String
        /// False for a declaration without a doc comment (a conformance counts as documented): not part of ``line``.
        package var documented = true

        /// `Module.path  [kind]  declaration`.
        package var line: String { "\(module).\(path)  [\(kind)]  \(declaration)" }

        package static func < (left: Entry, right: Entry) -> Bool { left.line < right.line }
        package static func == (left: Entry, right: Entry) -> Bool { left.line == right.line }
        package func hash(into hasher: inout Hasher) { hasher.combine(line) }
    }

    /// The module a game imports.
    package var module: String
    /// The modules it re-exports.
    package var reexported: [String]
    /// The types (as `Module.Name`) it names through public typealiases.
    package var aliased: [String]
    /// What a game can name, sorted.
    package var nameable: [Entry]
    /// What a game can reach but not name, sorted.
    package var reachable: [Entry]

    /// Declarations (not conformances) among `entries`.
    package static func declarationCount(_ entries: [Entry]) -> Int {
        entries.count(where: { $0.kind != "conformance" && $0.kind != "inheritance" })
    }

    /// The list for `module`, from the modules `extractor` can see.
    package static func make(module: String, extractor: SymbolGraphExtractor) throws(PublicAPIError) -> PublicAPIList {
        let modules = extractor.moduleNames()
        guard modules.contains(module) else { throw PublicAPIError("\(module) is not built in \(extractor.modulesDirectory)") }
        let own = try extractor.graphs(of: module, reexporting: modules)
        var others: [String: [SymbolGraph]] = [:]
        return try make(module: module, graphs: own, modules: modules) { (name: String) throws(PublicAPIError) -> [SymbolGraph] in
            if let cached = others[name] { return cached }
            let loaded = try extractor.graphs(of: name)
            others[name] = loaded
            return loaded
        }
    }

    /// The list for `module` from its graphs (re-exports folded in) and `load`, which gives another module's graphs.
    package static func make(
        module: String, graphs: [SymbolGraph], modules: Set<String>,
        load: (String) throws(PublicAPIError) -> [SymbolGraph]
    ) throws(PublicAPIError) -> PublicAPIList {
        var symbols: [String: SymbolGraph.Symbol] = [:]
        var home: [String: String] = [:]
        var members: [String: [String]] = [:]
        var relations: [SymbolGraph.Relationship] = []
        var loadedModules: Set<String> = []

        // A symbol's module: where its source is (Sources/<Module>/), else its parent's (a synthesized member),
        // else the module its USR starts with, else the graph's.
        func absorb(_ graph: SymbolGraph) {
            var parent: [String: String] = [:]
            for relation in graph.relationships {
                relations.append(relation)
                if ["memberOf", "requirementOf", "optionalRequirementOf"].contains(relation.kind) {
                    members[relation.target, default: []].append(relation.source)
                    parent[relation.source] = relation.target
                }
            }
            let fresh = graph.symbols.filter { symbols[$0.identifier.precise] == nil }
            for symbol in fresh { symbols[symbol.identifier.precise] = symbol }
            func module(of id: String, depth: Int = 0) -> String {
                if let known = home[id] { return known }
                if let symbol = symbols[id], let found = symbol.sourceModule(among: modules) { return found }
                if depth < 8, let up = parent[id], symbols[up] != nil { return module(of: up, depth: depth + 1) }
                return leadingModule(ofUSR: id, among: modules) ?? graph.module.name
            }
            for symbol in fresh { home[symbol.identifier.precise] = module(of: symbol.identifier.precise) }
        }

        for graph in graphs { absorb(graph) }
        loadedModules.insert(module)
        let nameableIDs = Set(symbols.keys)
        var reexported = Set(nameableIDs.compactMap { home[$0] })
        reexported.remove(module)
        loadedModules.formUnion(reexported)

        // The types a public typealias names: nameable, with their members, though declared elsewhere.
        var aliasRoots: Set<String> = []
        for id in nameableIDs where symbols[id]?.kind.identifier == "swift.typealias" {
            for target in symbols[id]?.referencedTypes ?? [] { aliasRoots.insert(target) }
        }

        // Everything reachable from the nameable declarations' signatures and conformances, transitively.
        var listed = nameableIDs
        var queue = Array(nameableIDs)
        var reachableIDs: Set<String> = []
        func enqueueMentions(of id: String) {
            for type in symbols[id]?.referencedTypes ?? [] where !listed.contains(type) { queue.append(type) }
        }
        var position = 0
        while position < queue.count {
            let id = queue[position]
            position += 1
            if !listed.contains(id) {
                if symbols[id] == nil, let owner = leadingModule(ofUSR: id, among: modules), !loadedModules.contains(owner) {
                    loadedModules.insert(owner)
                    for graph in try load(owner) { absorb(graph) }
                }
                guard symbols[id] != nil else { continue }
                // A type comes with its members (and theirs).
                var family = [id]
                var index = 0
                while index < family.count {
                    for member in members[family[index]] ?? [] where !family.contains(member) && !listed.contains(member) {
                        family.append(member)
                    }
                    index += 1
                }
                for member in family where !listed.contains(member) {
                    listed.insert(member)
                    reachableIDs.insert(member)
                    queue.append(member)
                }
                continue
            }
            enqueueMentions(of: id)
            for relation in relations where relation.source == id && (relation.kind == "conformsTo" || relation.kind == "inheritsFrom") {
                if !listed.contains(relation.target) { queue.append(relation.target) }
            }
        }

        // A reachable symbol is nameable when the outermost type it belongs to is an alias's target.
        let aliasPaths = Set(aliasRoots.compactMap { id in symbols[id].map { "\(home[id] ?? "?").\($0.pathComponents.first ?? "")" } })
        func entry(_ id: String) -> SymbolGraph.Symbol? { symbols[id] }
        var nameable: [Entry] = []
        var reachable: [Entry] = []
        for id in listed {
            guard let symbol = entry(id) else { continue }
            let owner = home[id] ?? module
            let item = Entry(
                module: owner, path: symbol.pathComponents.joined(separator: "."), kind: symbol.shortKind,
                declaration: symbol.declaration, documented: symbol.isDocumented)
            let viaAlias = aliasPaths.contains("\(owner).\(symbol.pathComponents.first ?? "")")
            if nameableIDs.contains(id) || viaAlias { nameable.append(item) } else { reachable.append(item) }
        }
        var seenRelations: Set<String> = []
        // Marker protocols every type gets implicitly (and that newer compilers list): not part of the surface.
        let implicit: Set<String> = ["s:s8CopyableP", "s:s9EscapableP", "s:s16SendableMetatypeP", "s:s15BitwiseCopyableP"]
        for relation in relations
        where (relation.kind == "conformsTo" || relation.kind == "inheritsFrom") && listed.contains(relation.source)
            && !implicit.contains(relation.target)
        {
            guard let source = symbols[relation.source], seenRelations.insert(relation.source + ">" + relation.target).inserted else { continue }
            let owner = home[relation.source] ?? module
            let target =
                symbols[relation.target].map { "\(home[relation.target] ?? "?").\($0.pathComponents.joined(separator: "."))" }
                ?? relation.targetFallback ?? relation.target
            let item = Entry(
                module: owner, path: source.pathComponents.joined(separator: "."),
                kind: relation.kind == "conformsTo" ? "conformance" : "inheritance", declaration: target)
            let viaAlias = aliasPaths.contains("\(owner).\(source.pathComponents.first ?? "")")
            if nameableIDs.contains(relation.source) || viaAlias { nameable.append(item) } else { reachable.append(item) }
        }
        let aliased = aliasRoots.compactMap { id in symbols[id].map { "\(home[id] ?? "?").\($0.pathComponents.joined(separator: "."))" } }
        return PublicAPIList(
            module: module, reexported: reexported.sorted(), aliased: aliased.sorted(),
            nameable: Array(Set(nameable)).sorted(), reachable: Array(Set(reachable)).sorted())
    }
}

extension PublicAPIList {
    /// The declarations a game can name or reach that have no doc comment, as their lines: every public declaration a
    /// game sees is documented (issue 34; the documentation catalogs show these comments).
    package var undocumented: [String] { (nameable + reachable).filter { !$0.documented }.map(\.line) }

    /// `Module.path` of every declaration the list holds, nameable or reachable.
    package var keys: Set<String> { Set((nameable + reachable).map { "\($0.module).\($0.path)" }) }

    /// The public declarations written in `Sources/<module>/` that no product's list holds (`listed`): public
    /// for nothing, since no game can reach them; they should be `package`. Each as `Module.path (file:line)`.
    package static func strays(in module: String, extractor: SymbolGraphExtractor, listed: Set<String>) throws(PublicAPIError) -> [String] {
        var strays: [String] = []
        for graph in try extractor.graphs(of: module) {
            for symbol in graph.symbols {
                guard symbol.sourceModule(among: [module]) == module, let uri = symbol.location?.uri else { continue }
                let key = "\(module).\(symbol.pathComponents.joined(separator: "."))"
                guard !listed.contains(key) else { continue }
                let file = uri.range(of: "/Sources/").map { "Sources/" + uri[$0.upperBound...] } ?? uri
                strays.append("\(key) (\(file))")
            }
        }
        return strays.sorted()
    }
}
