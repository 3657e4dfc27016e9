/// The marks set on a conversation, as a 64-bit set (V2 mark types are single bits).
package struct ConversationMarks: OptionSet, Hashable, Sendable {
    package let rawValue: UInt64
    package init(rawValue: UInt64) { self.rawValue = rawValue }

    package static let star = ConversationMarks(rawValue: 0x1)
    /// Marked unread by the user; counted separately from real unread messages.
    package static let unread = ConversationMarks(rawValue: 0x2)
    package static let fold = ConversationMarks(rawValue: 0x4)
    package static let hide = ConversationMarks(rawValue: 0x8)

    /// The bits an app may use for its own marks: `1 << n` for 32 <= n < 64.
    package static let customRange: ClosedRange<Int> = 32...63
    /// Every bit that is a valid mark: the four built-in ones and the custom range.
    package static let valid = ConversationMarks(rawValue: 0xF | 0xFFFF_FFFF_0000_0000)

    /// Whether this is one valid mark, what a V2 `markType` must be: a single bit of `valid`.
    package var isOneValidMark: Bool { rawValue.nonzeroBitCount == 1 && isSubset(of: .valid) }
}
