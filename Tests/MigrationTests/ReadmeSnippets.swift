import IMReferenceServer
import IMTransportKit
import ImSDK_Plus

// The Swift samples README.md adds for setting up (the seeding example), as the code they are.
//
// Each sample sits between `// snippet: <name>` and `// end snippet` and appears in the README
// verbatim (up to indentation), after the README's `import` lines, which this file has at its top
// (a function body cannot import): `ReadmeDocumentTests` checks that, and `ReadmeSnippetTests`
// runs the samples.
//
// `print` is the parameter of the enclosing function, so a test sees what a sample prints.

/// "Seeding the embedded server": registers users, creates a group, sends messages on
/// `IMReferenceServer.shared`, then logs in as Alice and prints her conversation list.
func seedingTheEmbeddedServer(print: (String) -> Void) async throws {
    // snippet: seeding
    // The server the SDK talks to when no transport is configured and storage is in memory. It
    // lives in this process and starts empty: seed it before logging in.
    let server = IMReferenceServer.shared
    try server.registerUser("alice", nickname: "Alice")
    try server.registerUser("bob", nickname: "Bob")
    try server.registerUser("carol", nickname: "Carol")
    try server.createGroup("hiking", name: "Hiking club", members: ["alice", "bob", "carol"])
    try server.sendText("Are we still on for Saturday?", from: "bob", toUser: "alice")
    try server.sendText("Trail map attached", from: "carol", toGroup: "hiking")
    try server.sendText("Alice, bring the stove", from: "bob", toGroup: "hiking", atUserIDs: ["alice"])

    let config = V2TIMSDKConfig()
    config.storage = .memory  // no local store, and the in-memory embedded server (shared)
    let manager: V2TIMManager = V2TIMManager.sharedInstance()
    manager.initSDK(1_400_000_001, config: config)
    try await manager.login(userID: "alice", userSig: "any")  // any non-empty signature will do
    let page = try await manager.getConversationList(nextSeq: 0, count: 50)
    for conversation in page.conversationList {
        let last = conversation.lastMessage.textElem.text ?? ""
        print("\(conversation.showName!): \(conversation.unreadCount) unread, \"\(last)\"")
    }
    // end snippet
}

/// "Filters and tab badges": a filtered page, a filter whose field is set to false, and a tab's
/// badge with its subscription, on `manager` (logged in).
func tabBadges(manager: V2TIMManager, print: (String) -> Void) async throws {
    // snippet: tab badges
    let groups = V2TIMConversationListFilter()
    groups.type = .GROUP  // the Groups tab
    let read = V2TIMConversationListFilter()
    read.hasUnreadCount = false  // set, so it filters: the conversations without unread messages

    let page = try await manager.getConversationListByFilter(filter: groups, nextSeq: 0, count: 20)
    print("Groups: \(page.conversationList.map { $0.showName! })")
    let done = try await manager.getConversationListByFilter(filter: read, nextSeq: 0, count: 20)
    print("Read: \(done.conversationList.map { $0.showName! })")
    print("Groups badge: \(try await manager.getUnreadMessageCountByFilter(filter: groups))")
    // From now on every change of that count reaches onUnreadMessageCountChangedByFilter.
    manager.subscribeUnreadMessageCountByFilter(filter: groups)
    // end snippet
}

/// "Revoking, deleting and read receipts": a group message asking for read receipts, a member's
/// receipt, and the sender's counts and readers, on `alice` and `bob` (two devices, logged in).
func readReceipts(alice: V2TIMManager, bob: V2TIMManager, print: (String) -> Void) async throws {
    // snippet: read receipts
    // Alice asks for receipts (`alice` and `bob` are the SDK of each one's device, logged in).
    let question = alice.createTextMessage(text: "Lunch at noon?")!
    question.needReadReceipt = true
    _ = try await alice.sendMessage(message: question, receiver: nil, groupID: "hiking")

    // Bob's device shows the message and tells Alice he read it.
    let shown = try await bob.getGroupHistoryMessageList(groupID: "hiking", count: 1, lastMsg: nil)
    try await bob.sendMessageReadReceipts(messageList: shown.filter(\.needReadReceipt))

    // Alice's devices hear onRecvMessageReadReceipts; she can also ask at any time.
    let receipt = try await alice.getMessageReadReceipts(messageList: [question])[0]
    print("\(receipt.readCount) read, \(receipt.unreadCount) not yet")
    let readers = try await alice.getGroupMessageReadMemberList(
        message: question, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, nextSeq: 0, count: 100)
    print("Read by \(readers.members.map { $0.nickName ?? $0.userID! })")
    // end snippet
}

/// "Signed logins": a server that verifies UserSigs with the app's key, a UserSig made with that
/// key, and a login with it.
func signedLogin(secretKey: String, print: (String) -> Void) async throws {
    // snippet: signed logins
    // The server verifies logins with the app's SDKAppID and secret key (the console's "key").
    let server = IMReferenceServer()
    server.userSigKey = UserSigKey(sdkAppID: 1_400_000_001, secretKey: secretKey)
    try server.registerUser("alice", nickname: "Alice")

    // Your app server makes each user's UserSig, as the vendor's TLSSigAPIv2 libraries do.
    let userSig = UserSig.generate(userID: "alice", sdkAppID: 1_400_000_001, secretKey: secretKey, expire: 86_400)

    let config = V2TIMSDKConfig()
    config.storage = .memory
    config.transport = server
    let manager: V2TIMManager = V2TIMManager.sharedInstance()
    manager.initSDK(1_400_000_001, config: config)
    try await manager.login(userID: "alice", userSig: userSig)  // expired: 70001, forged: 70009
    print("logged in as \(manager.getLoginUser()!)")
    // end snippet
}

/// "Running the server": seeds a server in another process through `IMAdminClient`, then logs in to
/// it through `IMSocketTransport` as Alice and prints her conversations.
func runningTheServer(port: UInt16, print: (String) -> Void) async throws {
    // snippet: running the server
    // A UI test's driver or a tool seeds the server (`port`: imsdk serve's, 7878 by default).
    let admin = IMAdminClient(host: "127.0.0.1", port: port)
    try await admin.registerUser("alice", nickname: "Alice")
    try await admin.registerUser("bob", nickname: "Bob")
    try await admin.sendText("Are you there?", from: "bob", toUser: "alice")

    // The app: the same SDK, its transport pointing at the server.
    let config = V2TIMSDKConfig()
    config.transport = IMSocketTransport(host: "127.0.0.1", port: port)
    let manager: V2TIMManager = V2TIMManager.sharedInstance()
    manager.initSDK(1_400_000_001, config: config)
    try await manager.login(userID: "alice", userSig: "any")
    let page = try await manager.getConversationList(nextSeq: 0, count: 50)
    for conversation in page.conversationList {
        print("\(conversation.showName!): \(conversation.unreadCount) unread")
    }
    // end snippet
}
