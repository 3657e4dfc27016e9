import IMTransportKit

/// Users, remarks, groups and connections: the administrative side of the state.
extension ServerState {
    /// Registers `userID`, or updates its profile and tells everyone who has a C2C conversation with it.
    mutating func registerUser(_ userID: String, nickname: String?, faceURL: String?, outbox: inout Outbox) throws(IMError) {
        guard !userID.isEmpty else { throw IMError(.invalidParameters, "empty user ID") }
        guard var account = users[userID] else {
            users[userID] = UserAccount(nickname: nickname, faceURL: faceURL)
            return
        }
        guard account.nickname != nickname || account.faceURL != faceURL else { return }
        account.nickname = nickname
        account.faceURL = faceURL
        users[userID] = account
        pushProfile(of: .c2c(userID), outbox: &outbox)
    }

    /// Sets (or, with an empty remark, clears) `owner`'s remark for `friend`.
    mutating func setFriendRemark(owner: String, friend: String, remark: String, outbox: inout Outbox) throws(IMError) {
        try checkUser(owner)
        try checkUser(friend)
        let newRemark = remark.isEmpty ? nil : remark
        guard users[owner]?.remarks[friend] != newRemark else { return }
        users[owner]?.remarks[friend] = newRemark
        let id = ConversationID.c2c(friend)
        guard let account = users[owner], account.conversations[id] != nil,
            let profile = profile(of: id, seenBy: owner)
        else { return }
        announce(.profile(id, profile), to: owner, in: id, outbox: &outbox)
    }

    /// Creates a group, or replaces the profile and members of an existing one (telling everyone who
    /// has its conversation when the profile changed).
    mutating func createGroup(
        _ groupID: String, name: String?, faceURL: String?, groupType: String, members: [String],
        outbox: inout Outbox
    ) throws(IMError) {
        guard !groupID.isEmpty else { throw IMError(.invalidParameters, "empty group ID") }
        guard !groupType.isEmpty else { throw IMError(.invalidParameters, "empty group type") }
        for member in members {
            try checkUser(member)
        }
        let group = GroupRecord(name: name, faceURL: faceURL, groupType: groupType, members: members)
        let oldProfile = groups[groupID]?.profile
        groups[groupID] = group
        if let oldProfile, oldProfile != group.profile {
            pushProfile(of: .group(groupID), outbox: &outbox)
        }
    }

    /// Registers an open connection.
    mutating func connect(_ connection: ServerConnection, userSig: String) throws(IMError) {
        try checkUser(connection.userID)
        guard !userSig.isEmpty else { throw IMError(.userSigExpired, "empty userSig") }
        users[connection.userID]?.connections.append(connection)
    }

    /// Forgets an open connection; nothing more is produced for it.
    mutating func disconnect(_ connection: ServerConnection) {
        users[connection.userID]?.connections.removeAll { $0 === connection }
    }
}
