extension Conversation {
    /// The names of the conversation groups (folders) this conversation is in, as filters see them
    /// (`ConversationFilter.group`, the group tags of the ordered index): `conversationGroups`.
    ///
    /// Every change to them reaches the store through `ConversationStore.modify` (as every change
    /// to a conversation does): it re-tags the conversation in the index and moves the per-filter
    /// unread counts; a renamed or deleted group is one such change per member.
    package var filterGroupNames: [String] { conversationGroups }
}
