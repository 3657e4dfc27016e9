import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// `nextSeq` is whatever the caller passes: random values, `UInt64.max`, values between two real
/// positions. A walk started anywhere returns a run of the list, in list order, each conversation at
/// most once, and finishes; the warm store and the cold (database) path agree.
final class ArbitraryNextSeqTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "next-seq")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    func test_aWalkStartedAnywhere_isASuffixOfTheList_warmAndCold() async throws {
        let peers = (0..<40).map { "p\($0)" }
        session = try await V2TestSession(peers: peers, storage: .disk(directory: directory.path))
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        for pinned in ["p3", "p17", "p30"] { try await session.manager.pinConversation(conversationID: "c2c_" + pinned, isPinned: true) }
        try await session.manager.setConversationDraft(conversationID: "c2c_p0", draftText: "up")
        let list = try await session.listIDs()
        XCTAssertEqual(list.count, 40)

        var random = SeededRandomGenerator(seed: 0x5EED_0008)
        var starts: [UInt64] = [1, 2, .max, .max - 1, .max / 2, 1 << 32, 1 << 63, (1 << 63) - 1, (1 << 63) + 1]
        // Positions the SDK itself hands out, and their neighbours.
        let first = try await session.manager.getConversationList(nextSeq: 0, count: 13)
        starts += [first.nextSeq, first.nextSeq &- 1, first.nextSeq &+ 1]
        starts += (0..<40).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
        let sizes = starts.map { _ in Int32.random(in: 1...17, using: &random) }

        let warm = try await walks(from: starts, sizes: sizes, list: list, seed: random.seed)
        try await session.manager.logout()
        session.manager.session.setWarmsUpInBackground(false)
        try await session.manager.login(userID: "me", userSig: "sig")
        XCTAssertFalse(session.manager.currentClient!.read { $0.isComplete }, "pages come from the database")
        let cold = try await walks(from: starts, sizes: sizes, list: list, seed: random.seed)
        XCTAssertEqual(cold, warm, "the database pages as the loaded store does")
    }

    /// Walks from each start to the end; checks each walk is a suffix of `list` without repeats.
    private func walks(from starts: [UInt64], sizes: [Int32], list: [String], seed: UInt64) async throws -> [[String]] {
        var result: [[String]] = []
        for (start, size) in zip(starts, sizes) {
            var seen: [String] = []
            var nextSeq = start
            var pages = 0
            while true {
                let page = try await session.manager.getConversationList(nextSeq: nextSeq, count: size)
                pages += 1
                seen += page.conversationList.map(\.conversationID)
                XCTAssertLessThanOrEqual(page.conversationList.count, Int(size))
                if page.isFinished || pages > 50 { break }
                nextSeq = page.nextSeq
            }
            let context = "start \(start), page size \(size), seed \(seed)"
            XCTAssertLessThanOrEqual(pages, 41, "the walk finishes: \(context)")
            XCTAssertEqual(seen.count, Set(seen).count, "no conversation twice: \(context)")
            XCTAssertEqual(seen, Array(list.suffix(seen.count)), "a run of the list, in order, to its end: \(context)")
            result.append(seen)
        }
        return result
    }
}
