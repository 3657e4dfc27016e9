/// SVG text being written: lines, and elements with escaped attributes and text.
struct SVGText {
    private(set) var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    /// `<name a="v" ...>text</name>`, or `<name ... />` without text; attributes in key order.
    mutating func element(_ name: String, _ attributes: [String: String] = [:], text: String? = nil) {
        let attributeText = attributes.keys.sorted().map { " \($0)=\"\(Self.escape(attributes[$0] ?? ""))\"" }.joined()
        if let text {
            line("<\(name)\(attributeText)>\(Self.escape(text))</\(name)>")
        } else {
            line("<\(name)\(attributeText)/>")
        }
    }

    /// `text` with the five XML special characters escaped.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
