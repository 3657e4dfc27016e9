import IMTransportKit

/// The lasting part of a `ServerState`: what a persisted server folds its journal into, so that
/// opening it costs the size of its state, not of its history.
///
/// Configuration (login policy, page and list limits, the deletion switch) is not part of it: the
/// process that opens the file sets it. Open connections are not either (`OnlineConnections`).
struct ServerSnapshot: Codable {
    var epoch: String
    var users: IDTable<UserAccount>
    var groups: IDTable<GroupRecord>
    var logs: [ConversationLog.Key: ConversationLog]
    var generatedMessageIDs: UInt64
}

extension ServerState {
    /// The state's lasting part.
    var snapshot: ServerSnapshot {
        ServerSnapshot(epoch: epoch, users: users, groups: groups, logs: logs, generatedMessageIDs: generatedMessageIDs)
    }

    /// A state as `snapshot` was, with no connection open, under `loginPolicy`.
    init(_ snapshot: ServerSnapshot, loginPolicy: IMReferenceServer.LoginPolicy) {
        self.init(loginPolicy: loginPolicy, epoch: snapshot.epoch)
        users = snapshot.users
        groups = snapshot.groups
        logs = snapshot.logs
        generatedMessageIDs = snapshot.generatedMessageIDs
    }
}
