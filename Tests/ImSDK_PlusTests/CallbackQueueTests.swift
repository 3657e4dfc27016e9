import Dispatch
import IMTestSupport
import IMTransportKit
import ImSDK_Plus
import XCTest

/// `V2TIMManager.callbackQueue`: the queue callbacks run on, and work put on it runs in order with them.
final class CallbackQueueTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_callbackQueue_isTheConfiguredQueue_andCallbacksRunOnIt() async throws {
        session = try await V2TestSession(peers: ["a"])
        XCTAssertTrue(session.manager.callbackQueue === session.callbackQueue)
        let key = DispatchSpecificKey<String>()
        session.callbackQueue.setSpecific(key: key, value: "callbacks")
        let seen: String? = try await callValue { succ, fail in
            session.manager.getTotalUnreadMessageCount(succ: { _ in succ(DispatchQueue.getSpecific(key: key)) }, fail: fail)
        }
        XCTAssertEqual(seen, "callbacks")
    }

    func test_workQueuedOnIt_runsAfterTheCallbacksAlreadyQueued() async throws {
        session = try await V2TestSession(peers: ["a"])
        let order = Locked<[String]>([])
        session.manager.getTotalUnreadMessageCount(succ: { _ in order.withLock { $0.append("succ") } }, fail: nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            session.manager.callbackQueue.async {
                order.withLock { $0.append("queued") }
                continuation.resume()
            }
        }
        XCTAssertEqual(order.withLock { $0 }, ["succ", "queued"])
    }

    func test_afterUnInit_itIsTheDefaultQueue_notTheOneConfiguredBefore() async throws {
        session = try await V2TestSession(peers: ["a"])
        let configured = session.callbackQueue
        session.manager.unInitSDK()
        XCTAssertFalse(session.manager.callbackQueue === configured)
    }
}
