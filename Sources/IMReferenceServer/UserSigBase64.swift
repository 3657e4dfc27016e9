import Foundation

/// The vendor's base64 for UserSig tokens: the standard alphabet with `*`, `-` and `_` in place of
/// `+`, `/` and `=` (safe in URLs without escaping).
enum UserSigBase64 {
    static func encode(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().map { character -> Character in
            switch character {
            case "+": "*"
            case "/": "-"
            case "=": "_"
            default: character
            }
        })
    }

    /// The bytes of `text`, or nil when it is not base64 in the vendor's alphabet. Lenient as the
    /// vendor's decoders are: whitespace is ignored, the padding may be missing, and the standard
    /// `+`, `/`, `=` are read as themselves.
    ///
    /// - Complexity: O(n).
    static func decode(_ text: String) -> [UInt8]? {
        var standard = String()
        standard.reserveCapacity(text.utf8.count + 2)
        for character in text.unicodeScalars {
            switch character {
            case "*": standard.append("+")
            case "-": standard.append("/")
            case "_": standard.append("=")
            case " ", "\t", "\n", "\r": continue
            default: standard.unicodeScalars.append(character)
            }
        }
        if standard.utf8.count % 4 != 0 && !standard.hasSuffix("=") {
            standard += String(repeating: "=", count: 4 - standard.utf8.count % 4)
        }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
