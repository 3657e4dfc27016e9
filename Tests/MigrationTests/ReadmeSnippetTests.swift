import IMReferenceServer
import ImSDK_Plus
import XCTest

/// Runs the samples of README.md (`ReadmeSnippets.swift`) and checks what they show.
final class ReadmeSnippetTests: SnippetTestCase {
    func test_seeding_showsAlicesConversations_newestFirst_withTheirUnreadCounts() async throws {
        var printed: [String] = []
        try await seedingTheEmbeddedServer { printed.append($0) }
        XCTAssertEqual(printed, [
            "Hiking club: 2 unread, \"Alice, bring the stove\"",
            "Bob: 1 unread, \"Are we still on for Saturday?\"",
        ])
        let alice = try await V2TIMManager.sharedInstance().getConversationList(nextSeq: 0, count: 50)
        let group = try XCTUnwrap(alice.conversationList.first { $0.groupID == "hiking" })
        XCTAssertEqual(group.groupAtInfolist.count, 1, "Bob's message @-mentions Alice")
    }
}
