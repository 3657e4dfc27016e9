/// A key press of the interactive demo, decoded from the bytes a terminal sends in raw mode.
enum InteractiveKey: Equatable, Sendable {
    /// The up arrow (`ESC [ A`, or `ESC O A` in application cursor mode).
    case up
    /// The down arrow (`ESC [ B` or `ESC O B`).
    case down
    /// A printable ASCII character.
    case character(Character)
    /// Return or Enter (CR or LF).
    case enter
    /// Backspace (DEL or BS).
    case backspace
    /// Escape pressed on its own (an ESC that ends its chunk of input).
    case escape

    /// The keys in one chunk of terminal input, in order.
    ///
    /// Other escape sequences (other arrows, function keys), an ESC followed by anything but a
    /// sequence, other control characters and non-ASCII bytes are skipped.
    /// - Complexity: O(n) for n bytes.
    static func parse(_ bytes: [UInt8]) -> [InteractiveKey] {
        let escape: UInt8 = 0x1B
        var keys: [InteractiveKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == escape {
                guard index < bytes.count else {
                    keys.append(.escape)
                    break
                }
                guard bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") else { continue }
                index += 1
                // Parameter and intermediate bytes, then one final byte (0x40...0x7E).
                while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                default: break
                }
                index += 1
            } else if (0x20...0x7E).contains(byte) {
                keys.append(.character(Character(Unicode.Scalar(byte))))
            } else if byte == 0x0D || byte == 0x0A {
                keys.append(.enter)
            } else if byte == 0x7F || byte == 0x08 {
                keys.append(.backspace)
            }
        }
        return keys
    }
}
