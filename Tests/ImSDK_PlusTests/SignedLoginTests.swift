import Foundation
import XCTest
import IMTestSupport
import IMTransportKit
import IMReferenceServer
import ImSDK
import ImSDK_Plus

/// Logins against a server that verifies UserSigs, through both public APIs: a good UserSig logs in,
/// a bad one fails with the vendor's code (no event, as the vendor documents for login), and a
/// UserSig that expires while online (or is refused at a reconnect) fires `onUserSigExpired` in
/// `V2TIMSDKListener` and `TIMUserStatusListener` and logs the SDK out. Time is the server's
/// injectable clock: nothing waits for a real expiry.
final class SignedLoginTests: XCTestCase {
    private static let appID: UInt64 = 1_400_000_001
    private static let start: UInt64 = 1_700_000_000
    private let key = UserSigKey(sdkAppID: SignedLoginTests.appID, secretKey: "signed-login-test-key")
    private let time = Locked<UInt64>(SignedLoginTests.start)
    private let callbackQueue = DispatchQueue(label: "SignedLoginTests.callbacks")
    private let log = Locked<[String]>([])
    private var server: IMReferenceServer!
    private var v2: SDKEvents!
    private var status: StatusEvents!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = IMReferenceServer(clock: { [time] in time.withLock { $0 } }, loginPolicy: .unlimited)
        try server.registerUser("me", nickname: nil, faceURL: nil)
        try server.registerUser("peer", nickname: nil, faceURL: nil)
        server.userSigKey = key
        v2 = SDKEvents(log)
        status = StatusEvents(log)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: v2)
    }

    override func tearDown() {
        V2TIMManager.sharedInstance().removeIMSDKListener(listener: v2)
        V2TIMManager.sharedInstance().unInitSDK()
        TIMManager.sharedInstance().unInit()
        super.tearDown()
    }

    private func sig(expire: Int64 = 3_600, issued: UInt64 = SignedLoginTests.start, user: String = "me") -> String {
        key.generate(userID: user, expire: expire, now: issued)
    }

    // MARK: - The two APIs

    private func initV2(transport: (any IMTransport)? = nil) {
        let config = V2TIMSDKConfig()
        config.transport = transport ?? server
        config.callbackQueue = callbackQueue
        config.storage = .memory
        V2TIMManager.sharedInstance().unInitSDK()
        XCTAssertTrue(V2TIMManager.sharedInstance().initSDK(Int32(Self.appID), config: config))
    }

    private func loginV2(_ userSig: String) async -> Int32 {
        await failureCode { succ, fail in V2TIMManager.sharedInstance().login(userID: "me", userSig: userSig, succ: succ, fail: fail) }
    }

    private func initLegacy(transport: (any IMTransport)? = nil) {
        let manager = TIMManager.sharedInstance()!
        manager.unInit()
        let config = TIMSdkConfig()
        config.sdkAppId = Int32(Self.appID)
        config.transport = transport ?? server
        config.callbackQueue = callbackQueue
        config.disableLogPrint = true
        XCTAssertEqual(manager.initSdk(config), 0)
        let userConfig = TIMUserConfig()
        userConfig.disableStorage = true
        userConfig.userStatusListener = status
        XCTAssertEqual(manager.setUserConfig(userConfig), 0)
    }

    private func loginLegacy(_ userSig: String?) async -> Int32 {
        let param = TIMLoginParam()
        param.identifier = "me"
        param.userSig = userSig
        return await failureCode { succ, fail in TIMManager.sharedInstance().login(param, succ: succ, fail: fail) }
    }

    // MARK: - Tests

    func test_goodUserSig_logsIn_throughBothAPIs() async {
        initV2()
        let v2Login = await loginV2(sig())
        XCTAssertEqual(v2Login, -1, "succeeded")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGINED)
        initLegacy()
        let legacyLogin = await loginLegacy(sig())
        XCTAssertEqual(legacyLogin, -1, "succeeded")
        XCTAssertEqual(TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGINED)
        XCTAssertTrue(log.withLock { $0 }.isEmpty, "\(log.withLock { $0 })")
    }

    func test_expiredForgedAndBadUserSigs_failTheLoginWithTheVendorsCodes_inBothAPIs_withoutTheEvent() async {
        let forged = UserSigKey(sdkAppID: Self.appID, secretKey: "not the key").generate(userID: "me", now: Self.start)
        let cases: [(String, String, Int32)] = [
            ("expired", sig(expire: 60, issued: Self.start - 61), ERR_SVR_ACCOUNT_USERSIG_EXPIRED.rawValue),
            ("forged", forged, ERR_SVR_ACCOUNT_USERSIG_MISMATCH_PUBLICKEY.rawValue),
            ("another user's", sig(user: "peer"), ERR_SVR_ACCOUNT_USERSIG_MISMATCH_ID.rawValue),
            ("empty", "", ERR_SVR_ACCOUNT_USERSIG_EMPTY.rawValue),
            ("garbage base64", "%%%% not base64 %%%%", ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED.rawValue),
            ("base64 of garbage", "aGVsbG8gd29ybGQ_", ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED.rawValue),
            ("huge", String(repeating: "eJyr", count: 250_000), ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED.rawValue),
        ]
        for (name, userSig, code) in cases {
            initV2()
            let v2Code = await loginV2(userSig)
            XCTAssertEqual(v2Code, code, "V2: \(name)")
            XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT, "V2: \(name)")
            initLegacy()
            let legacyCode = await loginLegacy(userSig)
            XCTAssertEqual(legacyCode, code, "legacy: \(name)")
            XCTAssertEqual(TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT, "legacy: \(name)")
        }
        XCTAssertEqual(V2TIMErrorCode.ERR_SVR_ACCOUNT_USERSIG_EXPIRED, 70001)
        await settle()
        let events = log.withLock { $0 }
        XCTAssertFalse(events.contains { $0.contains("userSigExpired") }, "a refused login fires no event: \(events)")
    }

    func test_userSigExpiringWhileOnline_firesOnUserSigExpired_inBothAPIs_andLogsOut() async throws {
        initLegacy()
        let login = await loginLegacy(sig(expire: 600))
        XCTAssertEqual(login, -1)
        time.withLock { $0 = Self.start + 600 }
        XCTAssertEqual(server.endExpiredLogins(), 0, "valid through its last second")
        time.withLock { $0 = Self.start + 601 }
        XCTAssertEqual(server.endExpiredLogins(), 1)
        try await waitFor("legacy userSigExpired")
        try await waitFor("v2 userSigExpired")
        XCTAssertEqual(TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertEqual(log.withLock { $0 }.filter { $0.contains("userSigExpired") }.count, 2, "once per API")

        let withTheOldSig = await loginLegacy(sig(expire: 600))
        XCTAssertEqual(withTheOldSig, ERR_SVR_ACCOUNT_USERSIG_EXPIRED.rawValue, "the old UserSig is refused")
        let withANewSig = await loginLegacy(sig(expire: 600, issued: Self.start + 601))
        XCTAssertEqual(withANewSig, -1, "a new one logs in again")
    }

    func test_aRequestAfterTheUserSigExpired_failsWith6206_andFiresTheEvent() async throws {
        initV2()
        let login = await loginV2(sig(expire: 60))
        XCTAssertEqual(login, -1)
        time.withLock { $0 = Self.start + 61 }
        let send = await failureCode { succ, fail in
            _ = V2TIMManager.sharedInstance().sendC2CTextMessage(text: "hello", to: "peer", succ: succ, fail: fail)
        }
        XCTAssertEqual(send, ERR_USER_SIG_EXPIRED.rawValue)
        try await waitFor("v2 userSigExpired")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
    }

    func test_aReconnectRefusedForAnExpiredUserSig_firesOnUserSigExpired_inBothAPIs() async throws {
        let faulty = FaultInjectingTransport(wrapping: server, faults: .none)
        initLegacy(transport: faulty)
        let login = await loginLegacy(sig(expire: 60))
        XCTAssertEqual(login, -1)
        time.withLock { $0 = Self.start + 61 }
        faulty.disconnectAll()
        try await waitFor("legacy userSigExpired")
        try await waitFor("v2 userSigExpired")
        XCTAssertEqual(TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
        let failed = log.withLock { $0 }.filter { $0.hasPrefix("v2 failed") }
        XCTAssertTrue(failed.contains("v2 failed 70001"), "the refused reconnect reported its code first: \(failed)")
        XCTAssertEqual(log.withLock { $0 }.filter { $0.contains("userSigExpired") }.count, 2, "once per API, no retries")
    }

    // MARK: - Helpers

    private func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callbackQueue.async { continuation.resume() }
        }
    }

    /// Waits (polling, a bounded number of times) until `entry` is in the log.
    private func waitFor(_ entry: String) async throws {
        for _ in 0..<400 {
            await settle()
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

private final class SDKEvents: Recording, V2TIMSDKListener {
    func onConnectFailed(_ code: Int32, err: String!) { add("v2 failed \(code)") }
    func onKickedOffline() { add("v2 kicked") }
    func onUserSigExpired() { add("v2 userSigExpired") }
}

private final class StatusEvents: Recording, TIMUserStatusListener {
    func onForceOffline() { add("legacy forceOffline") }
    func onUserSigExpired() { add("legacy userSigExpired") }
}
