import Foundation

extension NSRegularExpression {
    /// The capture groups (1, 2, ...) of every match in `text`; nil for a group that did not take
    /// part. (`NSRegularExpression`, not `Regex`: that needs macOS 13 / iOS 16.)
    func captures(in text: String) -> [[String?]] {
        matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) }
            }
        }
    }
}
