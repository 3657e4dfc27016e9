import IMTransportKit

extension IMReferenceServer {
    /// The conversation groups of `userID` as the server holds them, in creation order (for
    /// comparing devices with the server). Groups change only through a user's requests.
    ///
    /// - Complexity: O(g + m) for g groups and m memberships.
    public func conversationGroups(of userID: String) throws(IMError) -> [ConversationGroup] {
        try withState { state, _ throws(IMError) in
            try state.checkUser(userID)
            return state.users[userID]?.conversationGroups ?? []
        }
    }
}
