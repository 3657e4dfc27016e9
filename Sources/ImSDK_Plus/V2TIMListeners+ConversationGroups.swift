import IMCore

// Calling every spelling of the conversation-group events (see `Spellings`).

extension Spellings {
    /// One group event of the core as calls of every spelling on `listener`, each once.
    static func conversationGroupEvent(
        _ event: ConversationGroupEvent, selfUserID: String, to listener: any V2TIMConversationListener
    ) {
        let main: any _V2TIMConversationListener = listener, nullable: any _V2TIMConversationListenerNullable = listener
        let partly: any _V2TIMConversationListenerPartlyNullable = listener
        func v2(_ conversations: [Conversation]) -> [V2TIMConversation] {
            conversations.filter(\.isVisibleInV2).map { V2TIMConversation($0, selfUserID: selfUserID) }
        }
        switch event {
        case .created(let name, let conversations):
            let list = v2(conversations)
            let optionalName: String? = name, optionalList: [V2TIMConversation]? = list
            main.onConversationGroupCreated(groupName: name, conversationList: list)
            main.onConversationGroupCreated(groupName: optionalName, conversationList: optionalList)
            main.onConversationGroupCreated(name, conversationList: list)
            main.onConversationGroupCreated(optionalName, conversationList: optionalList)
            nullable.onConversationGroupCreated(groupName: optionalName, conversationList: optionalList)
            nullable.onConversationGroupCreated(optionalName, conversationList: optionalList)
            nullable.onConversationGroupCreated(groupName: optionalName, conversationList: list)
            partly.onConversationGroupCreated(groupName: optionalName, conversationList: optionalList)
        case .deleted(let name):
            let optionalName: String? = name
            main.onConversationGroupDeleted(groupName: name)
            main.onConversationGroupDeleted(groupName: optionalName)
            main.onConversationGroupDeleted(name)
            main.onConversationGroupDeleted(optionalName)
            nullable.onConversationGroupDeleted(groupName: optionalName)
            nullable.onConversationGroupDeleted(optionalName)
        case .renamed(let old, let new):
            let optionalOld: String? = old, optionalNew: String? = new
            main.onConversationGroupNameChanged(oldName: old, newName: new)
            main.onConversationGroupNameChanged(oldName: optionalOld, newName: optionalNew)
            main.onConversationGroupNameChanged(old, newName: new)
            main.onConversationGroupNameChanged(optionalOld, newName: optionalNew)
            nullable.onConversationGroupNameChanged(oldName: optionalOld, newName: optionalNew)
            nullable.onConversationGroupNameChanged(optionalOld, newName: optionalNew)
        case .added(let name, let conversations):
            let list = v2(conversations)
            let optionalName: String? = name, optionalList: [V2TIMConversation]? = list
            main.onConversationsAddedToGroup(groupName: name, conversationList: list)
            main.onConversationsAddedToGroup(groupName: optionalName, conversationList: optionalList)
            main.onConversationsAdded(toGroup: name, conversationList: list)
            main.onConversationsAdded(toGroup: optionalName, conversationList: optionalList)
            nullable.onConversationsAddedToGroup(groupName: optionalName, conversationList: optionalList)
            nullable.onConversationsAdded(toGroup: optionalName, conversationList: optionalList)
            nullable.onConversationsAddedToGroup(groupName: optionalName, conversationList: list)
            partly.onConversationsAddedToGroup(groupName: optionalName, conversationList: optionalList)
        case .removed(let name, let conversations):
            let list = v2(conversations)
            let optionalName: String? = name, optionalList: [V2TIMConversation]? = list
            let reason: UInt32 = 0
            main.onConversationsDeletedFromGroup(groupName: name, conversationList: list, reason: reason)
            main.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: optionalList, reason: reason)
            main.onConversationsDeleted(fromGroup: name, conversationList: list, reason: reason)
            main.onConversationsDeleted(fromGroup: optionalName, conversationList: optionalList, reason: reason)
            nullable.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: optionalList, reason: reason)
            nullable.onConversationsDeleted(fromGroup: optionalName, conversationList: optionalList, reason: reason)
            nullable.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: list, reason: reason)
            partly.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: optionalList, reason: reason)
            main.onConversationsDeletedFromGroup(groupName: name, conversationList: list)
            main.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: optionalList)
            main.onConversationsDeleted(fromGroup: name, conversationList: list)
            main.onConversationsDeleted(fromGroup: optionalName, conversationList: optionalList)
            nullable.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: optionalList)
            nullable.onConversationsDeleted(fromGroup: optionalName, conversationList: optionalList)
            nullable.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: list)
            partly.onConversationsDeletedFromGroup(groupName: optionalName, conversationList: optionalList)
        }
    }
}
