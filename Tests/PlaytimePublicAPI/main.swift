import Foundation
import PublicAPIListing

// playtime-public-api: prints the public API list of the library products from the built modules
// (docs/public-api.md). scripts/public-api.sh builds what it needs and runs this.
let usage = """
    USAGE: playtime-public-api --modules DIR [--product MODULE]… [--markdown | --write FILE]

      --modules DIR      the built modules (.build/debug/Modules)
      --product MODULE   a product's module (default: PlaytimeGuard, and PlaytimeServer when built)
      --markdown         print docs/public-api.md instead of the bare sorted lines
      --write FILE       write docs/public-api.md to FILE
    """

var modulesDirectory: String?
var products: [String] = []
var markdown = false
var writePath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--modules": modulesDirectory = arguments.popFirst()
    case "--product": if let value = arguments.popFirst() { products.append(value) }
    case "--markdown": markdown = true
    case "--write": writePath = arguments.popFirst()
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}
guard let modulesDirectory else {
    FileHandle.standardError.write(Data("--modules is required\n\(usage)\n".utf8))
    exit(2)
}
do {
    let extractor = try SymbolGraphExtractor(modulesDirectory: modulesDirectory)
    if products.isEmpty { products = PublicAPIProducts.built(in: extractor) }
    var lists: [PublicAPIList] = []
    for product in products { lists.append(try PublicAPIList.make(module: product, extractor: extractor)) }
    if let writePath {
        try PublicAPIDocument.render(lists).write(toFile: writePath, atomically: true, encoding: .utf8)
        for list in lists {
            print(
                "\(list.module): \(PublicAPIList.declarationCount(list.nameable)) nameable, "
                    + "\(PublicAPIList.declarationCount(list.reachable)) reachable declarations → \(writePath)")
        }
    } else if markdown {
        print(PublicAPIDocument.render(lists), terminator: "")
    } else {
        for list in lists {
            for entry in list.nameable { print(entry.line) }
            for entry in list.reachable { print("(reachable) " + entry.line) }
        }
    }
} catch let error as PublicAPIError {
    FileHandle.standardError.write(Data("playtime-public-api: \(error.description)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("playtime-public-api: \(error)\n".utf8))
    exit(1)
}
