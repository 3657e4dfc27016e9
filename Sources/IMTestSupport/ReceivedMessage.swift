import IMCore
import IMTransportKit
import ImSDK
import ImSDK_Plus

/// One message a new-message listener got (V2 `onRecvNewMessage`, legacy `onNewMessage`), as a
/// value tests compare: its conversation, sequence, sender, whether it is mine, and its text.
///
/// - Thread safety: a value type, `Sendable`.
package struct ReceivedMessage: Hashable, Sendable, CustomStringConvertible {
    /// The V2 conversation ID: `"c2c_" + peer` or `"group_" + groupID`.
    package var conversationID: String
    package var seq: UInt64
    package var sender: String
    package var isSelf: Bool
    /// The text of a text message, else nil.
    package var text: String?

    package init(conversationID: String, seq: UInt64, sender: String, isSelf: Bool, text: String?) {
        self.conversationID = conversationID
        self.seq = seq
        self.sender = sender
        self.isSelf = isSelf
        self.text = text
    }

    /// What a V2 listener was handed.
    package init(_ message: V2TIMMessage) {
        let id: ConversationID = message.groupID.map(ConversationID.group) ?? .c2c(message.userID ?? "")
        self.init(conversationID: id.stringForm, seq: message.seq, sender: message.sender ?? "",
                  isSelf: message.isSelf, text: message.textElem?.text)
    }

    /// What a legacy listener was handed.
    package init(_ message: TIMMessage) {
        let conversation = message.getConversation()
        let receiver = conversation?.getReceiver() ?? ""
        let id: ConversationID = conversation?.getType() == .GROUP ? .group(receiver) : .c2c(receiver)
        self.init(conversationID: id.stringForm, seq: message.locator()?.seq ?? 0, sender: message.sender() ?? "",
                  isSelf: message.isSelf(), text: (message.getElem(0) as? TIMTextElem)?.text)
    }

    package var description: String {
        "\(conversationID) #\(seq) from \(sender)\(isSelf ? " (isSelf)" : "") \(text.map { "\"\($0)\"" } ?? "(no text)")"
    }
}
