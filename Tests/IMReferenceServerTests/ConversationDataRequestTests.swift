import Foundation
import IMCore
import IMTestSupport
import IMTransportKit
import XCTest
@testable import IMReferenceServer

/// Marks, custom data and conversation groups on the server: per user, pushed to every connection
/// of the user with its version, carried by syncs, with the vendor's limits and codes.
final class ConversationDataRequestTests: ServerTestCase {
    private func results(_ response: IMResponse) -> [Int32] {
        switch response {
        case .results(let results, _), .conversationGroup(_, _, let results, _):
            return results.map { $0?.code.rawValue ?? 0 }
        default:
            XCTFail("not a batch answer: \(response)")
            return []
        }
    }

    private func group(_ response: IMResponse) -> ConversationGroup? {
        guard case .conversationGroup(_, let group, _, _) = response else {
            XCTFail("not a group answer: \(response)")
            return nil
        }
        return group
    }

    // MARK: - Marks and custom data

    func test_setMarks_setsAndClearsBits_pushesTheWholeSetToEveryConnection_andSyncsCarryIt() throws {
        try server.sendText("hi", from: "alice", toUser: "bob")
        let otherSink = RecordingSink()
        let bob = try connect("bob")
        _ = try connect("bob", sink: otherSink)
        XCTAssertEqual(results(try answer(.setMarks([.c2c("alice")], marks: 0x1, enable: true), on: bob)), [0])
        XCTAssertEqual(results(try answer(.setMarks([.c2c("alice")], marks: 1 << 40, enable: true), on: bob)), [0])
        XCTAssertEqual(results(try answer(.setMarks([.c2c("alice")], marks: 0x1, enable: false), on: bob)), [0])
        XCTAssertEqual(results(try answer(.setMarks([.c2c("alice")], marks: 0x1, enable: false), on: bob)), [0],
                       "clearing a mark it does not have: success, and nothing to push")
        wait(for: [otherSink.expectPushes(3)], timeout: 5)
        XCTAssertEqual(otherSink.pushes, [
            .marks(.c2c("alice"), 0x1), .marks(.c2c("alice"), 0x1 | 1 << 40), .marks(.c2c("alice"), 1 << 40),
        ])
        XCTAssertEqual(try sync(bob)[.c2c("alice")]?.marks, 1 << 40)
        let answer = try answer(.setCustomData([.c2c("alice")], Data("x".utf8)), on: bob)
        guard case .results(_, let version) = answer else { return XCTFail("\(answer)") }
        XCTAssertEqual(version, try server.version(of: "bob"), "the answer carries the version after it")
        XCTAssertEqual(try sync(bob)[.c2c("alice")]?.customData, Data("x".utf8))
    }

    func test_marks_roamThroughAnIncrementalSync_andGoWithADeletion() throws {
        try server.sendText("hi", from: "alice", toUser: "bob")
        let bob = try connect("bob")
        let before = try server.version(of: "bob")
        _ = try answer(.setMarks([.c2c("alice")], marks: 0x2, enable: true), on: bob)
        guard case .changes(let changes) = try answer(.syncChanges(since: before), on: bob) else { return XCTFail() }
        XCTAssertEqual(changes.conversations.map(\.id), [.c2c("alice")])
        XCTAssertEqual(changes.conversations.first?.marks, 0x2)
        _ = try answer(.deleteConversation(.c2c("alice"), clearingMessages: false), on: bob)
        try server.sendText("again", from: "alice", toUser: "bob")
        XCTAssertEqual(try sync(bob)[.c2c("alice")]?.marks, 0, "marks go with the conversation, as a pin does")
    }

    func test_aNewMessage_clearsTheHideMark_onTheServer() throws {
        try server.sendText("hi", from: "alice", toUser: "bob")
        let bob = try connect("bob")
        _ = try answer(.setMarks([.c2c("alice")], marks: 0x8 | 0x1, enable: true), on: bob)
        _ = try answer(.setMarks([.c2c("alice")], marks: 0x8, enable: true), on: bob)
        try server.sendText("back", from: "alice", toUser: "bob")
        XCTAssertEqual(try sync(bob)[.c2c("alice")]?.marks, 0x1, "unhidden, starred still")
    }

    func test_markingAConversationTheUserLacks_createsIt_unknownPeersFailOnTheirOwn() throws {
        let bob = try connect("bob")
        XCTAssertEqual(results(try answer(
            .setMarks([.c2c("carol"), .c2c("nobody"), .group("none")], marks: 0x1, enable: true), on: bob)),
            [0, IMError.Code.unknownUser.rawValue, IMError.Code.unknownGroup.rawValue])
        XCTAssertEqual(try sync(bob).keys.sorted(), [.c2c("carol")])
        XCTAssertEqual(results(try answer(.setCustomData([.c2c("alice")], nil), on: bob)), [0],
                       "clearing creates nothing")
        XCTAssertNil(try sync(bob)[.c2c("alice")])
    }

    func test_batchLimits_of100PerRequest_and1000MarkedConversations() throws {
        let bob = try connect("bob")
        let hundredAndOne = (0...100).map { ConversationID.c2c("u\($0)") }
        XCTAssertEqual(error(of: .setMarks(hundredAndOne, marks: 0x1, enable: true), on: bob), .tooManyConversationsInRequest)
        XCTAssertEqual(error(of: .setCustomData(hundredAndOne, nil), on: bob), .tooManyConversationsInRequest)
        XCTAssertEqual(error(of: .setMarks([], marks: 0x1, enable: true), on: bob), .invalidParameters)
        XCTAssertEqual(error(of: .setMarks([.c2c("alice")], marks: 0, enable: true), on: bob), .invalidParameters)
        XCTAssertEqual(error(of: .setCustomData([.c2c("alice")], Data(count: 257)), on: bob), .invalidParameters)
        XCTAssertEqual(results(try answer(.setCustomData([.c2c("alice")], Data(count: 256)), on: bob)), [0])
        // 1,000 conversations may carry marks or custom data (alice has custom data already).
        for user in (0..<1_000).map({ "u\($0)" }) { try server.registerUser(user) }
        for start in stride(from: 0, to: 999, by: 100) {
            let ids = (start..<min(start + 100, 999)).map { ConversationID.c2c("u\($0)") }
            XCTAssertEqual(Set(results(try answer(.setMarks(ids, marks: 0x1, enable: true), on: bob))), [0])
        }
        XCTAssertEqual(results(try answer(.setMarks([.c2c("u999"), .c2c("u0")], marks: 0x4, enable: true), on: bob)),
                       [IMError.Code.tooManyMarkedConversations.rawValue, 0],
                       "the 1,001st fails (51008); one that has marks already takes more")
        XCTAssertEqual(results(try answer(.setMarks([.c2c("u0")], marks: 0x5, enable: false), on: bob)), [0])
        XCTAssertEqual(results(try answer(.setCustomData([.c2c("u999")], Data()), on: bob)), [0],
                       "u0 has none left: u999 may take its place")
    }

    // MARK: - Conversation groups

    func test_groups_createRenameAddRemoveDelete_pushTheGroupAfterEachChange_andAnswerWithIt() throws {
        try server.sendText("hi", from: "alice", toUser: "bob")
        let otherSink = RecordingSink()
        let bob = try connect("bob")
        _ = try connect("bob", sink: otherSink)
        let created = try answer(.createConversationGroup("work", [.c2c("alice"), .c2c("nobody"), .c2c("alice")]), on: bob)
        XCTAssertEqual(results(created), [0, IMError.Code.unknownUser.rawValue, 0], "a duplicate is no error")
        XCTAssertEqual(group(created), ConversationGroup(id: 1, name: "work", conversations: [.c2c("alice")]))
        XCTAssertEqual(group(try answer(.renameConversationGroup("work", to: "job"), on: bob))?.name, "job")
        XCTAssertEqual(group(try answer(.addToConversationGroup("job", [.c2c("carol")]), on: bob))?.conversations,
                       [.c2c("alice"), .c2c("carol")], "a conversation the user lacks may be added too")
        XCTAssertEqual(group(try answer(.removeFromConversationGroup("job", [.c2c("alice"), .group("none")]), on: bob))?
            .conversations, [.c2c("carol")], "removing one that is not in it: success")
        XCTAssertNil(group(try answer(.deleteConversationGroup("job"), on: bob)))
        wait(for: [otherSink.expectPushes(5)], timeout: 5)
        XCTAssertEqual(otherSink.pushes, [
            .conversationGroup(id: 1, ConversationGroup(id: 1, name: "work", conversations: [.c2c("alice")])),
            .conversationGroup(id: 1, ConversationGroup(id: 1, name: "job", conversations: [.c2c("alice")])),
            .conversationGroup(id: 1, ConversationGroup(id: 1, name: "job", conversations: [.c2c("alice"), .c2c("carol")])),
            .conversationGroup(id: 1, ConversationGroup(id: 1, name: "job", conversations: [.c2c("carol")])),
            .conversationGroup(id: 1, nil),
        ])
        XCTAssertEqual(try server.conversationGroups(of: "bob"), [])
    }

    func test_groupErrors_areTheVendorsCodes_andChangeNothing() throws {
        let bob = try connect("bob")
        _ = try answer(.createConversationGroup("work", [.c2c("alice")]), on: bob)
        _ = try answer(.createConversationGroup("home", []), on: bob)
        let version = try server.version(of: "bob")
        let thirtyThree = String(repeating: "n", count: 33)
        XCTAssertEqual(error(of: .createConversationGroup("", [.c2c("alice")]), on: bob), .invalidConversationGroupName)
        XCTAssertEqual(error(of: .createConversationGroup(thirtyThree, [.c2c("alice")]), on: bob), .invalidConversationGroupName)
        XCTAssertEqual(error(of: .createConversationGroup("work", [.c2c("carol")]), on: bob), .conversationGroupExists)
        XCTAssertEqual(error(of: .createConversationGroup("new", (0...100).map { .c2c("u\($0)") }), on: bob),
                       .tooManyConversationsInRequest)
        XCTAssertEqual(error(of: .deleteConversationGroup("Work"), on: bob), .conversationGroupNotFound, "names are bytes")
        XCTAssertEqual(error(of: .renameConversationGroup("none", to: "x"), on: bob), .conversationGroupNotFound)
        XCTAssertEqual(error(of: .renameConversationGroup("work", to: "home"), on: bob), .conversationGroupExists)
        XCTAssertEqual(error(of: .renameConversationGroup("work", to: ""), on: bob), .invalidConversationGroupName)
        XCTAssertEqual(error(of: .addToConversationGroup("none", [.c2c("alice")]), on: bob), .conversationGroupNotFound)
        XCTAssertNil(error(of: .addToConversationGroup("work", []), on: bob), "nothing to add: the group exists")
        XCTAssertEqual(error(of: .removeFromConversationGroup("work", []), on: bob), .invalidParameters)
        XCTAssertEqual(error(of: .removeFromConversationGroup("none", [.c2c("alice")]), on: bob), .conversationGroupNotFound)
        XCTAssertEqual(try server.version(of: "bob"), version, "no error changed anything")
        // Renaming to its own name changes nothing; 32 bytes is a valid name; the NFD spelling of a
        // name is another name.
        XCTAssertEqual(group(try answer(.renameConversationGroup("work", to: "work"), on: bob))?.name, "work")
        XCTAssertEqual(try server.version(of: "bob"), version)
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        _ = try answer(.createConversationGroup(String(repeating: "n", count: 32), []), on: bob)
        _ = try answer(.createConversationGroup(nfc, []), on: bob)
        _ = try answer(.createConversationGroup(nfd, []), on: bob)
        XCTAssertEqual(try server.conversationGroups(of: "bob").map(\.name).count, 5)
    }

    func test_atMost20Groups_andAtMost1000GroupedConversations() throws {
        let bob = try connect("bob")
        for index in 0..<20 { _ = try answer(.createConversationGroup("g\(index)", []), on: bob) }
        XCTAssertEqual(error(of: .createConversationGroup("g20", []), on: bob), .tooManyConversationGroups)
        _ = try answer(.deleteConversationGroup("g0"), on: bob)
        XCTAssertEqual(group(try answer(.createConversationGroup("g20", []), on: bob))?.id, 21, "IDs are never reused")
        for user in (0..<1_000).map({ "u\($0)" }) { try server.registerUser(user) }
        for start in stride(from: 0, to: 1_000, by: 100) {
            let ids = (start..<start + 100).map { ConversationID.c2c("u\($0)") }
            XCTAssertEqual(Set(results(try answer(.addToConversationGroup("g1", ids), on: bob))), [0])
        }
        XCTAssertEqual(results(try answer(.addToConversationGroup("g2", [.c2c("alice"), .c2c("u5")]), on: bob)),
                       [IMError.Code.tooManyMarkedConversations.rawValue, 0],
                       "a 1,001st conversation in groups fails (51008); one in a group already may join another")
        _ = try answer(.deleteConversationGroup("g3"), on: bob)
        XCTAssertEqual(results(try answer(.createConversationGroup("more", [.c2c("alice")]), on: bob)),
                       [IMError.Code.tooManyMarkedConversations.rawValue])
    }

    func test_groups_roamThroughSyncs_fromZeroAndIncrementally_inPagesThatNeverPassThem() throws {
        let bob = try connect("bob")
        _ = try answer(.createConversationGroup("work", [.c2c("alice")]), on: bob)
        guard case .changes(let fresh) = try answer(.syncChanges(since: 0), on: bob) else { return XCTFail() }
        XCTAssertEqual(fresh.conversationGroups?.map(\.name), ["work"], "from 0: every group")
        guard case .changes(let none) = try answer(.syncChanges(since: fresh.version), on: bob) else { return XCTFail() }
        XCTAssertNil(none.conversationGroups, "unchanged since: nil")
        // Many changes after the version asked, the group's among the first: pages of 2 carry it
        // on the page whose end reaches its change, and only there.
        server.syncPageLimit = 2
        let start = try server.version(of: "bob")
        try server.sendText("a1", from: "alice", toUser: "bob")
        _ = try answer(.renameConversationGroup("work", to: "job"), on: bob)
        for index in 0..<4 { try server.sendText("c\(index)", from: "carol", toUser: "bob") }
        var since = start
        var carried: [[String]?] = []
        while true {
            guard case .changes(let page) = try answer(.syncChanges(since: since), on: bob) else { return XCTFail() }
            carried.append(page.conversationGroups.map { $0.map(\.name) })
            since = page.version
            if !page.hasMore { break }
        }
        XCTAssertEqual(carried, [["job"], nil, nil], "the first page ends at the rename")
    }

    func test_groupsMarksAndCustomData_areJournaled_andSurviveARestart() async throws {
        let directory = try TemporaryDirectory(prefix: "persisted-groups")
        defer { directory.remove() }
        let path = directory.file("server.sqlite")
        var before: [String] = []
        do {
            let server = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_000 })
            for user in ["me", "a"] { try server.registerUser(user) }
            try server.sendText("hi", from: "a", toUser: "me")
            let device = try await RawDevice(userID: "me", transport: server)
            try await device.send(.setMarks([.c2c("a")], marks: 0x1, enable: true))
            try await device.send(.setCustomData([.c2c("a")], Data("d".utf8)))
            try await device.send(.createConversationGroup("work", [.c2c("a")]))
            try await device.send(.createConversationGroup("home", []))
            try await device.send(.renameConversationGroup("home", to: "family"))
            device.close()
            before = try CloudSummary.server(server, userID: "me")
        }
        let reopened = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_100 })
        XCTAssertEqual(try CloudSummary.server(reopened, userID: "me"), before)
        XCTAssertEqual(try CloudSummary.serverGroups(reopened, userID: "me"), ["work", "family"])
        XCTAssertEqual(before, ["c2c:a unread 1 pinned false recv 0 last 1 marks 1 custom d groups [\"work\"]"])
        // And it goes on numbering groups from there.
        let device = try await RawDevice(userID: "me", transport: reopened)
        let next = try await device.send(.createConversationGroup("next", []))
        guard case .conversationGroup(let id, _, _, _) = next else { return XCTFail("\(next)") }
        XCTAssertEqual(id, 3)
        device.close()
    }
}
