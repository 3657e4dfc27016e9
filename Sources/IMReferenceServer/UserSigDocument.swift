import Foundation
import IMTransportKit

/// The JSON document inside a UserSig token: written as the vendor's Python library writes it,
/// read as any vendor library may have written it.
///
/// The reader takes one flat JSON object (strings, numbers, `true`, `false`, `null`; nested objects
/// or arrays are refused, no token has them), so a forged document cannot make it recurse.
enum UserSigDocument {
    /// `{"TLS.ver": "2.0", "TLS.identifier": …, "TLS.sdkappid": …, "TLS.expire": …, "TLS.time": …,
    /// "TLS.sig": …}`: the Python library's `json.dumps` (keys in that order, ", " and ": " between
    /// them, anything outside printable ASCII escaped).
    static func write(_ sig: UserSig, signature: String) -> [UInt8] {
        let document = "{\"TLS.ver\": \"2.0\", \"TLS.identifier\": \(quoted(sig.userID)), "
            + "\"TLS.sdkappid\": \(sig.sdkAppID), \"TLS.expire\": \(sig.lifetime), \"TLS.time\": \(sig.issuedAt), "
            + "\"TLS.sig\": \(quoted(signature))}"
        return Array(document.utf8)
    }

    /// `text` as a JSON string the way Python's `json.dumps` (with `ensure_ascii`) writes it.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5c: result += "\\\\"
            case 0x0a: result += "\\n"
            case 0x0d: result += "\\r"
            case 0x09: result += "\\t"
            case 0x08: result += "\\b"
            case 0x0c: result += "\\f"
            case 0x20...0x7e: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let digits = String(unit, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            }
        }
        return result + "\""
    }

    /// The token's fields, its signature's bytes, and the `TLS.userbuf` text as written (signed as
    /// is).
    ///
    /// - Errors: 70003 `userSigMalformed` for anything but a version 2.0 document with every field.
    static func read(_ document: [UInt8]) throws(IMError) -> (sig: UserSig, signature: [UInt8], userBufText: String?) {
        let fields: [String: JSONValue]
        do {
            var parser = FlatJSONParser(document)
            fields = try parser.parseObject()
        } catch {
            throw IMError(.userSigMalformed, "the UserSig's document is not a JSON object: \(error.reason)")
        }
        guard case .string("2.0")? = fields["TLS.ver"] else {
            throw IMError(.userSigMalformed, "the UserSig is not version 2.0 (TLS.ver \(fields["TLS.ver"].map { "\($0)" } ?? "missing"))")
        }
        guard case .string(let userID)? = fields["TLS.identifier"] else { throw missing("TLS.identifier", "a string") }
        guard let sdkAppID = fields["TLS.sdkappid"]?.integer, sdkAppID >= 0 else {
            throw missing("TLS.sdkappid", "a number")
        }
        guard let issuedAt = fields["TLS.time"]?.integer else { throw missing("TLS.time", "a number") }
        guard let lifetime = fields["TLS.expire"]?.integer else { throw missing("TLS.expire", "a number") }
        guard case .string(let signatureText)? = fields["TLS.sig"] else { throw missing("TLS.sig", "a string") }
        guard let signature = Data(base64Encoded: signatureText) else {
            throw IMError(.userSigMalformed, "the UserSig's TLS.sig is not base64")
        }
        var userBufText: String?
        var userBuf: [UInt8]?
        switch fields["TLS.userbuf"] {
        case nil, .null?:
            break
        case .string(let text)?:
            guard let bytes = Data(base64Encoded: text) else {
                throw IMError(.userSigMalformed, "the UserSig's TLS.userbuf is not base64")
            }
            userBufText = text
            userBuf = [UInt8](bytes)
        case .some:
            throw missing("TLS.userbuf", "a string")
        }
        let sig = UserSig(userID: userID, sdkAppID: UInt64(sdkAppID), issuedAt: issuedAt, lifetime: lifetime, userBuf: userBuf)
        return (sig, [UInt8](signature), userBufText)
    }

    private static func missing(_ field: String, _ kind: String) -> IMError {
        IMError(.userSigMalformed, "the UserSig's \(field) is missing or not \(kind)")
    }
}

/// A value of a flat JSON object.
enum JSONValue: Hashable, CustomStringConvertible {
    case string(String)
    /// The number's text as written.
    case number(String)
    case bool(Bool)
    case null

    /// The value as a whole number: an integer, an integral number written with a fraction or
    /// exponent (exact up to 2^53), or a string of decimal digits; nil otherwise.
    var integer: Int64? {
        switch self {
        case .number(let text):
            if let integer = Int64(text) { return integer }
            guard let double = Double(text), double.isFinite, double.rounded() == double, abs(double) <= 9_007_199_254_740_992 else {
                return nil
            }
            return Int64(double)
        case .string(let text):
            return Int64(text)
        case .bool, .null:
            return nil
        }
    }

    var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        case .bool(let value): "\(value)"
        case .null: "null"
        }
    }
}

/// Why `FlatJSONParser` refused a document.
struct FlatJSONError: Error {
    let reason: String
}

/// Parses one JSON object whose values are strings, numbers, `true`, `false` or `null` (RFC 8259
/// otherwise: whitespace around tokens, every string escape); duplicate keys are refused.
struct FlatJSONParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// - Complexity: O(n).
    mutating func parseObject() throws(FlatJSONError) -> [String: JSONValue] {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                let key = try parseString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                let value = try parseValue()
                guard fields.updateValue(value, forKey: key) == nil else { throw FlatJSONError(reason: "\(key) appears twice") }
                skipWhitespace()
                guard let next = peek() else { throw FlatJSONError(reason: "it ends inside the object") }
                index += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw unexpected(next) }
            }
        }
        skipWhitespace()
        if let extra = peek() { throw FlatJSONError(reason: "\(describe(extra)) after the object") }
        return fields
    }

    private mutating func parseValue() throws(FlatJSONError) -> JSONValue {
        guard let first = peek() else { throw FlatJSONError(reason: "a value is missing") }
        switch first {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw FlatJSONError(reason: "a nested object or array")
        default: throw unexpected(first)
        }
    }

    /// A number as RFC 8259 writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(FlatJSONError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw FlatJSONError(reason: "a number without digits") }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw FlatJSONError(reason: "a number without digits after its point") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw FlatJSONError(reason: "a number without digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips decimal digits; returns how many.
    private mutating func digits() throws(FlatJSONError) -> Int {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func parseString() throws(FlatJSONError) -> String {
        try expect(UInt8(ascii: "\""))
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw FlatJSONError(reason: "a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let text = String(decoding: utf8, as: UTF8.self)
                guard text.utf8.elementsEqual(utf8) else { throw FlatJSONError(reason: "a string is not UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw FlatJSONError(reason: "a control character inside a string")
            default:
                utf8.append(byte)
            }
        }
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func parseEscape(into utf8: inout [UInt8]) throws(FlatJSONError) {
        guard let escape = peek() else { throw FlatJSONError(reason: "a string ends inside an escape") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0c)
        case UInt8(ascii: "n"): utf8.append(0x0a)
        case UInt8(ascii: "r"): utf8.append(0x0d)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexQuad())
            if (0xd800..<0xdc00).contains(scalar) {
                // A high surrogate: its low half must follow as another \u escape.
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw FlatJSONError(reason: "a lone surrogate")
                }
                index += 2
                let low = UInt32(try hexQuad())
                guard (0xdc00..<0xe000).contains(low) else { throw FlatJSONError(reason: "a lone surrogate") }
                scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw FlatJSONError(reason: "a lone surrogate") }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw FlatJSONError(reason: "an unknown escape \\\(describe(escape))")
        }
    }

    private mutating func hexQuad() throws(FlatJSONError) -> UInt16 {
        guard index + 4 <= bytes.count,
              let value = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw FlatJSONError(reason: "a \\u escape without four hexadecimal digits") }
        index += 4
        return value
    }

    private mutating func expectWord(_ word: String) throws(FlatJSONError) {
        for byte in word.utf8 { try expect(byte) }
    }

    private mutating func expect(_ byte: UInt8) throws(FlatJSONError) {
        guard let next = peek() else { throw FlatJSONError(reason: "it ends where \(describe(byte)) should be") }
        guard next == byte else { throw unexpected(next) }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d { index += 1 }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func unexpected(_ byte: UInt8) -> FlatJSONError {
        FlatJSONError(reason: "unexpected \(describe(byte)) at byte \(index)")
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7e).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}
