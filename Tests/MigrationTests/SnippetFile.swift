/// The samples of a Swift file, each between `// snippet: <name>` and `// end snippet`, and the
/// fenced Swift blocks of a Markdown file, both dedented so they compare up to indentation.
struct SnippetFile {
    struct Snippet: Equatable {
        let name: String
        /// The lines between the markers, without their common indentation.
        let code: String
    }

    private static let start = "// snippet:"
    private static let end = "// end snippet"

    private(set) var snippets: [Snippet] = []
    /// Unbalanced or nested markers, one line each.
    private(set) var problems: [String] = []

    init(parsing source: String) {
        var open: (name: String, lines: [Substring], line: Int)?
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(Self.start) {
                if let open { problems.append("line \(index + 1): snippet inside \"\(open.name)\"") }
                let name = trimmed.dropFirst(Self.start.count).trimmingCharacters(in: .whitespaces)
                open = (name, [], index + 1)
            } else if trimmed == Self.end {
                guard let current = open else {
                    problems.append("line \(index + 1): end of a snippet that did not start")
                    continue
                }
                snippets.append(Snippet(name: current.name, code: Self.dedent(current.lines)))
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        if let open { problems.append("line \(open.line): snippet \"\(open.name)\" does not end") }
    }

    /// The contents of every ```swift block of `markdown`, in order, dedented.
    static func swiftBlocks(inMarkdown markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "```swift" { current = [] }
            } else if trimmed == "```" {
                blocks.append(dedent(current!))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `lines` without their common leading spaces or trailing spaces, and without blank lines at
    /// either end, joined by newlines.
    static func dedent(_ lines: [Substring]) -> String {
        var lines = lines.map { line -> Substring in
            var line = line
            while line.last == " " || line.last == "\t" || line.last == "\r" { line.removeLast() }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }
}
