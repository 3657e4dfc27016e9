import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import ImSDK
import ImSDK_Plus

/// A legacy-API session against a private `IMReferenceServer`, for tests: `initSdk`,
/// `setUserConfig` and `login` through `TIMManager`, with a private callback queue.
package final class LegacyTestSession: @unchecked Sendable {
    package let server: IMReferenceServer
    package let manager: TIMManager
    package let userID: String
    package let userConfig = TIMUserConfig()
    package let callbackQueue = DispatchQueue(label: "IMTestSupport.legacy-callbacks")
    /// Log lines the SDK wrote, in order.
    package var logLines: [String] { log.withLock { $0 } }
    private let log = Locked<[String]>([])

    /// Registers `userID` and `peers` on `server` (when nil, a new one that lets any number of devices
    /// of a user stay online), initialises the legacy SDK, sets the user configuration (`configureSDK`
    /// and `configure` may change the two configurations first) and logs in.
    /// - Parameter databaseDirectory: `TIMSdkConfig.dbPath` (used once `configure` turns storage on).
    package init(
        userID: String = "me", peers: [String] = [], server: IMReferenceServer? = nil,
        databaseDirectory: String? = nil, configure: (TIMUserConfig) -> Void = { _ in },
        configureSDK: (TIMSdkConfig) -> Void = { _ in }
    ) async throws {
        self.server = server ?? IMReferenceServer(loginPolicy: .unlimited)
        manager = TIMManager.sharedInstance()
        self.userID = userID
        for user in [userID] + peers { try self.server.registerUser(user, nickname: nil, faceURL: nil) }
        manager.unInit()
        let config = TIMSdkConfig()
        config.sdkAppId = 1_400_000_001
        config.transport = TestNetwork.transport(to: self.server)
        config.callbackQueue = callbackQueue
        config.disableLogPrint = true
        config.dbPath = databaseDirectory
        config.logFuncLevel = .LOG_INFO
        config.logFunc = { [log] _, message in log.withLock { $0.append(message ?? "") } }
        configureSDK(config)
        guard manager.initSdk(config) == 0 else { throw V2TIMError(code: -1, desc: "initSdk failed") }
        userConfig.disableStorage = true
        configure(userConfig)
        guard manager.setUserConfig(userConfig) == 0 else { throw V2TIMError(code: -1, desc: "setUserConfig failed") }
        try await login()
    }

    /// Logs in again as `userID` through the legacy API.
    package func login() async throws {
        let param = TIMLoginParam()
        param.identifier = userID
        param.userSig = "sig"
        try await call { succ, fail in self.manager.login(param, succ: succ, fail: fail) }
    }

    /// Logs out through the legacy API.
    package func logout() async throws {
        try await call { succ, fail in self.manager.logout(succ, fail: fail) }
    }

    /// Waits until every push the server produced so far is applied and every callback queued so
    /// far has run.
    package func settle() async {
        if let client = V2TIMManager.sharedInstance().currentClient {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                client.perform(.profiles([])) { _ in continuation.resume() }
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callbackQueue.async { continuation.resume() }
        }
    }

    /// Waits (up to 5 seconds) until the server's conversations of this user satisfy `condition`:
    /// for what the SDK tells the server on its own after applying pushes (the auto report), which
    /// `settle()` does not wait for.
    package func waitForServer(_ condition: ([ServerConversation]) -> Bool) async throws {
        for _ in 0..<500 {
            if condition(try server.conversations(of: userID)) { return }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// The receivers of the legacy list, in order.
    package func receivers() -> [String] {
        (manager.getConversationList() ?? []).map { $0.getReceiver() ?? "" }
    }

    /// Uninitialises the shared SDK.
    package func tearDown() {
        manager.unInit()
    }
}
