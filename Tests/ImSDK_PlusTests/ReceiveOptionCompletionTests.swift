import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK
@testable import ImSDK_Plus

/// The receive options beyond the per-conversation setters: reading C2C options back, the global
/// option with its do-not-disturb window, and the legacy group option.
final class ReceiveOptionCompletionTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private func code(_ body: () async throws -> Void) async -> Int32? {
        do {
            try await body()
            return nil
        } catch let error as V2TIMError {
            return error.code
        } catch {
            return -1
        }
    }

    func test_c2cOptions_readBackFromTheServer_alsoForUsersWithoutAConversation() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c"])
        try await call { self.session.manager.setC2CReceiveMessageOpt(userIDList: ["a", "b"], opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) }
        let options = try await session.manager.getC2CReceiveMessageOpt(userIDList: ["b", "c", "a"])
        XCTAssertEqual(options.map { "\($0.userID ?? "") \($0.receiveOpt.rawValue)" }, ["b 1", "c 0", "a 1"])

        // A second device reads the same: the server keeps them.
        let tablet = try await V2TestSession(server: session.server, instance: V2TIMManager.makeInstance())
        defer { tablet.tearDown() }
        let fromTablet = try await tablet.manager.getC2CReceiveMessageOpt(userIDList: ["a"])
        XCTAssertEqual(fromTablet.first?.receiveOpt, .NOT_RECEIVE_MESSAGE)

        // The name of the headers without Swift names (plugins pass an optional list).
        let preAnnotation: [V2TIMReceiveMessageOptInfo] = try await callValue { succ, fail in
            let list: [String]? = ["a", "c"]
            self.session.manager.getC2CReceiveMessageOpt(list, succ: succ, fail: fail)
        }
        XCTAssertEqual(preAnnotation.map { "\($0.userID ?? "") \($0.receiveOpt.rawValue)" }, ["a 1", "c 0"])
        let none = await failureCode { succ, fail in
            self.session.manager.getC2CReceiveMessageOpt(nil, succ: { _ in succ() }, fail: fail)
        }
        XCTAssertEqual(none, 6017)

        let empty = await code { _ = try await self.session.manager.getC2CReceiveMessageOpt(userIDList: []) }
        XCTAssertEqual(empty, 6017)
        let tooMany = await code { _ = try await self.session.manager.getC2CReceiveMessageOpt(userIDList: (0...30).map { "u\($0)" }) }
        XCTAssertEqual(tooMany, 6017)
        let unknown = await code { _ = try await self.session.manager.getC2CReceiveMessageOpt(userIDList: ["nobody"]) }
        XCTAssertEqual(unknown, 20003)
    }

    /// `onAllReceiveMessageOptChanged`: every device of the user online hears a change of the
    /// global option (the one that made it too), once in each spelling; the same option set again
    /// is no change.
    func test_aChangeOfTheGlobalOption_isHeardByEveryDeviceOnline_onceInEachSpelling() async throws {
        session = try await V2TestSession(peers: ["a"])
        let tablet = try await V2TestSession(server: session.server, instance: V2TIMManager.makeInstance())
        defer { tablet.tearDown() }
        let phoneHeard = GlobalOptionLog(), tabletHeard = GlobalOptionLog()
        session.manager.addIMSDKListener(listener: phoneHeard)
        tablet.manager.addIMSDKListener(listener: tabletHeard)
        defer {
            session.manager.removeIMSDKListener(listener: phoneHeard)
            tablet.manager.removeIMSDKListener(listener: tabletHeard)
        }
        for _ in 0..<2 {
            try await session.manager.setAllReceiveMessageOpt(
                opt: .RECEIVE_NOT_NOTIFY_MESSAGE, startHour: 22, startMinute: 0, startSecond: 0, duration: 3600)
            await session.settle()
            await tablet.settle()
        }
        let heard = ["labelled 2 22 3600", "unlabelled 2 22 3600", "labelled! 2 22 3600"]
        XCTAssertEqual(phoneHeard.lines, heard, "the device that set it")
        XCTAssertEqual(tabletHeard.lines, heard, "another device online")

        try await tablet.manager.setAllReceiveMessageOpt(opt: .RECEIVE_MESSAGE, startTimeStamp: 0, duration: 0)
        await tablet.settle()
        await session.settle()
        XCTAssertEqual(phoneHeard.lines.suffix(3), ["labelled 0 0 0", "unlabelled 0 0 0", "labelled! 0 0 0"])
    }

    func test_globalOption_withItsWindow_isKeptOnTheServer_forEveryDevice_andChangesNoCount() async throws {
        session = try await V2TestSession(peers: ["a"])
        let before = try await session.manager.getAllReceiveMessageOpt()
        XCTAssertEqual(before.receiveOpt, .RECEIVE_MESSAGE)
        XCTAssertEqual(before.duration, 0)

        try await session.manager.setAllReceiveMessageOpt(
            opt: .RECEIVE_NOT_NOTIFY_MESSAGE, startHour: 22, startMinute: 30, startSecond: 5, duration: 8 * 3600)
        let tablet = try await V2TestSession(server: session.server, instance: V2TIMManager.makeInstance())
        defer { tablet.tearDown() }
        let daily = try await tablet.manager.getAllReceiveMessageOpt()
        XCTAssertEqual([daily.receiveOpt.rawValue, daily.startHour, daily.startMinute, daily.startSecond, daily.startTimeStamp, daily.duration],
                       [2, 22, 30, 5, 0, 8 * 3600])

        try await session.manager.setAllReceiveMessageOpt(opt: .RECEIVE_NOT_NOTIFY_MESSAGE, startTimeStamp: 1_700_000_000, duration: 60)
        let stamped = try await session.manager.getAllReceiveMessageOpt()
        XCTAssertEqual([stamped.startHour, stamped.startTimeStamp, stamped.duration], [0, 1_700_000_000, 60])

        // Quiet hours silence offline pushes only: messages arrive and count as before.
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1)

        for bad in [(V2TIMReceiveMessageOpt.NOT_RECEIVE_MESSAGE, Int32(0)), (.RECEIVE_MESSAGE, 24), (.RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT, 0)] {
            let failure = await code {
                try await self.session.manager.setAllReceiveMessageOpt(opt: bad.0, startHour: bad.1, startMinute: 0, startSecond: 0, duration: 1)
            }
            XCTAssertEqual(failure, 6017, "\(bad)")
        }
        let badMinute = await code {
            try await self.session.manager.setAllReceiveMessageOpt(opt: .RECEIVE_MESSAGE, startHour: 1, startMinute: 60, startSecond: 0, duration: 1)
        }
        XCTAssertEqual(badMinute, 6017)
        let after = try await session.manager.getAllReceiveMessageOpt()
        XCTAssertEqual(after.startTimeStamp, 1_700_000_000, "a rejected option changes nothing")
    }

    func test_globalOption_survivesARestartOfThePersistedServer() async throws {
        let directory = try TemporaryDirectory(prefix: "global-option")
        defer { directory.remove() }
        let path = directory.file("server.sqlite")
        do {
            let server = try IMReferenceServer(persistingAt: path)
            try server.registerUser("me")
            session = try await V2TestSession(server: server)
            try await session.manager.setAllReceiveMessageOpt(opt: .RECEIVE_NOT_NOTIFY_MESSAGE, startTimeStamp: 5, duration: 7)
            session.tearDown()
            session = nil
        }
        // The first instance goes when the last of the old session's queued work lets go of it
        // (late under ThreadSanitizer); until then the file is still in use (6022).
        var reopened: IMReferenceServer?
        for _ in 0..<500 {
            reopened = try? IMReferenceServer(persistingAt: path)
            if reopened != nil { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        session = try await V2TestSession(server: XCTUnwrap(reopened, "the first instance never let go of the file"))
        let kept = try await session.manager.getAllReceiveMessageOpt()
        XCTAssertEqual([kept.receiveOpt.rawValue, kept.startTimeStamp, kept.duration], [2, 5, 7])
    }

    func test_whenLoggedOut_theReadsFail_6014() async throws {
        session = try await V2TestSession(peers: ["a"])
        try await session.manager.logout()
        let global = await code { _ = try await self.session.manager.getAllReceiveMessageOpt() }
        XCTAssertEqual(global, 6014)
        let c2c = await code { _ = try await self.session.manager.getC2CReceiveMessageOpt(userIDList: ["a"]) }
        XCTAssertEqual(c2c, 6014)
    }

    func test_theLegacyGroupOption_mutesTheGroupForBothAPIs() async throws {
        let legacy = try await LegacyTestSession(peers: ["a"])
        defer { legacy.tearDown() }
        try legacy.server.createGroup("g", members: ["me", "a"])
        try legacy.server.sendText("g0", from: "a", toGroup: "g")
        await legacy.settle()
        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let totalBefore = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(totalBefore, 1)

        let returned: Int32 = try await withCheckedThrowingContinuation { continuation in
            let code = TIMGroupManager.sharedInstance().modifyReceiveMessageOpt("g", opt: .GROUP_RECEIVE_NOT_NOTIFY_MESSAGE, succ: {
                continuation.resume(returning: 0)
            }, fail: { code, desc in
                continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? ""))
            })
            XCTAssertEqual(code, 0)
        }
        XCTAssertEqual(returned, 0)
        let muted = try await manager.getConversation(conversationID: "group_g")
        XCTAssertEqual(muted.recvOpt, .RECEIVE_NOT_NOTIFY_MESSAGE)
        let totalAfter = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(totalAfter, 0, "a muted group leaves the V2 total")
        XCTAssertEqual(legacy.manager.getConversation(.GROUP, receiver: "g").getUnReadMessageNum(), 1, "its own count stays")

        _ = TIMGroupManager.sharedInstance().modifyReceiveMessageOpt("g", opt: .GROUP_NOT_RECEIVE_MESSAGE, succ: nil, fail: nil)
        await legacy.settle()
        try legacy.server.sendText("g1", from: "a", toGroup: "g")
        await legacy.settle()
        XCTAssertEqual((legacy.manager.getConversation(.GROUP, receiver: "g").getLastMsg()?.getElem(0) as? TIMTextElem)?.text, "g0",
                       "a group that receives nothing gets nothing")

        XCTAssertEqual(TIMGroupManager.sharedInstance().modifyReceiveMessageOpt(nil, opt: .GROUP_RECEIVE_MESSAGE, succ: nil, fail: nil), 6017)
        XCTAssertEqual(TIMGroupManager.sharedInstance().modifyReceiveMessageOpt("", opt: .GROUP_RECEIVE_MESSAGE, succ: nil, fail: nil), 6017)
        let unknown: Int32 = await withCheckedContinuation { continuation in
            TIMGroupManager.sharedInstance().modifyReceiveMessageOpt("nope", opt: .GROUP_RECEIVE_MESSAGE, succ: {
                continuation.resume(returning: 0)
            }, fail: { code, _ in
                continuation.resume(returning: code)
            })
        }
        XCTAssertEqual(unknown, 10010)
        try await legacy.logout()
        XCTAssertEqual(TIMGroupManager.sharedInstance().modifyReceiveMessageOpt("g", opt: .GROUP_RECEIVE_MESSAGE, succ: nil, fail: nil), 6014)
    }
}

/// What `onAllReceiveMessageOptChanged` heard, in each spelling: option, start hour, duration.
private final class GlobalOptionLog: V2TIMSDKListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    private func add(_ spelling: String, _ info: V2TIMReceiveMessageOptInfo?) {
        log.withLock { $0.append("\(spelling) \(info?.receiveOpt.rawValue ?? -1) \(info?.startHour ?? -1) \(info?.duration ?? -1)") }
    }
    func onAllReceiveMessageOptChanged(receiveMessageOptInfo: V2TIMReceiveMessageOptInfo) { add("labelled", receiveMessageOptInfo) }
    func onAllReceiveMessageOptChanged(_ receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!) { add("unlabelled", receiveMessageOptInfo) }
    /// As Swift imports the 8.7 headers.
    func onAllReceiveMessageOptChanged(receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!) { add("labelled!", receiveMessageOptInfo) }
}
