import IMReferenceServer

/// The people and the group both demos (scripted and interactive) run with, and what they do
/// before the first list is shown.
enum DemoCast {
    static let me = "alice"
    static let bob = "bob"
    static let carol = "carol"
    static let group = "hike"
    static let bobConversation = "c2c_bob"
    static let carolConversation = "c2c_carol"
    static let groupConversation = "group_hike"

    /// Registers the users, Alice's remark for Carol, and the group on `server`.
    static func register(on server: IMReferenceServer) throws {
        try server.registerUser(me, nickname: "Alice")
        try server.registerUser(bob, nickname: "Bob Li")
        try server.registerUser(carol, nickname: "Carol Wu")
        try server.setFriendRemark(owner: me, friend: carol, remark: "Carol (design)")
        try server.createGroup(group, name: "Weekend Hike", members: [me, bob, carol])
    }

    /// Five unread messages for Alice in three conversations, one of them @-mentioning her.
    static func sendFirstMessages(on server: IMReferenceServer) throws {
        try server.sendText("Lunch at noon?", from: bob, toUser: me)
        try server.sendText("The mockups are ready", from: carol, toUser: me)
        try server.sendText("Who brings the map?", from: bob, toGroup: group)
        try server.sendText("Can you review them today?", from: carol, toUser: me)
        try server.sendText("@Alice got the car keys?", from: carol, toGroup: group, atUserIDs: [me])
    }
}
