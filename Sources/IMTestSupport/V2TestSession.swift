import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import ImSDK_Plus

/// A logged-in V2 session against a private `IMReferenceServer`, for tests.
///
/// Uses the process-wide `V2TIMManager.sharedInstance()` (as apps do) with its own server, a private
/// callback queue and (unless told otherwise) the recount check after every change; `tearDown()`
/// logs out and uninitialises.
package final class V2TestSession: @unchecked Sendable {
    package let server: IMReferenceServer
    package let manager: V2TIMManager
    package let recorder = V2EventRecorder()
    package let userID: String
    package let callbackQueue = DispatchQueue(label: "IMTestSupport.callbacks")

    /// Registers `userID` and `peers` on a new server, initialises the SDK and logs in.
    /// - Parameters:
    ///   - serverClock: the clock of the server made here (seconds); nil: the system's.
    ///   - deviceClock: the device's clock (`IMSession.setClockForTesting(_:)`); nil: the system's.
    ///   - server: an existing server (its users already registered); nil makes one that lets any
    ///     number of devices of a user stay online (tests add devices on one platform).
    ///   - transport: how to reach the server (a fault-injecting wrapper, say); nil: by
    ///     `TestNetwork.route` (directly unless a test chose the socket).
    ///   - instance: the SDK instance (another device: `V2TIMManager.makeInstance()`); nil: the shared one.
    ///   - logLevel: what the SDK writes to standard error.
    ///   - heartbeatInterval: seconds between the client's heartbeats, which repair a lost push
    ///     without a reconnect (convergence tests shorten it); nil: the SDK's 30 seconds.
    ///   - checksInvariants: whether the core recounts after every change (O(n + m) per batch; the
    ///     `imsdk converge` figures turn it off).
    package init(
        userID: String = "me", peers: [String] = [], serverClock: (@Sendable () -> UInt64)? = nil,
        deviceClock: (@Sendable () -> UInt64)? = nil, server existing: IMReferenceServer? = nil, transport: (any IMTransport)? = nil,
        instance: V2TIMManager? = nil, storage: V2TIMStorage = .memory, syncsDrafts: Bool = false,
        logLevel: V2TIMLogLevel = .LOG_INFO, heartbeatInterval: Double? = nil, checksInvariants: Bool = true
    ) async throws {
        server = existing ?? serverClock.map { IMReferenceServer(clock: $0, loginPolicy: .unlimited) }
            ?? IMReferenceServer(loginPolicy: .unlimited)
        manager = instance ?? V2TIMManager.sharedInstance()
        self.userID = userID
        if existing == nil {
            try server.registerUser(userID, nickname: nil, faceURL: nil)
            for peer in peers { try server.registerUser(peer, nickname: nil, faceURL: nil) }
        }
        let config = V2TIMSDKConfig()
        config.transport = transport ?? TestNetwork.transport(to: server)
        config.callbackQueue = callbackQueue
        config.checksInvariants = checksInvariants
        config.storage = storage
        config.syncsDrafts = syncsDrafts
        config.logLevel = logLevel
        config.heartbeatInterval = heartbeatInterval
        manager.unInitSDK()
        guard manager.initSDK(1_400_000_001, config: config) else { throw V2TIMError(code: -1, desc: "initSDK failed") }
        manager.session.setClockForTesting(deviceClock)
        manager.addConversationListener(listener: recorder)
        manager.addAdvancedMsgListener(listener: recorder)
        try await manager.login(userID: userID, userSig: "sig")
    }

    /// Waits until every push the server produced so far is applied and every callback queued so
    /// far has run.
    package func settle() async {
        if let client = manager.currentClient {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                client.perform(.profiles([])) { _ in continuation.resume() }
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callbackQueue.async { continuation.resume() }
        }
    }

    /// Walks the whole list with `getConversationList` pages of `pageSize`.
    package func walk(pageSize: Int32 = 50) async throws -> (list: [V2TIMConversation], pages: Int) {
        var list: [V2TIMConversation] = []
        var nextSeq: UInt64 = 0
        var pages = 0
        while true {
            let page = try await manager.getConversationList(nextSeq: nextSeq, count: pageSize)
            pages += 1
            list += page.conversationList
            if page.isFinished { return (list, pages) }
            nextSeq = page.nextSeq
        }
    }

    /// The conversation IDs of the whole list, in order.
    package func listIDs() async throws -> [String] {
        try await walk().list.map(\.conversationID)
    }

    /// Checks the core's counters and order against a recount (the check also runs after every batch).
    package func checkInvariants() {
        manager.currentClient?.read { $0._checkInvariants() }
    }

    /// Logs out and uninitialises the shared SDK.
    package func tearDown() {
        manager.removeConversationListener(listener: recorder)
        manager.removeAdvancedMsgListener(listener: recorder)
        manager.unInitSDK()
    }
}
