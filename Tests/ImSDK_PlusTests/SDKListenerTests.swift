import Foundation
import XCTest
import IMTestSupport
import IMTransportKit
import IMReferenceServer
import ImSDK
import ImSDK_Plus

/// The SDK and connection listeners of both generations hear what happens on the transport:
/// connecting, connected, a lost connection, a kick, an expired signature; each spelling once.
final class SDKListenerTests: XCTestCase {
    private var session: LegacyTestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_loginKickAndExpiry_reachV2AndLegacyListeners_andEndTheLogin() async throws {
        let server = IMReferenceServer()
        let faulty = FaultInjectingTransport(wrapping: server, faults: .none)
        let log = Locked<[String]>([])
        let v2 = SDKSpellings(log), v2Optional = SDKSpellingOptional(log), v2Swift = SDKSpellingSwiftSDK(log)
        let v2TUIKit = SDKSpellingTUIKit(log), v2Demo = SDKSpellingTUIKitDemo(log)
        let connection = ConnSpellings(log), status = StatusSpellings(log)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: v2)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: v2Optional)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: v2Swift)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: v2TUIKit)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: v2Demo)
        defer {
            V2TIMManager.sharedInstance().removeIMSDKListener(listener: v2Demo)
            V2TIMManager.sharedInstance().removeIMSDKListener(listener: v2TUIKit)
            V2TIMManager.sharedInstance().removeIMSDKListener(listener: v2)
            V2TIMManager.sharedInstance().removeIMSDKListener(listener: v2Optional)
            V2TIMManager.sharedInstance().removeIMSDKListener(listener: v2Swift)
        }
        session = try await LegacyTestSession(peers: ["a"], server: server, configure: { $0.userStatusListener = status }) {
            $0.transport = faulty
            $0.connListener = connection
        }
        await session.settle()
        XCTAssertEqual(Set(log.withLock { $0 }), ["v2 connecting", "legacy connecting", "v2 connected", "legacy connected"])

        log.withLock { $0.removeAll() }
        faulty.disconnectAll()
        try await waitFor(log, "v2 connected")
        let lost = log.withLock { $0 }
        XCTAssertEqual(lost.filter { $0.hasPrefix("v2 failed") }.count, 5,
                       "onConnectFailed, String!, String?, the Swift SDK's, TUIKit's and TUIKit demo's once each: \(lost)")
        XCTAssertEqual(lost.filter { $0.hasPrefix("legacy disconnect") }.count, 1, "onDisconnect once: \(lost)")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGINED, "reconnected")

        log.withLock { $0.removeAll() }
        XCTAssertEqual(try server.kickOffline(userID: "me"), 1)
        try await waitFor(log, "legacy forceOffline")
        try await waitFor(log, "v2 kicked")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertEqual(session.manager.getLoginStatus(), .STATUS_LOGOUT)
        let afterKick = await failureCode { succ, fail in V2TIMManager.sharedInstance().pinConversation(conversationID: "c2c_a", isPinned: true, succ: succ, fail: fail) }
        XCTAssertEqual(afterKick, ERR_SDK_NOT_LOGGED_IN.rawValue)

        try await session.login()
        log.withLock { $0.removeAll() }
        try server.expireUserSig(userID: "me")
        try await waitFor(log, "legacy userSigExpired")
        try await waitFor(log, "v2 userSigExpired")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertEqual(log.withLock { $0 }.filter { $0.contains("userSigExpired") }.count, 2, "once per API")
        withExtendedLifetime((v2, v2Optional, connection, status)) {}
    }

    private func waitFor(_ log: Locked<[String]>, _ entry: String) async throws {
        for _ in 0..<400 {
            await session.settle()
            if log.withLock({ $0.contains(entry) }) { return }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTFail("never heard \(entry): \(log.withLock { $0 })")
    }
}

private class Recording {
    let log: Locked<[String]>
    init(_ log: Locked<[String]>) { self.log = log }
    func add(_ entry: String) { log.withLock { $0.append(entry) } }
}

private final class SDKSpellings: Recording, V2TIMSDKListener {
    func onConnecting() { add("v2 connecting") }
    func onConnectSuccess() { add("v2 connected") }
    func onConnectFailed(_ code: Int32, err: String!) { add("v2 failed! \(code)") }
    func onKickedOffline() { add("v2 kicked") }
    func onUserSigExpired() { add("v2 userSigExpired") }
}

private final class SDKSpellingOptional: Recording, V2TIMSDKListener {
    func onConnectFailed(_ code: Int32, err: String?) { add("v2 failed? \(code)") }
}

/// The vendor's Swift SDK's spelling.
private final class SDKSpellingSwiftSDK: Recording, V2TIMSDKListener {
    func onConnectFailed(code: Int32, err: String) { add("v2 failed swift \(code)") }
}

/// The vendor's first Swift TUIKit's spelling (unlabelled, the message plain).
private final class SDKSpellingTUIKit: Recording, V2TIMSDKListener {
    func onConnectFailed(_ code: Int32, err: String) { add("v2 failed tuikit \(code)") }
}

/// The current Swift TUIKit demo's spelling (`code: Int`).
private final class SDKSpellingTUIKitDemo: Recording, V2TIMSDKListener {
    func onConnectFailed(code: Int, err: String) { add("v2 failed demo \(code)") }
}

private final class ConnSpellings: Recording, TIMConnListener {
    func onConnecting() { add("legacy connecting") }
    func onConnSucc() { add("legacy connected") }
    func onDisconnect(_ code: Int32, err: String!) { add("legacy disconnect! \(code)") }
}

private final class StatusSpellings: Recording, TIMUserStatusListener {
    func onForceOffline() { add("legacy forceOffline") }
    func onUserSigExpired() { add("legacy userSigExpired") }
}
