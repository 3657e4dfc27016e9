import Foundation
import IMReferenceServer
import ImSDK
import ImSDK_Plus
import IMTestSupport
import XCTest

/// Runs the samples of MIGRATION.md against a private server, the way an app runs them: every call
/// into a sample screen happens on the SDK's callback queue, like an app's calls on the main queue.
///
/// The SDK managers are process-wide: each test starts and ends with both uninitialised.
class SnippetTestCase: XCTestCase {
    /// The private server of the test.
    private(set) var server: IMReferenceServer!

    /// The directory the snippets' databases go to (the default directory, moved per test).
    private var dataHome: TemporaryDirectory!
    /// `XDG_DATA_HOME` before the test (the run's sandbox, `IMTestSandbox`), restored after it.
    private var previousDataHome: String?

    override func setUpWithError() throws {
        try super.setUpWithError()
        TIMManager.sharedInstance().unInit()
        V2TIMManager.sharedInstance().unInitSDK()
        server = IMReferenceServer()
        dataHome = try TemporaryDirectory(prefix: "migration")
        previousDataHome = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", dataHome.path, 1)
    }

    override func tearDown() {
        TIMManager.sharedInstance().unInit()
        V2TIMManager.sharedInstance().unInitSDK()
        server = nil
        if let previousDataHome { setenv("XDG_DATA_HOME", previousDataHome, 1) } else { unsetenv("XDG_DATA_HOME") }
        dataHome?.remove()
        super.tearDown()
    }

    /// Replaces the private server (before anyone logs in), for a test that needs its own clock.
    func setServer(_ server: IMReferenceServer) {
        self.server = server
    }

    /// Registers users on the server.
    func register(_ users: [String]) throws {
        for user in users { try server.registerUser(user, nickname: nil, faceURL: nil) }
    }

    /// Runs `body` on the SDK's callback queue and returns its result.
    @discardableResult
    func onCallbackQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            V2TIMManager.sharedInstance().callbackQueue.async { continuation.resume(returning: body()) }
        }
    }

    /// Waits until every push the server produced so far is applied and every callback queued so
    /// far has run.
    func settle() async {
        if let client = V2TIMManager.sharedInstance().currentClient {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                client.perform(.profiles([])) { _ in continuation.resume() }
            }
        }
        await onCallbackQueue {}
    }

    /// Starts the SDK and logs in through the legacy samples (a), forgetting what the screen showed
    /// before; `configure` runs between the two, as app code that changes the user configuration would.
    func legacyLogIn(
        _ screen: LegacyInboxScreen, as userID: String = "me",
        configure: @escaping @Sendable (LegacyInboxScreen) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let server = server!
        screen.log.clear()
        await onCallbackQueue {
            screen.setUpSDK(server: server)
            configure(screen)
            screen.logIn(userID: userID, userSig: "sig")
        }
        await expectLogin(screen.log, file: file, line: line)
    }

    /// Starts the SDK and logs in through the V2 samples (a), forgetting what the screen showed before.
    func v2LogIn(_ screen: InboxScreen, as userID: String = "me", file: StaticString = #filePath, line: UInt = #line) async {
        let server = server!
        screen.log.clear()
        await onCallbackQueue {
            screen.setUpSDK(server: server)
            screen.logIn(userID: userID, userSig: "sig")
        }
        await expectLogin(screen.log, file: file, line: line)
    }

    /// Logs out through either API (one session) and waits for it.
    func logOut() async throws {
        try await V2TIMManager.sharedInstance().logout()
    }

    private func expectLogin(_ log: ScreenLog, file: StaticString, line: UInt) async {
        let done = await log.wait { entries in entries.contains(.loggedIn) || entries.contains { $0.isFailure } }
        XCTAssertTrue(done, "login did not finish", file: file, line: line)
        XCTAssertTrue(log.all.contains(.loggedIn), "login failed: \(log.failures)", file: file, line: line)
        await settle()
    }
}

extension ScreenLog.Entry {
    var isFailure: Bool {
        if case .failed = self { return true } else { return false }
    }
}
