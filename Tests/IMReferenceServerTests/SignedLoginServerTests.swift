import IMCore
import IMTestSupport
import IMTransportKit
import XCTest
@testable import IMReferenceServer

/// A server with a UserSig key: which logins it accepts, with which code it refuses the others, and
/// how a signed login ends when its UserSig expires (by the server's injectable clock, no waiting).
final class SignedLoginServerTests: ServerTestCase {
    private let key = UserSigKey(sdkAppID: 1_400_000_001, secretKey: "test-secret")
    private let time = Locked<UInt64>(ServerTestCase.now)

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = IMReferenceServer(clock: { [time] in time.withLock { $0 } }, loginPolicy: .unlimited)
        for user in ["alice", "bob", "carol"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        server.userSigKey = key
    }

    private func sig(_ userID: String, expire: Int64 = 3_600, at issued: UInt64 = ServerTestCase.now) -> String {
        key.generate(userID: userID, expire: expire, now: issued)
    }

    private func refusal(_ userID: String, _ userSig: String) -> Int32? {
        guard case .failure(let error)? = connectResult(userID, userSig: userSig) else { return nil }
        return error.code.rawValue
    }

    func test_aLoginSignedWithTheKey_connects_andOthersGetTheVendorsCodes() throws {
        XCTAssertNil(error(of: .profiles([]), on: try connect("alice", userSig: sig("alice"))))
        let otherApp = UserSigKey(sdkAppID: 1_400_000_002, secretKey: key.secretKey).generate(userID: "alice", now: ServerTestCase.now)
        let otherKey = UserSigKey(sdkAppID: key.sdkAppID, secretKey: "guessed").generate(userID: "alice", now: ServerTestCase.now)
        let cases: [(String, String, String, Int32)] = [
            ("expired", "alice", sig("alice", expire: 10, at: ServerTestCase.now - 11), 70001),
            ("forged", "alice", otherKey, 70009),
            ("another user's", "alice", sig("bob"), 70013),
            ("another app's", "alice", otherApp, 70014),
            ("empty", "alice", "", 70002),
            ("not a token", "alice", "sig", 70003),
            ("cut short", "alice", String(sig("alice").dropLast(20)), 70003),
            ("huge", "alice", String(repeating: "eJ", count: 100_000), 70003),
        ]
        for (name, user, userSig, code) in cases {
            XCTAssertEqual(refusal(user, userSig), code, name)
        }
        XCTAssertEqual(refusal("nobody", sig("nobody")), IMError.Code.unknownUser.rawValue, "verified, then looked up")
        XCTAssertEqual(refusal("nobody", "sig"), 70003, "an unverified login learns nothing about who exists")
    }

    func test_aSignedLogin_endsWithUserSigExpired_atItsFirstRequestAfterExpiry() throws {
        let sink = RecordingSink(), other = RecordingSink()
        let alice = try connect("alice", userSig: sig("alice", expire: 60), sink: sink)
        let bob = try connect("bob", userSig: sig("bob", expire: 3_600), sink: other)
        time.withLock { $0 = ServerTestCase.now + 60 }
        XCTAssertNil(error(of: .profiles([]), on: alice), "valid through its last second")
        time.withLock { $0 = ServerTestCase.now + 61 }
        XCTAssertEqual(error(of: .profiles([]), on: alice), .userSigExpired, "the request fails with 6206")
        wait(for: [sink.expectLoss()], timeout: 5)
        XCTAssertEqual(sink.losses, [6206])
        XCTAssertEqual(error(of: .profiles([]), on: alice), .networkFailure, "the connection is gone")
        XCTAssertNil(error(of: .profiles([]), on: bob), "bob's UserSig is still valid")
        XCTAssertTrue(other.losses.isEmpty)
        XCTAssertNil(error(of: .profiles([]), on: try connect("alice", userSig: sig("alice", at: ServerTestCase.now + 61))),
                     "a new UserSig logs in again")
    }

    func test_endExpiredLogins_endsOnlyExpiredSignedLogins() throws {
        server.userSigKey = nil
        let unsigned = RecordingSink()
        let carol = try connect("carol", userSig: "anything", sink: unsigned)
        server.userSigKey = key
        let short = RecordingSink(), long = RecordingSink()
        _ = try connect("alice", userSig: sig("alice", expire: 10), sink: short)
        let bob = try connect("bob", userSig: sig("bob", expire: 1_000), sink: long)
        XCTAssertEqual(server.endExpiredLogins(), 0)
        time.withLock { $0 = ServerTestCase.now + 500 }
        XCTAssertEqual(server.endExpiredLogins(), 1)
        wait(for: [short.expectLoss()], timeout: 5)
        drain(bob)
        drain(carol)
        XCTAssertEqual([short, long, unsigned].map(\.losses), [[6206], [], []], "logins from before the key never expire")
        XCTAssertEqual(server.endExpiredLogins(), 0, "ended once")
    }

    func test_withoutAKey_anyNonEmptyUserSigLogsIn_asBefore_andResetKeepsTheKey() throws {
        server.reset()
        XCTAssertEqual(server.userSigKey, key, "configuration survives a reset")
        for user in ["alice", "bob"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        XCTAssertEqual(refusal("alice", "sig"), 70003)
        server.userSigKey = nil
        XCTAssertNil(error(of: .profiles([]), on: try connect("alice", userSig: "sig")))
        XCTAssertEqual(refusal("alice", ""), IMError.Code.userSigExpired.rawValue, "empty, as before: 6206")
        time.withLock { $0 = .max }
        XCTAssertEqual(server.endExpiredLogins(), 0)
    }

    func test_aPersistedServer_neverJournalsTheKey() async throws {
        let directory = try TemporaryDirectory(prefix: "signed-server")
        defer { directory.remove() }
        let path = directory.file("server.sqlite")
        do {
            let persisted = try IMReferenceServer(persistingAt: path, clock: { ServerTestCase.now })
            try persisted.registerUser("alice", nickname: nil, faceURL: nil)
            persisted.userSigKey = key
            let device = try await RawDevice(userID: "alice", transport: persisted)
            device.close()
            XCTFail("a login with \"sig\" must be refused")
        } catch let error as IMError {
            XCTAssertEqual(error.code, .userSigMalformed)
        }
        let reopened = try IMReferenceServer(persistingAt: path, clock: { ServerTestCase.now })
        XCTAssertNil(reopened.userSigKey, "configuration, set again at each start")
        let device = try await RawDevice(userID: "alice", transport: reopened)
        device.close()
    }
}
