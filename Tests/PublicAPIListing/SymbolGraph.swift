/// The part of a symbol graph (the JSON `swift-symbolgraph-extract` writes) that the public API list reads.
package struct SymbolGraph: Decodable, Sendable {
    /// The module the graph describes.
    package struct Module: Decodable, Sendable {
        /// Its name.
        package var name: String
    }

    /// One declaration.
    package struct Symbol: Decodable, Sendable {
        /// Kind, e.g. `swift.struct`, `swift.method`.
        package struct Kind: Decodable, Sendable {
            /// The machine name, e.g. `swift.struct`.
            package var identifier: String
        }

        /// The unique (mangled) name.
        package struct Identifier: Decodable, Sendable {
            /// The USR, e.g. `s:13PlaytimeGuard11ClaimRecordV`.
            package var precise: String
        }

        /// One token of the declaration as written.
        package struct Fragment: Decodable, Sendable {
            /// `keyword`, `identifier`, `typeIdentifier`, `text`, …
            package var kind: String
            /// The token's text.
            package var spelling: String
            /// The USR of the type a `typeIdentifier` names.
            package var preciseIdentifier: String?
        }

        /// The `///` comment written above the declaration, line by line.
        package struct DocComment: Decodable, Sendable {
            /// One line of the comment, without its `///`.
            package struct Line: Decodable, Sendable {
                /// The line's text.
                package var text: String
            }
            /// Its lines.
            package var lines: [Line]
        }

        /// Where the declaration is written.
        package struct Location: Decodable, Sendable {
            /// A `file://` URL.
            package var uri: String
        }

        /// The kind.
        package var kind: Kind
        /// The USR.
        package var identifier: Identifier
        /// The qualified name inside its module, outermost first.
        package var pathComponents: [String]
        /// The declaration's tokens.
        package var declarationFragments: [Fragment]?
        /// `public`, `open`, …
        package var accessLevel: String
        /// The source position; absent for what the compiler synthesizes (`init(from:)`, `init(rawValue:)`).
        package var location: Location?
        /// The declaration's doc comment, absent when it has none.
        package var docComment: DocComment?
    }

    /// A relation between two symbols.
    package struct Relationship: Decodable, Sendable {
        /// `memberOf`, `conformsTo`, `inheritsFrom`, `requirementOf`, …
        package var kind: String
        /// The USR of the symbol the relation starts at.
        package var source: String
        /// The USR of the symbol it points to.
        package var target: String
        /// The target's qualified name when the target is in another module.
        package var targetFallback: String?
    }

    /// The module.
    package var module: Module
    /// Its public declarations.
    package var symbols: [Symbol]
    /// Relations between them (and to other modules' symbols).
    package var relationships: [Relationship]
}

extension SymbolGraph.Symbol {
    /// The declaration on one line: the tokens joined, runs of white space collapsed.
    package var declaration: String {
        let text = (declarationFragments ?? []).map(\.spelling).joined()
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// True when the declaration has a doc comment with some text in it.
    package var isDocumented: Bool {
        docComment?.lines.contains { !$0.text.allSatisfy(\.isWhitespace) } ?? false
    }

    /// The kind without the language prefix: `struct`, `method`, `type.property`, …
    package var shortKind: String {
        kind.identifier.hasPrefix("swift.") ? String(kind.identifier.dropFirst("swift.".count)) : kind.identifier
    }

    /// The module whose `Sources/<Module>/` folder holds the declaration, if it is one of `modules`.
    package func sourceModule(among modules: Set<String>) -> String? {
        guard let uri = location?.uri, let range = uri.range(of: "/Sources/", options: .backwards) else { return nil }
        let name = String(uri[range.upperBound...].prefix(while: { $0 != "/" }))
        return modules.contains(name) ? name : nil
    }

    /// The USRs of every type the declaration names.
    package var referencedTypes: [String] {
        (declarationFragments ?? []).compactMap { $0.kind == "typeIdentifier" ? $0.preciseIdentifier : nil }
    }
}

/// The module a Swift USR starts with (`s:13PlaytimeGuard…` → `PlaytimeGuard`), if it is one of `modules`: the
/// module of the outermost declaration. `nil` for the standard library's short manglings (`s:Si`, `s:SS`, …).
package func leadingModule(ofUSR usr: String, among modules: Set<String>) -> String? {
    guard usr.hasPrefix("s:") else { return nil }
    let mangled = usr.utf8.dropFirst(2)
    let digits = mangled.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    guard let length = Int(String(decoding: digits, as: UTF8.self)), length > 0 else { return nil }
    let name = String(decoding: mangled.dropFirst(digits.count).prefix(length), as: UTF8.self)
    return modules.contains(name) ? name : nil
}
