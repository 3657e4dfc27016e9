import Foundation
import IMTransportKit

/// Marks and custom data as the server has them: they roam, so a change made on any device of the
/// user reaches this store as a push (or with a sync, `applyServerState`).
extension ConversationStore {
    /// Takes the marks of `id` as the server has them now; creates the conversation when the store
    /// lacks it and the set is not empty (the server created it for the mark, as for a pin).
    package mutating func applyServerMarks(_ id: ConversationID, _ marks: ConversationMarks) {
        touching(id) { store in
            if store.entries.slot(of: id) == nil {
                guard !marks.isEmpty else { return }
                store.createIfNeeded(id, profile: nil, activity: 0)
            }
            store.modify(id) { conversation, _ in
                conversation.marks = marks
                return nil
            }
        }
    }

    /// Takes the custom data of `id` as the server has it now; creates the conversation when the
    /// store lacks it and the data is not nil.
    package mutating func applyServerCustomData(_ id: ConversationID, _ data: Data?) {
        touching(id) { store in
            if store.entries.slot(of: id) == nil {
                guard data != nil else { return }
                store.createIfNeeded(id, profile: nil, activity: 0)
            }
            store.modify(id) { conversation, _ in
                conversation.customData = data
                return nil
            }
        }
    }
}
