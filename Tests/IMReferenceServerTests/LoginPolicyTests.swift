import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

/// Which logins of one user stay online together, and the administrative ends of a login (kick,
/// expired signature).
final class LoginPolicyTests: ServerTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.loginPolicy = .vendorDefault
    }

    func test_vendorDefault_isOneConnectionPerPlatform() {
        XCTAssertEqual(IMReferenceServer().loginPolicy, .vendorDefault)
        XCTAssertEqual(IMReferenceServer.LoginPolicy.vendorDefault.connectionsPerPlatform, 1)
        XCTAssertEqual(IMReferenceServer.LoginPolicy(connectionsPerPlatform: 0).connectionsPerPlatform, 1)
    }

    func test_secondLoginOnTheSamePlatform_kicksTheFirst_afterWhatWasQueuedForIt() throws {
        let firstSink = RecordingSink(), secondSink = RecordingSink()
        let first = try connect("bob", platform: .iOS, sink: firstSink)
        try server.sendText("before", from: "alice", toUser: "bob")
        let second = try connect("bob", platform: .iOS, sink: secondSink)
        wait(for: [firstSink.expectLoss()], timeout: 5)
        XCTAssertEqual(firstSink.pushes.count, 1, "the push queued before the kick still arrived")
        XCTAssertEqual(firstSink.losses, [IMError.Code.kickedOff.rawValue])
        if case .note(let last)? = firstSink.events.last { XCTAssertEqual(last, "lost 6208") } else { XCTFail("no loss last") }

        try server.sendText("after", from: "alice", toUser: "bob")
        wait(for: [secondSink.expectPushes(1)], timeout: 5)
        drain(second)
        XCTAssertEqual(firstSink.pushes.count, 1, "nothing reaches the kicked connection")
        XCTAssertEqual(error(of: .syncChanges(since: 0), on: first), .networkFailure, "its requests fail")
        XCTAssertEqual(try sync(second).count, 1)
        XCTAssertTrue(secondSink.losses.isEmpty)
    }

    func test_loginsOnDifferentPlatforms_coexist() throws {
        let platforms: [IMPlatform] = [.iOS, .android, .mac, .windows, .web, .iPad, .linux]
        let sinks = platforms.map { _ in RecordingSink() }
        var connections: [any IMConnection] = []
        for (platform, sink) in zip(platforms, sinks) {
            connections.append(try connect("bob", platform: platform, sink: sink))
        }
        try server.sendText("hi", from: "alice", toUser: "bob")
        wait(for: sinks.map { $0.expectPushes(1) }, timeout: 5)
        drain(connections[0])
        XCTAssertTrue(sinks.allSatisfy { $0.losses.isEmpty }, "nobody was kicked")
        XCTAssertTrue(connections.allSatisfy { error(of: .profiles([]), on: $0) == nil })
    }

    func test_otherUsersOnTheSamePlatform_areNotKicked() throws {
        let aliceSink = RecordingSink()
        let alice = try connect("alice", platform: .iOS, sink: aliceSink)
        _ = try connect("bob", platform: .iOS)
        drain(alice)
        XCTAssertTrue(aliceSink.losses.isEmpty)
    }

    func test_unlimited_letsEveryLoginOnOnePlatformStay() throws {
        server.loginPolicy = .unlimited
        let sinks = (0..<5).map { _ in RecordingSink() }
        var connections: [any IMConnection] = []
        for sink in sinks { connections.append(try connect("bob", platform: .android, sink: sink)) }
        try server.sendText("hi", from: "alice", toUser: "bob")
        wait(for: sinks.map { $0.expectPushes(1) }, timeout: 5)
        drain(connections[0])
        XCTAssertTrue(sinks.allSatisfy { $0.losses.isEmpty })
    }

    func test_severalConnectionsPerPlatform_aLoginBeyondTheLimitKicksTheOldest() throws {
        server.loginPolicy = IMReferenceServer.LoginPolicy(connectionsPerPlatform: 2)
        let sinks = (0..<4).map { _ in RecordingSink() }
        var connections: [any IMConnection] = []
        for sink in sinks.prefix(2) { connections.append(try connect("bob", platform: .web, sink: sink)) }
        drain(connections[1])
        XCTAssertTrue(sinks[0].losses.isEmpty, "two on one platform fit")
        connections.append(try connect("bob", platform: .web, sink: sinks[2]))
        wait(for: [sinks[0].expectLoss()], timeout: 5)
        connections.append(try connect("bob", platform: .web, sink: sinks[3]))
        wait(for: [sinks[1].expectLoss()], timeout: 5)
        drain(connections[3])
        XCTAssertEqual(sinks.map(\.losses), [[6208], [6208], [], []], "the oldest go first")
    }

    func test_loginPolicyChange_appliesToLaterLogins() throws {
        server.loginPolicy = .unlimited
        let sinks = (0..<3).map { _ in RecordingSink() }
        for sink in sinks.prefix(2) { _ = try connect("bob", platform: .iOS, sink: sink) }
        server.loginPolicy = .vendorDefault
        let last = try connect("bob", platform: .iOS, sink: sinks[2])
        wait(for: [sinks[0].expectLoss(), sinks[1].expectLoss()], timeout: 5)
        drain(last)
        XCTAssertEqual(sinks.map(\.losses), [[6208], [6208], []], "the new login makes room under the new policy")
    }

    func test_kickOffline_endsTheUsersConnectionsOnOnePlatformOrAll() throws {
        let phone = RecordingSink(), desktop = RecordingSink(), browser = RecordingSink(), other = RecordingSink()
        _ = try connect("bob", platform: .iOS, sink: phone)
        _ = try connect("bob", platform: .windows, sink: desktop)
        _ = try connect("bob", platform: .web, sink: browser)
        let alice = try connect("alice", platform: .iOS, sink: other)

        XCTAssertEqual(try server.kickOffline(userID: "bob", platform: .windows), 1)
        wait(for: [desktop.expectLoss()], timeout: 5)
        XCTAssertEqual(try server.kickOffline(userID: "bob", platform: .windows), 0, "nothing left there")
        XCTAssertEqual(try server.kickOffline(userID: "bob"), 2)
        wait(for: [phone.expectLoss(), browser.expectLoss()], timeout: 5)
        drain(alice)
        XCTAssertEqual([phone, desktop, browser, other].map(\.losses), [[6208], [6208], [6208], []])

        let again = try connect("bob", platform: .windows)
        XCTAssertNil(error(of: .profiles([]), on: again), "a kicked user may log in again")
    }

    func test_kickOffline_badInput_throwsAndChangesNothing() throws {
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        assertThrows(.invalidParameters) { () throws(IMError) in try server.kickOffline(userID: "") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.kickOffline(userID: "nobody") }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.expireUserSig(userID: "") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.expireUserSig(userID: "nobody") }
        drain(bob)
        XCTAssertTrue(sink.losses.isEmpty)
    }

    func test_expireUserSig_endsOpenConnections_andRefusesTheSignatureUntilANewOne() throws {
        let phone = RecordingSink(), browser = RecordingSink(), other = RecordingSink()
        _ = try connect("bob", userSig: "old", platform: .iOS, sink: phone)
        _ = try connect("bob", userSig: "old", platform: .web, sink: browser)
        let alice = try connect("alice", userSig: "old", sink: other)

        try server.expireUserSig(userID: "bob")
        wait(for: [phone.expectLoss(), browser.expectLoss()], timeout: 5)
        drain(alice)
        XCTAssertEqual([phone, browser, other].map(\.losses), [[6206], [6206], []], "only bob's logins end")

        guard case .failure(let refused)? = connectResult("bob", userSig: "old") else { return XCTFail("connected") }
        XCTAssertEqual(refused.code, .userSigExpired)
        let renewed = try connect("bob", userSig: "new")
        XCTAssertNil(error(of: .profiles([]), on: renewed), "a new signature logs in")
        guard case .failure(let stillRefused)? = connectResult("bob", userSig: "old", platform: .android) else {
            return XCTFail("connected")
        }
        XCTAssertEqual(stillRefused.code, .userSigExpired, "an expired signature stays expired")
    }

    func test_expireUserSig_withNoOpenConnection_refusesTheSignaturesUsedBefore() throws {
        let bob = try connect("bob", userSig: "old")
        bob.close()
        try server.expireUserSig(userID: "bob")
        guard case .failure(let refused)? = connectResult("bob", userSig: "old") else { return XCTFail("connected") }
        XCTAssertEqual(refused.code, .userSigExpired)
        XCTAssertNoThrow(try connect("bob", userSig: "new"))
    }
}
