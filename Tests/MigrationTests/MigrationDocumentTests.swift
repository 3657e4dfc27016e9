import Foundation
import XCTest

/// Keeps MIGRATION.md and the compiled samples in `MigrationSnippets.swift` identical, and the
/// guide's table complete: editing one side without the other fails here.
final class MigrationDocumentTests: XCTestCase {
    /// The package root: three directories up from this file.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let snippetsFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("MigrationSnippets.swift")

    private func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    private func guide() throws -> String {
        try read(Self.root.appendingPathComponent("MIGRATION.md"))
    }

    private func snippets() throws -> SnippetFile {
        try SnippetFile(parsing: read(Self.snippetsFile))
    }

    // MARK: - Samples

    func test_snippetMarkers_areWellFormed_andNamedOnce() throws {
        let file = try snippets()
        XCTAssertEqual(file.problems, [])
        XCTAssertFalse(file.snippets.isEmpty)
        XCTAssertEqual(Set(file.snippets.map(\.name)).count, file.snippets.count, "snippet names repeat")
    }

    func test_everySwiftBlockOfTheGuide_isACompiledSnippet() throws {
        let compiled = Set(try snippets().snippets.map(\.code))
        let blocks = try SnippetFile.swiftBlocks(inMarkdown: guide())
        XCTAssertFalse(blocks.isEmpty)
        for block in blocks where !compiled.contains(block) {
            XCTFail("MIGRATION.md has a swift block that is not a snippet of MigrationSnippets.swift:\n\(block)")
        }
    }

    func test_everyCompiledSnippet_isInTheGuide() throws {
        let blocks = Set(try SnippetFile.swiftBlocks(inMarkdown: guide()))
        for snippet in try snippets().snippets where !blocks.contains(snippet.code) {
            XCTFail("snippet \"\(snippet.name)\" of MigrationSnippets.swift is not a swift block of MIGRATION.md:\n\(snippet.code)")
        }
    }

    func test_guideBlocks_eachAppearOnce() throws {
        let blocks = try SnippetFile.swiftBlocks(inMarkdown: guide())
        XCTAssertEqual(Set(blocks).count, blocks.count, "a swift block repeats in MIGRATION.md")
    }

    func test_swiftBlockExtraction_dedentsAndKeepsRelativeIndentation() {
        let markdown = "text\n   ```swift\n   if x {\n       y()\n   }\n   ```\n```swift\nz()\n```\n"
        XCTAssertEqual(SnippetFile.swiftBlocks(inMarkdown: markdown), ["if x {\n    y()\n}", "z()"])
        let file = SnippetFile(parsing: "func f() {\n        // snippet: one\n        if x {\n            y()\n        }\n        // end snippet\n}\n")
        XCTAssertEqual(file.snippets.map(\.code), ["if x {\n    y()\n}"])
        XCTAssertEqual(SnippetFile(parsing: "// snippet: a\n// snippet: b\n// end snippet\n").problems.count, 1)
        XCTAssertEqual(SnippetFile(parsing: "// snippet: a\nx()\n").problems.count, 1)
        XCTAssertEqual(SnippetFile(parsing: "// end snippet\n").problems.count, 1)
    }

    // MARK: - The table

    func test_guide_namesEveryPublicLegacyDeclaration() throws {
        let sourcesDirectory = Self.root.appendingPathComponent("Sources/ImSDK")
        let files = try FileManager.default.contentsOfDirectory(atPath: sourcesDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertFalse(files.isEmpty)
        let spans = try Self.codeSpans(in: guide())
        let declaration = try NSRegularExpression(pattern:
            #"\b(?:public|open)\s+(?:(?:static|final|weak|override|convenience)\s+)*(?:func|var|let|class|protocol|enum|struct|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in files {
            let source = try read(sourcesDirectory.appendingPathComponent(file))
            for groups in declaration.captures(in: source) {
                if let name = groups[0] { names.insert(name) }
            }
        }
        XCTAssertGreaterThan(names.count, 50)
        for name in names.sorted() where !spans.contains(where: { Self.contains($0, identifier: name) }) {
            XCTFail("MIGRATION.md does not name the public legacy declaration `\(name)`")
        }
    }

    func test_guide_namesEveryConversion() throws {
        let source = try read(Self.root.appendingPathComponent("Sources/ImSDK/TIMConversions.swift"))
        let spans = try Self.codeSpans(in: guide())
        let conversion = try NSRegularExpression(
            pattern: #"extension\s+([A-Za-z0-9_]+)\s*\{[^}]*?public\s+(?:convenience\s+)?init\??\((legacy|v2):"#)
        var conversions: [String] = []
        for groups in conversion.captures(in: source) {
            if let type = groups[0], let label = groups[1] {
                conversions.append("\(type)(\(label):")
            }
        }
        XCTAssertGreaterThanOrEqual(conversions.count, 10)
        for name in conversions where !spans.contains(where: { $0.contains(name) }) {
            XCTFail("MIGRATION.md does not name the conversion `\(name))`")
        }
    }

    /// The inline code spans of `markdown` (outside fenced blocks).
    private static func codeSpans(in markdown: String) throws -> [String] {
        var prose: [Substring] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                prose.append(line)
            }
        }
        let span = try NSRegularExpression(pattern: "`([^`]+)`")
        return span.captures(in: prose.joined(separator: "\n")).compactMap { $0[0] }
    }


    /// Whether `text` contains `identifier` as a whole word.
    private static func contains(_ text: String, identifier: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: identifier, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !isIdentifierCharacter(before), !isIdentifierCharacter(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    private static func isIdentifierCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }
}
