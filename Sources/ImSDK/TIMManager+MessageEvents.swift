import Foundation
import IMCore
import IMTransportKit
import TIMAdapter

/// Revokes, changed messages and read receipts as legacy listener calls (on the callback queue),
/// every spelling once.
extension TIMManager {
    package func legacyMessageEvents(_ events: MessageEvents, selfUserID: String) {
        let config = getUserConfig()
        if let listener = config?.messageUpdateListener, !events.modified.isEmpty {
            LegacySpellings.updatedMessages(events.modified.map { TIMMessage($0, selfUserID: selfUserID) }, to: listener)
        }
        if let listener = config?.messageRevokeListener {
            for message in events.revoked {
                LegacySpellings.revoked(TIMMessageLocator(revoked: message, selfUserID: selfUserID), to: listener)
            }
        }
        guard config?.enableReadReceipt == true, let listener = config?.messageReceiptListener,
              !events.receipts.isEmpty else { return }
        let receipts = events.receipts.map { receipt in
            let legacy = TIMMessageReceipt()
            legacy.conversation = TIMConversation(receipt.conversationID, owner: selfUserID)
            legacy.timestamp = Int(clamping: receipt.point.timestamp)
            return legacy
        }
        LegacySpellings.receipts(receipts, to: listener)
    }
}
