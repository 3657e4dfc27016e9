import Foundation
import IMCore
import IMReferenceServer
import IMTransportKit
import XCTest

/// The connection events a session reports, from what happens on the transport, and the logins that
/// end: kicked by another login or an administrator, or with an expired signature.
final class ConnectionEventTests: XCTestCase {
    private var server = IMReferenceServer()

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = IMReferenceServer()
        for user in ["me", "a"] { try server.registerUser(user) }
    }

    private let loginEvents = ["connecting", "connected", "syncStarted", "syncFinished", "login ok"]

    // MARK: Login, loss, reconnect

    func test_login_reportsConnectingAndConnected_beforeTheSyncAndTheLoginsSuccess() async throws {
        let device = SessionDevice(transport: server, platform: .iOS)
        try await device.login().get()
        XCTAssertEqual(device.events, loginEvents)
        XCTAssertEqual(device.session.status, .loggedIn)
    }

    func test_failedFirstConnect_reportsConnectFailed_andFailsTheLogin_thenALoginWorks() async throws {
        let transport = FaultInjectingTransport(wrapping: server, faults: .none)
        let device = SessionDevice(transport: transport, platform: .iOS)
        transport.failNextConnects(1)
        let failed = await device.login()
        XCTAssertEqual(failed.failureCode, .networkFailure)
        XCTAssertEqual(device.events, ["connecting", "connectFailed 9520", "login failed 9520"])
        XCTAssertEqual(device.session.status, .loggedOut)
        XCTAssertEqual(device.gateError, .notLoggedIn)

        try await device.login().get()
        XCTAssertEqual(device.events, ["connecting", "connectFailed 9520", "login failed 9520"] + loginEvents)
    }

    func test_firstConnectRefusedByTheServer_reportsItsCode_andNeverEndsALogin() async throws {
        for (userID, userSig, code) in [("nobody", "sig", 20003), ("me", "", 6206)] as [(String, String, Int32)] {
            let device = SessionDevice(transport: server, platform: .iOS)
            let result = await device.login(userID, userSig: userSig)
            XCTAssertEqual(result.failureCode?.rawValue, code)
            XCTAssertEqual(device.events, ["connecting", "connectFailed \(code)", "login failed \(code)"],
                           "a refused login is a failed connect, not a kick or an expiry")
        }
    }

    func test_droppedConnection_reportsDisconnected_thenReconnectsAndSyncs() async throws {
        let transport = FaultInjectingTransport(wrapping: server, faults: .none)
        let device = SessionDevice(transport: transport, platform: .iOS)
        try await device.login().get()
        transport.disconnectAll()
        await fulfillment(of: [device.expect("syncFinished", count: 2)], timeout: 5)
        XCTAssertEqual(device.eventsSinceLogin,
                       ["disconnected 9520", "syncFailed", "reconnecting", "connected", "syncStarted", "syncFinished"])
        XCTAssertEqual(device.status(at: "disconnected 9520"), .loggedIn, "a loss is not a logout")
        XCTAssertEqual(device.session.status, .loggedIn)

        try server.sendText("after", from: "a", toUser: "me")
        await fulfillment(of: [device.expect("changes")], timeout: 5)
    }

    func test_failedReconnects_reportConnectFailed_andRetryUntilOneConnects() async throws {
        let transport = FaultInjectingTransport(wrapping: server, faults: .none)
        let device = SessionDevice(transport: transport, platform: .iOS)
        try await device.login().get()
        transport.failNextConnects(2)
        transport.disconnectAll()
        await fulfillment(of: [device.expect("syncFinished", count: 2)], timeout: 5)
        let failedAttempt = ["reconnecting", "reconnectFailed 9520", "syncFailed"]
        XCTAssertEqual(device.eventsSinceLogin,
                       ["disconnected 9520", "syncFailed"] + failedAttempt + failedAttempt
                       + ["reconnecting", "connected", "syncStarted", "syncFinished"])
        XCTAssertEqual(device.session.status, .loggedIn)
        XCTAssertEqual(transport.injected.connectsFailed, 2)
    }

    // MARK: Login policy

    func test_secondLoginOnTheSamePlatform_kicksTheFirst_whichIsLoggedOut_andCanLogInAgain() async throws {
        let phone = SessionDevice(transport: server, platform: .iOS)
        try await phone.login().get()
        let client = try XCTUnwrap(phone.lastClient)
        let otherPhone = SessionDevice(transport: server, platform: .iOS)
        try await otherPhone.login().get()
        await fulfillment(of: [phone.expect("kickedOffline")], timeout: 5)

        XCTAssertEqual(phone.eventsSinceLogin, ["kickedOffline"])
        XCTAssertEqual(phone.status(at: "kickedOffline"), .loggedOut, "logged out when the observers hear of it")
        XCTAssertEqual(phone.session.status, .loggedOut)
        XCTAssertNil(phone.session.loginUser)
        XCTAssertEqual(phone.gateError, .notLoggedIn, "later calls fail with 6014")
        await assertStopped(client)
        XCTAssertEqual(otherPhone.session.status, .loggedIn)

        try await phone.login().get()
        XCTAssertEqual(phone.session.status, .loggedIn, "a new login works")
        await fulfillment(of: [otherPhone.expect("kickedOffline")], timeout: 5)
        XCTAssertEqual(otherPhone.session.status, .loggedOut, "and takes the platform back")
    }

    func test_aLoginFromInsideTheKickEvent_startsANewLogin() async throws {
        let phone = SessionDevice(transport: server, platform: .android)
        try await phone.login().get()
        phone.onEvent = { [phone] event in
            if case .connection(.kickedOffline) = event { phone.startLogin() }
        }
        try server.kickOffline(userID: "me")
        await fulfillment(of: [phone.expect("login ok", count: 2)], timeout: 5)
        XCTAssertEqual(phone.session.status, .loggedIn)
        XCTAssertEqual(Array(phone.events.suffix(6)), ["kickedOffline"] + loginEvents,
                       "the session was logged out, so the login is a new one, not the one already done")
    }

    func test_loginsOnTwoPlatforms_coexist() async throws {
        let phone = SessionDevice(transport: server, platform: .iOS)
        let desktop = SessionDevice(transport: server, platform: .mac)
        try await phone.login().get()
        try await desktop.login().get()
        try server.sendText("hi", from: "a", toUser: "me")
        await fulfillment(of: [phone.expect("changes"), desktop.expect("changes")], timeout: 5)
        XCTAssertEqual(phone.eventsSinceLogin, ["changes"])
        XCTAssertEqual(desktop.eventsSinceLogin, ["changes"])
        XCTAssertEqual([phone.session.status, desktop.session.status], [.loggedIn, .loggedIn])
    }

    func test_unlimitedPolicy_letsTwoLoginsOnOnePlatformCoexist() async throws {
        server.loginPolicy = .unlimited
        let phone = SessionDevice(transport: server, platform: .iOS)
        let otherPhone = SessionDevice(transport: server, platform: .iOS)
        try await phone.login().get()
        try await otherPhone.login().get()
        try server.sendText("hi", from: "a", toUser: "me")
        await fulfillment(of: [phone.expect("changes"), otherPhone.expect("changes")], timeout: 5)
        XCTAssertEqual(phone.eventsSinceLogin, ["changes"])
        XCTAssertEqual([phone.session.status, otherPhone.session.status], [.loggedIn, .loggedIn])
    }

    // MARK: Administrative ends

    func test_adminKick_reportsKickedOffline_logsOut_andThroughTheFaultyTransportToo() async throws {
        let transport = FaultInjectingTransport(wrapping: server, faults: .none)
        for connection in [server, transport] as [any IMTransport] {
            let device = SessionDevice(transport: connection, platform: .windows)
            try await device.login().get()
            let client = try XCTUnwrap(device.lastClient)
            XCTAssertEqual(try server.kickOffline(userID: "me"), 1)
            await fulfillment(of: [device.expect("kickedOffline")], timeout: 5)
            XCTAssertEqual(device.eventsSinceLogin, ["kickedOffline"], "no reconnect follows")
            XCTAssertEqual(device.status(at: "kickedOffline"), .loggedOut)
            XCTAssertEqual(device.gateError, .notLoggedIn)
            await assertStopped(client)
            try await device.login().get()
            XCTAssertEqual(device.session.status, .loggedIn)
            device.session.unInitialize()
        }
    }

    func test_signatureExpiredOnline_reportsUserSigExpired_andTheSameSignatureNoLongerLogsIn() async throws {
        let device = SessionDevice(transport: server, platform: .iOS)
        try await device.login(userSig: "first").get()
        let client = try XCTUnwrap(device.lastClient)
        try server.expireUserSig(userID: "me")
        await fulfillment(of: [device.expect("userSigExpired")], timeout: 5)
        XCTAssertEqual(device.eventsSinceLogin, ["userSigExpired"])
        XCTAssertEqual(device.status(at: "userSigExpired"), .loggedOut)
        XCTAssertEqual(device.gateError, .notLoggedIn)
        await assertStopped(client)

        let refused = await device.login(userSig: "first")
        XCTAssertEqual(refused.failureCode, .userSigExpired)
        XCTAssertEqual(device.eventsSinceLogin, ["userSigExpired", "connecting", "connectFailed 6206", "login failed 6206"])
        try await device.login(userSig: "second").get()
        XCTAssertEqual(device.session.status, .loggedIn, "a new signature logs in")
    }

    func test_reconnectRefusedForAnExpiredSignature_reportsUserSigExpired_andLogsOut() async throws {
        let transport = FaultInjectingTransport(wrapping: server, faults: .none)
        let device = SessionDevice(transport: transport, platform: .iOS)
        try await device.login().get()
        let client = try XCTUnwrap(device.lastClient)
        transport.failNextConnects(1, with: IMError(.userSigExpired, "expired while offline"))
        transport.disconnectAll()
        await fulfillment(of: [device.expect("userSigExpired")], timeout: 5)
        XCTAssertEqual(device.eventsSinceLogin,
                       ["disconnected 9520", "syncFailed", "reconnecting", "reconnectFailed 6206", "userSigExpired"])
        XCTAssertEqual(device.status(at: "userSigExpired"), .loggedOut)
        XCTAssertEqual(device.gateError, .notLoggedIn)
        await assertStopped(client)
    }

    // MARK: Helpers

    /// Asserts that `client` stopped: it has no connection and applies no push.
    private func assertStopped(_ client: IMClient, file: StaticString = #filePath, line: UInt = #line) async {
        let version = client.read { $0.syncVersion }
        client.receive(.pinned(.c2c("a"), true), version: version + 1)
        XCTAssertEqual(client.read { $0.syncVersion }, version, "a stopped client applies no push", file: file, line: line)
        let answer = expectation(description: "request on a stopped client")
        let code = Locked<IMError.Code?>(nil)
        client.perform(.profiles([])) { result in
            if case .failure(let error) = result { code.withLock { $0 = error.code } }
            answer.fulfill()
        }
        await fulfillment(of: [answer], timeout: 5)
        XCTAssertEqual(code.withLock { $0 }, .networkFailure, "it has no connection", file: file, line: line)
    }
}

extension Result where Failure == IMError {
    /// The error's code, or nil on success.
    fileprivate var failureCode: IMError.Code? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
