extension Scenario {
    /// The cross-API conformance suite: every scenario must agree in every mode.
    ///
    /// Users are `a`, `b`, `c`; groups `g`. Message texts are the conversation's name and a number.
    package static let suite: [Scenario] = [
        Scenario("new messages from users", steps: [
            .receive(from: "a", count: 2),
            .receive(from: "b", count: 1),
            .receive(from: "a", count: 1),
        ]),
        Scenario("new messages in a group", steps: [
            .receiveInGroup(from: "b", group: "g", count: 2),
            .receive(from: "a", count: 1),
            .receiveInGroup(from: "c", group: "g", count: 1),
        ]),
        Scenario("read part of a conversation", steps: [
            .receive(from: "a", count: 3),
            .read(.c2c("a"), upToMessage: 2),
            .receive(from: "b", count: 1),
        ]),
        Scenario("read part of a conversation that has my replies", steps: [
            .receive(from: "a", count: 2),
            .send("hi a", to: .c2c("a")),
            .receive(from: "a", count: 2),
            .read(.c2c("a"), upToMessage: 4),
        ]),
        Scenario("read part of a group", steps: [
            .receiveInGroup(from: "b", group: "g", count: 3),
            .read(.group("g"), upToMessage: 2),
            .receiveInGroup(from: "c", group: "g", count: 1),
        ]),
        Scenario("read all", steps: [
            .receive(from: "a", count: 2),
            .receiveInGroup(from: "b", group: "g", count: 2),
            .readAll(.c2c("a")),
            .readAll(.group("g")),
            .receive(from: "a", count: 1),
        ]),
        Scenario("pin and unpin", steps: [
            .receive(from: "a", count: 1),
            .receive(from: "b", count: 1),
            .receive(from: "c", count: 1),
            .pin(.c2c("a")),
            .receive(from: "b", count: 1),
            .pin(.c2c("c")),
            .unpin(.c2c("a")),
        ]),
        Scenario("drafts set and clear", steps: [
            .receive(from: "a", count: 1),
            .receive(from: "b", count: 1),
            .setDraft(.c2c("a"), "see you"),
            .setDraft(.c2c("b"), "on my way"),
            .clearDraft(.c2c("a")),
        ]),
        Scenario("mute a group (receive without notify)", steps: [
            .receiveInGroup(from: "b", group: "g", count: 1),
            .mute(group: "g"),
            .receiveInGroup(from: "b", group: "g", count: 2),
            .receive(from: "a", count: 1),
        ]),
        Scenario("block a group (do not receive)", steps: [
            .receiveInGroup(from: "b", group: "g", count: 1),
            .block(group: "g"),
            .receiveInGroup(from: "b", group: "g", count: 2),
            .receive(from: "a", count: 1),
        ]),
        Scenario("group @-mentions", steps: [
            .receiveInGroup(from: "b", group: "g", count: 1),
            .receiveMention(from: "b", group: "g", mentioning: .me),
            .receiveMention(from: "c", group: "g", mentioning: .all),
            .receiveMention(from: "c", group: "g", mentioning: .meAndAll),
            .read(.group("g"), upToMessage: 2),
            .readAll(.group("g")),
        ]),
        Scenario("filters follow reads, mentions and mutes", steps: [
            .receive(from: "a", count: 2),
            .receiveInGroup(from: "b", group: "g", count: 1),
            .receiveMention(from: "c", group: "g", mentioning: .me),
            .receive(from: "b", count: 1),
            .readAll(.c2c("a")),
            .mute(group: "g"),
            .read(.group("g"), upToMessage: 1),
            .readAll(.group("g")),
            .receive(from: "a", count: 1),
        ]),
        Scenario("own messages", steps: [
            .receive(from: "a", count: 2),
            .receiveInGroup(from: "b", group: "g", count: 1),
            .send("hi a", to: .c2c("a")),
            .send("hi c", to: .c2c("c")),
            .send("hi all", to: .group("g")),
        ]),
        Scenario("a live chat room (AVChatRoom) never counts unread, not even across a relogin", steps: [
            .receiveInGroup(from: "b", group: "live", count: 2),
            .receiveMention(from: "b", group: "live", mentioning: .me),
            .receive(from: "a", count: 1),
            .relogin,
            .receiveInGroup(from: "c", group: "live", count: 1),
        ]),
        Scenario("relogin keeps unread, reads and @-mentions", steps: [
            .receive(from: "a", count: 3),
            .read(.c2c("a"), upToMessage: 1),
            .receiveMention(from: "b", group: "g", mentioning: .me),
            .pin(.c2c("a")),
            .relogin,
        ]),
        Scenario("messages while logged out", steps: [
            .receive(from: "a", count: 1),
            .logout,
            .receive(from: "b", count: 2),
            .receiveInGroup(from: "c", group: "g", count: 1),
            .login,
        ]),
        Scenario("delete a conversation", steps: [
            .receive(from: "a", count: 3),
            .receive(from: "b", count: 1),
            .delete(.c2c("a")),
            .receive(from: "a", count: 1),
        ], expectedDifferences: [
            ExpectedDifference(
                .history, legacy: ["c2c_a=4", "c2c_b=1"], v2: ["c2c_a=1", "c2c_b=1"],
                because: "legacy deleteConversation keeps the messages (cloud ones too); V2 "
                    + "deleteConversation(conversation:) deletes them locally and on the server"),
        ]),
        Scenario("revoked messages", steps: [
            .receive(from: "a", count: 2),
            .peerRevokes(from: "a", seq: 2),
            .receive(from: "b", count: 1),
            .peerRevokes(from: "a", seq: 1),
            .send("hi b", to: .c2c("b")),
            .revokeMine(.c2c("b")),
            .send("hi all", to: .group("g")),
            .revokeMine(.group("g")),
        ]),
        Scenario("read receipts", steps: [
            .send("hi a", to: .c2c("a")),
            .send("hi b", to: .c2c("b")),
            .peerReads(from: "a"),
            .receive(from: "a", count: 1),
            .send("again", to: .c2c("a")),
            .peerReads(from: "a"),
            .peerReads(from: "a"),
        ]),
        Scenario("delete a message and clear a conversation", steps: [
            .receive(from: "a", count: 3),
            .deleteNewest(.c2c("a")),
            .receiveMention(from: "b", group: "g", mentioning: .me),
            .receiveInGroup(from: "c", group: "g", count: 1),
            .clearHistory(.group("g")),
            .receiveInGroup(from: "b", group: "g", count: 1),
            .clearHistory(.c2c("a")),
        ]),
        Scenario("legacy auto report: a new login sees everything read", legacyLogin: .autoReport, steps: [
            .receive(from: "a", count: 3),
            .receiveInGroup(from: "b", group: "g", count: 2),
            .relogin,
        ], expectedDifferences: [
            ExpectedDifference(
                .unread, legacy: ["group_g=0", "c2c_a=0"], v2: ["group_g=2", "c2c_a=3"],
                because: "with the legacy default (disableAutoReport == false) every message the device "
                    + "pulls counts as read on the server, so the next login sees 0 unread; V2 has no auto report"),
            ExpectedDifference(
                .readFlag, legacy: ["group_g=read", "c2c_a=read"], v2: ["group_g=unread", "c2c_a=unread"],
                because: "the last messages were read on the server by the auto report"),
            ExpectedDifference(
                .filtered,
                legacy: [
                    "C2C: c2c_a", "groups: group_g", "unread: -", "read: group_g,c2c_a", "@: -",
                    "unmarked group without @: group_g",
                ],
                v2: [
                    "C2C: c2c_a", "groups: group_g", "unread: group_g,c2c_a", "read: -", "@: -",
                    "unmarked group without @: group_g",
                ],
                because: "the unread and read filters follow the unread counts"),
        ]),
        Scenario("conversation groups (V2 only: legacy hears the conversations whose groups changed)", steps: [
            .receive(from: "a", count: 1),
            .receive(from: "b", count: 1),
            .receive(from: "c", count: 1),
            .createConversationGroup("work", [.c2c("a"), .c2c("b")]),
            .addToConversationGroup("work", [.c2c("c")]),
            .renameConversationGroup("work", to: "job"),
            .removeFromConversationGroup("job", [.c2c("a")]),
            .createConversationGroup("home", [.c2c("a"), .c2c("c")]),
            .relogin,
            .addToConversationGroup("job", [.c2c("a")]),
            .deleteConversationGroup("job"),
        ]),
        Scenario("marks and custom data (V2 only)", steps: [
            .receive(from: "a", count: 2),
            .receive(from: "b", count: 1),
            .mark(.c2c("a"), .star, true),
            .mark(.c2c("b"), .unread, true),
            .readAll(.c2c("b")),
            .setCustomData(.c2c("a"), "note"),
            .relogin,
            .mark(.c2c("a"), .star, false),
            .setCustomData(.c2c("a"), nil),
        ]),
    ]
}
