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

    /// Registers an open connection, first ending as many of the user's connections on the same
    /// platform, oldest first, as the login policy needs to make room (`kickedOff`).
    ///
    /// - Returns: whether its signature is one the user had not used since their signatures last
    ///   expired (a change worth journaling: `ServerOperation.signIn`).
    /// - Complexity: O(connections of the user).
    mutating func connect(_ connection: ServerConnection, outbox: inout Outbox) throws(IMError) -> Bool {
        let userID = connection.userID
        try checkUser(userID)
        guard !connection.userSig.isEmpty else { throw IMError(.userSigExpired, "empty userSig") }
        guard users[userID]?.expiredSignatures.contains(connection.userSig) != true else {
            throw IMError(.userSigExpired, "the userSig of \(userID) expired")
        }
        let samePlatform = users[userID]!.connections.filter { $0.platform == connection.platform }
        let excess = samePlatform.count - (loginPolicy.connectionsPerPlatform - 1)
        if excess > 0 {
            let error = IMError(.kickedOff, "\(userID) logged in on another \(connection.platform) device")
            end(Array(samePlatform.prefix(excess)), with: error, outbox: &outbox)
        }
        users[userID]!.connections.append(connection)
        users[userID]!.openedAt[ObjectIdentifier(connection)] = users[userID]!.version
        return users[userID]!.signatures.insert(connection.userSig).inserted
    }

    /// Forgets an open connection; nothing more is produced for it.
    mutating func disconnect(_ connection: ServerConnection) {
        users[connection.userID]?.connections.removeAll { $0 === connection }
        users[connection.userID]?.openedAt[ObjectIdentifier(connection)] = nil
    }

    /// Whether `connection` is open: registered and not ended by the server since.
    ///
    /// - Complexity: O(connections of its user).
    func isOpen(_ connection: ServerConnection) -> Bool {
        users[connection.userID]?.connections.contains { $0 === connection } ?? false
    }

    /// Ends `userID`'s connections on `platform` (every platform when nil) with `kickedOff`.
    ///
    /// - Returns: how many were ended.
    /// - Complexity: O(connections of the user).
    mutating func kickOffline(_ userID: String, platform: IMPlatform?, outbox: inout Outbox) throws(IMError) -> Int {
        try checkUser(userID)
        let kicked = users[userID]!.connections.filter { platform == nil || $0.platform == platform }
        end(kicked, with: IMError(.kickedOff, "\(userID) was kicked offline"), outbox: &outbox)
        return kicked.count
    }

    /// Expires every signature `userID` logged in with: later logins with one of them fail, and the
    /// user's open connections end with `userSigExpired`.
    ///
    /// - Complexity: O(connections of the user + signatures).
    mutating func expireUserSig(_ userID: String, outbox: inout Outbox) throws(IMError) {
        try checkUser(userID)
        let account = users[userID]!
        users[userID]!.expiredSignatures.formUnion(account.signatures)
        users[userID]!.signatures = []
        end(account.connections, with: IMError(.userSigExpired, "the userSig of \(userID) expired"), outbox: &outbox)
    }

    /// Forgets `connections` (of one user) and queues their loss with `error`, after whatever was
    /// queued for them before.
    mutating func end(_ connections: [ServerConnection], with error: IMError, outbox: inout Outbox) {
        guard let userID = connections.first?.userID else { return }
        users[userID]?.connections.removeAll { connection in connections.contains { $0 === connection } }
        for connection in connections {
            users[userID]?.openedAt[ObjectIdentifier(connection)] = nil
            outbox.lose(connection, error)
        }
    }
}
