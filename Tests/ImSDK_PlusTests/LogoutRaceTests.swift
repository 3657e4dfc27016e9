import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// Calls racing a logout from other threads: each ends in exactly one callback, with success, 6014
/// (logged out first), or 9520 (the connection closed under a request in flight); nothing crashes,
/// and the next login finds a consistent store.
final class LogoutRaceTests: XCTestCase {
    private var session: V2TestSession!
    private var directory: TemporaryDirectory?
    private let legacy = LegacyMessageRecorder()

    override func tearDown() {
        TIMManager.sharedInstance().removeMessageListener(legacy)
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    /// A message applied (and written) just before a logout, whose event still waits on the
    /// callback queue when the logout comes, is heard by both listener kinds before the logout's
    /// completion, and not again after the next login (its sync starts after it); a message that
    /// came while logged out is heard once, after the login. Before, the session dropped every
    /// event of a client it no longer had, so such a message was stored but never announced.
    func test_aMessageAppliedJustBeforeTheLogout_isHeardBeforeTheLogoutCompletes_onceOnly() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        directory = try TemporaryDirectory(prefix: "logout-race")
        session = try await V2TestSession(peers: ["p"], storage: .disk(directory: directory!.path))
        TIMManager.sharedInstance().addMessageListener(legacy)
        let manager = session.manager
        let client = try XCTUnwrap(manager.currentClient)
        await session.settle()
        session.recorder.clear()

        // Hold the callback queue, so the message's events wait there while the logout runs.
        let gate = DispatchSemaphore(value: 0)
        session.callbackQueue.async { gate.wait() }
        let seq = try session.server.sendText("just before", from: "p", toUser: "me")
        // The answer to a request comes after every push that arrived before it is applied.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            client.perform(.profiles([])) { _ in continuation.resume() }
        }
        XCTAssertEqual(client.read { $0.conversation(.c2c("p"))?.lastMessage?.seq }, seq,
                       "the message is applied before the logout")
        let heardAtLogout = Locked<(v2: [String], legacy: Int)?>(nil)
        let recorder = session.recorder
        let legacy = legacy
        let loggedOut = expectation(description: "logout")
        manager.logout(succ: {
            heardAtLogout.withLock { $0 = (recorder.received.map { Convergence.key($0.conversationID, $0.seq) },
                                            legacy.received.count) }
            loggedOut.fulfill()
        }, fail: { code, desc in XCTFail("logout failed: \(code) \(desc ?? "")") })
        gate.signal()
        await fulfillment(of: [loggedOut], timeout: 10)
        let heard = try XCTUnwrap(heardAtLogout.withLock { $0 })
        XCTAssertEqual(heard.v2, [Convergence.key("c2c_p", seq)], "V2 onRecvNewMessage before the logout's completion")
        XCTAssertEqual(heard.legacy, 1, "legacy onNewMessage before the logout's completion")

        let whileOut = try session.server.sendText("while logged out", from: "p", toUser: "me")
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        XCTAssertEqual(session.recorder.received.map { Convergence.key($0.conversationID, $0.seq) },
                       [Convergence.key("c2c_p", seq), Convergence.key("c2c_p", whileOut)],
                       "each message heard once: the first before the logout, the second after the login")
        XCTAssertEqual(legacy.received.count, 2)
    }

    func test_callsFromManyThreadsDuringLogout_endOnceEach_withSuccess6014Or9520() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        let peers = (0..<8).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        let manager = session.manager
        var outcomes: [Set<Int32>] = []

        for round in 0..<5 {
            let threads = 6
            let callsPerThread = 12
            let total = threads * callsPerThread
            let ends = Locked([[Int32]](repeating: [], count: total))
            let issued = Locked(0)
            let workers = DispatchGroup()
            for thread in 0..<threads {
                DispatchQueue.global().async(group: workers) {
                    for index in 0..<callsPerThread {
                        let number = thread * callsPerThread + index
                        Self.issue(index % 6, peer: peers[(thread + index) % peers.count], manager: manager) { code in
                            ends.withLock { $0[number].append(code) }
                        }
                        issued.withLock { $0 += 1 }
                    }
                }
            }
            // Log out once a third of the calls are issued, while the rest are being issued.
            for _ in 0..<5000 where issued.withLock({ $0 }) < total / 3 { usleep(100) }
            manager.logout(succ: nil, fail: nil)
            await withCheckedContinuation { continuation in workers.notify(queue: .global()) { continuation.resume() } }
            for _ in 0..<500 where ends.withLock({ $0.contains { $0.isEmpty } }) {
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            await session.settle()
            let all = ends.withLock { $0 }
            XCTAssertEqual(all.filter { $0.count != 1 }.count, 0, "round \(round): every call ends exactly once: \(all)")
            let codes = all.flatMap { $0 }
            XCTAssertEqual(codes.filter { ![0, 6014, 9520].contains($0) }, [], "round \(round)")
            XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)

            try await manager.login(userID: "me", userSig: "sig")
            await session.settle()
            session.checkInvariants()
            let list = try await session.walk().list
            let totalUnread = try await manager.getTotalUnreadMessageCount()
            XCTAssertEqual(UInt64(list.map { Int($0.unreadCount) }.reduce(0, +)), totalUnread, "round \(round)")
            outcomes.append(Set(codes))
        }
        XCTAssertTrue(outcomes.contains { $0.contains(0) && $0.contains(6014) }, "some round raced: \(outcomes)")
    }

    /// Issues one call; `ended` gets 0 for success or the failure code.
    private static func issue(_ kind: Int, peer: String, manager: V2TIMManager, ended: @escaping @Sendable (Int32) -> Void) {
        let succ = { ended(0) }
        let fail: V2TIMFail = { code, _ in ended(code) }
        switch kind {
        case 0: manager.pinConversation(conversationID: "c2c_" + peer, isPinned: peer.hasSuffix("1"), succ: succ, fail: fail)
        case 1: manager.getConversationList(nextSeq: 0, count: 5, succ: { _, _, _ in succ() }, fail: fail)
        case 2: manager.getTotalUnreadMessageCount(succ: { _ in succ() }, fail: fail)
        case 3: manager.markC2CMessage(asRead: peer, succ: succ, fail: fail)
        case 4: manager.setConversationDraft(conversationID: "c2c_" + peer, draftText: "d", succ: succ, fail: fail)
        default:
            manager.sendMessage(message: manager.createTextMessage(text: "x"), receiver: peer, groupID: nil,
                                priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil,
                                succ: succ, fail: fail)
        }
    }
}
