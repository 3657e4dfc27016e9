import XCTest
import IMCore
import IMTransportKit
import IMTestSupport
import IMReferenceServer
@testable import ImSDK_Plus

final class ConcurrencyTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_manyThreadsCallingWhileTheServerPushes_endWithCountersEqualToARecount() async throws {
        let peers = (0..<20).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        try session.server.createGroup("g", name: "G", faceURL: nil, members: ["me"] + peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        let manager = session.manager
        let server = session.server
        let completions = Locked(0)
        let done: @Sendable () -> Void = { completions.withLock { $0 += 1 } }
        let threads = 8
        let perThread = 60
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for step in 0..<perThread {
                let peer = "p\((thread * 7 + step) % peers.count)"
                switch step % 6 {
                case 0: _ = try? server.sendText("m", from: peer, toUser: "me")
                case 1: _ = try? server.sendText("g", from: peer, toGroup: "g", atUserIDs: step % 12 == 1 ? ["me"] : [])
                case 2: manager.markC2CMessage(asRead: peer, succ: done, fail: { _, _ in done() })
                case 3: manager.pinConversation(conversationID: "c2c_" + peer, isPinned: step % 4 == 3,
                                                succ: done, fail: { _, _ in done() })
                case 4: manager.getConversationList(nextSeq: 0, count: 10, succ: { _, _, _ in done() },
                                                    fail: { _, _ in done() })
                default: manager.getTotalUnreadMessageCount(succ: { _ in done() }, fail: { _, _ in done() })
                }
            }
        }
        let expectedCompletions = threads * perThread * 4 / 6
        for _ in 0..<200 where completions.withLock({ $0 }) < expectedCompletions {
            await session.settle()
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        await session.settle()
        XCTAssertEqual(completions.withLock { $0 }, expectedCompletions, "every call ended in one callback")
        session.checkInvariants()
        let list = try await session.walk().list
        XCTAssertEqual(list.count, peers.count + 1)
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, list.reduce(0) { $0 + UInt64($1.unreadCount) }, "the total equals the list's sum")
    }
}
