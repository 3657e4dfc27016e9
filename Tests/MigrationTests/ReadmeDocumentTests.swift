import Foundation
import ImSDK_Plus
import XCTest

/// Keeps README.md's set-up samples identical to the compiled ones in `ReadmeSnippets.swift`, and its
/// installation section true to Package.swift: editing one side without the other fails here.
///
/// The installation sample is a fragment of a manifest (PackageDescription cannot be imported by a
/// test): it is checked against the package, not compiled.
final class ReadmeDocumentTests: XCTestCase {
    /// The package root: three directories up from this file.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let snippetsFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("ReadmeSnippets.swift")

    private func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    private func readme() throws -> String {
        try read(Self.root.appendingPathComponent("README.md"))
    }

    /// The library products of Package.swift.
    private func libraryProducts() throws -> Set<String> {
        let manifest = try read(Self.root.appendingPathComponent("Package.swift"))
        let library = try NSRegularExpression(pattern: #"\.library\(name: "([^"]+)""#)
        return Set(library.captures(in: manifest).compactMap { $0[0] })
    }

    // MARK: - Samples

    func test_snippetMarkers_areWellFormed_andNamedOnce() throws {
        let file = try SnippetFile(parsing: read(Self.snippetsFile))
        XCTAssertEqual(file.problems, [])
        XCTAssertFalse(file.snippets.isEmpty)
        XCTAssertEqual(Set(file.snippets.map(\.name)).count, file.snippets.count, "snippet names repeat")
    }

    func test_everySnippet_isASwiftBlockOfTheReadme_afterImportsOfItsFile() throws {
        let source = try read(Self.snippetsFile)
        let imports = Set(source.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init))
        var blocks: [String: [String]] = [:]  // code after the leading imports: those imports
        for block in try SnippetFile.swiftBlocks(inMarkdown: readme()) {
            var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var blockImports: [String] = []
            while let first = lines.first, first.hasPrefix("import ") || (first.isEmpty && !blockImports.isEmpty) {
                if !first.isEmpty { blockImports.append(first) }
                lines.removeFirst()
            }
            blocks[lines.joined(separator: "\n")] = blockImports
        }
        for snippet in SnippetFile(parsing: source).snippets {
            guard let blockImports = blocks[snippet.code] else {
                XCTFail("snippet \"\(snippet.name)\" of ReadmeSnippets.swift is not a swift block of README.md:\n\(snippet.code)")
                continue
            }
            XCTAssertFalse(blockImports.isEmpty, "the README's \"\(snippet.name)\" block says what to import")
            for line in blockImports where !imports.contains(line) {
                XCTFail("the README's \"\(snippet.name)\" block has `\(line)`, ReadmeSnippets.swift does not")
            }
        }
    }

    // MARK: - Installation

    func test_installationSample_dependsOnThisVersion_andOnLibraryProductsOfThePackage() throws {
        let sample = try XCTUnwrap(
            SnippetFile.swiftBlocks(inMarkdown: readme()).first { $0.contains(".package(url:") }, "no installation sample")
        let dependency = try NSRegularExpression(pattern: #"\.package\(url: "([^"]+)", from: "([^"]+)"\)"#)
        let found = try XCTUnwrap(dependency.captures(in: sample).first, "no .package(url:from:) in\n\(sample)")
        XCTAssertEqual(found[1], V2TIMManager.sharedInstance().getVersion(), "from: the version this package is")
        XCTAssertEqual(found[0].map { URL(string: $0)?.deletingPathExtension().lastPathComponent }, "ImSDK",
                       "the URL's last component is the package identity the products name")

        let product = try NSRegularExpression(pattern: #"\.product\(name: "([^"]+)", package: "([^"]+)"\)"#)
        let named = product.captures(in: sample)
        XCTAssertFalse(named.isEmpty)
        let products = try libraryProducts()
        for groups in named {
            XCTAssertEqual(groups[1], "ImSDK", "\(groups)")
            XCTAssertTrue(products.contains(groups[0] ?? ""), "\(groups[0] ?? "") is not a library product")
        }
    }

    func test_installationTable_listsEveryLibraryProduct_withTheModuleToImport() throws {
        let markdown = try readme()
        let section = try XCTUnwrap(markdown.components(separatedBy: "\n## ").first { $0.hasPrefix("Installation\n") })
        let row = try NSRegularExpression(pattern: #"(?m)^\| `([^`]+)` \| `import ([^`]+)` \|"#)
        let rows = row.captures(in: section)
        XCTAssertEqual(Set(rows.compactMap { $0[0] }), try libraryProducts())
        for groups in rows {
            XCTAssertEqual(groups[0], groups[1], "a product is imported by its own name")
        }
    }
}
