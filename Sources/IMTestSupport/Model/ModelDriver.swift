import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import ImSDK
import ImSDK_Plus

/// The real side of the model-based check: a fresh server with the model's users and groups, the
/// shared session logged in as `me` (driven through both `V2TIMManager.sharedInstance()` and
/// `TIMManager.sharedInstance()`), and optionally a second device of `me` (`makeInstance()`).
///
/// The main session keeps its store in memory, or with `storageFaults` in a database in a
/// temporary directory of its own, whose disk the storage operations fail and recover.
///
/// The server's cloud list keeps 2 conversations and a sync page covers 2 changes, so the check's
/// six conversations are more than the cloud list and a catch-up takes pages. The second device
/// reaches the server through a `PushLossTransport` (`secondDeviceMissesPushes`) and sends a
/// heartbeat every 10 ms; after each step the driver waits for it to catch up (no reconnect).
///
/// - Thread safety: use from one task at a time; the SDK's callbacks run on the sessions' queues.
final class ModelDriver: @unchecked Sendable {
    let main: V2TestSession
    let second: V2TestSession?
    /// Loses pushes to the second device on request.
    let secondNetwork: PushLossTransport
    /// The legacy `onNewMessage` of the main session (its V2 listeners record in `main.recorder`).
    let legacyMessages = LegacyMessageRecorder()
    /// The conversation-group events of the main session.
    let groupEvents = V2GroupEventRecorder()
    /// Where the main session's database is, with storage faults.
    private let directory: TemporaryDirectory?

    var server: IMReferenceServer { main.server }
    var legacy: TIMManager { TIMManager.sharedInstance() }

    /// The most recently active conversations the server's cloud list keeps here.
    static let cloudListLimit = 2
    /// The changes one sync page covers here.
    static let syncPageLimit = 2
    /// Seconds between the second device's heartbeats.
    static let heartbeatInterval = 0.01
    /// How long `settle()` waits for the second device to catch up before the comparison shows it did not.
    static let catchUpTimeout = 2.0

    /// The `onUnreadMessageCountChangedByFilter` events of the main session, for `ModelFilter.subscribed`.
    let filterEvents: FilterEventRecorder
    /// With read faults, the server's clock: one second per step (`advanceClock()`); nil: the time.
    private let clock: Locked<UInt64>?

    private init(
        main: V2TestSession, second: V2TestSession?, secondNetwork: PushLossTransport, directory: TemporaryDirectory?,
        filterEvents: FilterEventRecorder, clock: Locked<UInt64>?
    ) {
        self.filterEvents = filterEvents
        self.clock = clock
        self.main = main
        self.second = second
        self.secondNetwork = secondNetwork
        self.directory = directory
    }

    /// Starts a server, logs `me` in (and the second device), and asks for the total once so that
    /// every later change of it is announced.
    ///
    /// With `readFaults`, the server's clock moves one second per step instead of with time: a
    /// device that stopped using its database learns at its next login, from the server, of
    /// conversations that changed meanwhile, and places them by the time of their last messages.
    /// Between two conversations active in the same second, the server's answer does not tell
    /// which came first; at the check's pace every step would fall in one second. The main device
    /// has the same clock, so that its drafts are timed on the server's timeline.
    static func start(secondDevice: Bool, storageFaults: Bool = false, readFaults: Bool = false) async throws -> ModelDriver {
        let directory = storageFaults ? try TemporaryDirectory(prefix: "model-check") : nil
        let clock: Locked<UInt64>? = readFaults ? Locked(UInt64(Date().timeIntervalSince1970)) : nil
        var serverClock: (@Sendable () -> UInt64)?
        if let clock { serverClock = { clock.withLock { $0 } } }
        // The failing disk is expected: its error lines would only bury the check's report.
        let main = try await V2TestSession(
            userID: ModelTarget.me, peers: ModelTarget.peers, serverClock: serverClock, deviceClock: serverClock,
            storage: directory.map { .disk(directory: $0.path) } ?? .memory,
            logLevel: storageFaults ? .LOG_NONE : .LOG_INFO)
        // Steps are seconds apart here: a revoke of an older message of mine stays within the limit.
        if clock != nil { main.server.revokeTimeLimit = .max }
        main.server.cloudListLimit = cloudListLimit
        main.server.syncPageLimit = syncPageLimit
        // The reference model deletes a conversation on every device of the user: the vendor's
        // console switch on (off by default, tested in ConversationDeletionSyncTests).
        main.server.syncsConversationDeletion = true
        for group in ModelTarget.groups {
            try main.server.createGroup(group, name: nil, faceURL: nil, members: [ModelTarget.me] + ModelTarget.peers)
        }
        let secondNetwork = PushLossTransport(wrapping: main.server)
        let second = secondDevice
            ? try await V2TestSession(
                userID: ModelTarget.me, server: main.server, transport: secondNetwork,
                instance: V2TIMManager.makeInstance(), heartbeatInterval: heartbeatInterval)
            : nil
        _ = try await main.manager.getTotalUnreadMessageCount()
        if let second { _ = try await second.manager.getTotalUnreadMessageCount() }
        let filterEvents = FilterEventRecorder(ModelFilter.subscribed)
        main.manager.addConversationListener(listener: filterEvents)
        for filter in filterEvents.filters { main.manager.subscribeUnreadMessageCountByFilter(filter: filter) }
        let driver = ModelDriver(
            main: main, second: second, secondNetwork: secondNetwork, directory: directory, filterEvents: filterEvents,
            clock: clock)
        TIMManager.sharedInstance().addMessageListener(driver.legacyMessages)
        main.manager.addConversationListener(listener: driver.groupEvents)
        await driver.settle()
        return driver
    }

    /// Logs out and uninitialises both devices (the disk healthy again), and deletes the database.
    func stop() {
        TIMManager.sharedInstance().removeMessageListener(legacyMessages)
        main.manager.removeConversationListener(listener: filterEvents)
        main.manager.removeConversationListener(listener: groupEvents)
        main.manager.session.injectStorageFaultForTesting(nil)
        second?.tearDown()
        main.tearDown()
        directory?.remove()
    }

    /// Moves the server's clock on by a second, when it is the driver's (read faults).
    func advanceClock() {
        clock?.withLock { $0 += 1 }
    }

    /// Forgets the listener calls recorded so far, on both devices.
    func clearRecorders() {
        main.recorder.clear()
        second?.recorder.clear()
        legacyMessages.clear()
        filterEvents.clear()
        groupEvents.clear()
    }

    /// Waits until every push so far reached both devices and every callback so far has run, and
    /// until each device reflects the server's version (within `catchUpTimeout`): the second after
    /// a lost push, which only its heartbeat tells it of, the main one after it stopped using its
    /// database, while it rebuilds its list from the server. If one never catches up, the
    /// comparison shows it.
    func settle() async {
        await main.settle()
        if directory != nil && !mainUsesDatabase { await catchUp(main) }
        guard let second else { return }
        await second.settle()
        await catchUp(second)
        await second.settle()
        await main.settle()
    }

    private func catchUp(_ device: V2TestSession) async {
        let start = Date()
        while let client = device.manager.currentClient, Date().timeIntervalSince(start) < Self.catchUpTimeout,
              client.hasSyncPending || client.read({ $0.syncVersion }) < ((try? server.version(of: ModelTarget.me)) ?? 0) {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        await device.settle()
    }

    /// Whether the main session keeps its store in its database now (false once it stopped using
    /// it, until the next login).
    var mainUsesDatabase: Bool { main.manager.currentClient?.usesDatabase ?? false }

    // MARK: - Applying

    /// Performs `operation` on the SDK or the server and returns what it returned.
    ///
    /// `localMessages` gets what `getLocalMessage` showed, for the legacy read of a message.
    func apply(
        _ operation: ModelOperation, localMessages: (_ seqs: [UInt64], _ read: [Bool]) -> Void = { _, _ in }
    ) async throws -> ModelOutcome {
        let manager = main.manager
        switch operation {
        case .peerSendsC2C(let peer, let text, let excluded):
            try server.send(
                OutgoingMessage(id: "", receiver: .user(ModelTarget.me), content: .text(text),
                                isExcludedFromUnreadCount: excluded), from: peer)
            return .ok
        case .peerSendsGroup(let peer, let group, let text, let mention, let excluded):
            let other = ModelTarget.peers.first { $0 != peer }!
            try server.send(
                OutgoingMessage(
                    id: "", receiver: .group(group), content: .text(text),
                    atUserIDs: mention.mentionsMe ? [ModelTarget.me] : mention == .other ? [other] : [],
                    atAll: mention.mentionsAll, isExcludedFromUnreadCount: excluded),
                from: peer)
            return .ok
        case .otherDeviceSends(let target, let text):
            switch target {
            case .user(let peer): try server.sendText(text, from: ModelTarget.me, toUser: peer)
            case .group(let group): try server.sendText(text, from: ModelTarget.me, toGroup: group)
            }
            return .ok
        case .sendMessage(let target, let text):
            return await Self.send(text, to: target, through: manager)
        case .markC2CRead(let peer):
            return await outcome { manager.markC2CMessage(asRead: peer, succ: $0, fail: $1) }
        case .markGroupRead(let group):
            return await outcome { manager.markGroupMessage(asRead: group, succ: $0, fail: $1) }
        case .markAllRead:
            return await outcome { manager.markAllMessage(asRead: $0, fail: $1) }
        case .cleanUnread(let target):
            return await clean(target.conversationID, sequence: 0)
        case .cleanUnreadOfKind(let kind):
            return await clean(kind, sequence: 0)
        case .cleanGroupUnread(let group, let seq):
            return await clean(ModelTarget.group(group).conversationID, sequence: seq)
        case .pin(let target, let pinned):
            return await Self.pin(target, pinned, through: manager)
        case .delete(let target):
            return await Self.delete(target, through: manager)
        case .setDraft(let target, let text):
            return await outcome {
                manager.setConversationDraft(conversationID: target.conversationID, draftText: text, succ: $0, fail: $1)
            }
        case .setReceiveOption(let target, let option):
            let opt = V2TIMReceiveMessageOpt(rawValue: option.rawValue)!
            switch target {
            case .user(let peer):
                return await outcome { manager.setC2CReceiveMessageOpt(userIDList: [peer], opt: opt, succ: $0, fail: $1) }
            case .group(let group):
                return await outcome { manager.setGroupReceiveMessageOpt(groupID: group, opt: opt, succ: $0, fail: $1) }
            }
        case .legacySetRead(let target, let newest):
            return try await legacySetRead(target, newest: newest, localMessages: localMessages)
        case .legacyDelete(let target):
            return .returned(legacy.deleteConversation(target.isGroup ? .GROUP : .C2C, receiver: target.receiver))
        case .legacyRemove(let target, let newest):
            return try await legacyRemove(target, newest: newest)
        case .secondDeviceRead(let target):
            let device = try secondManager()
            switch target {
            case .user(let peer): return await outcome { device.markC2CMessage(asRead: peer, succ: $0, fail: $1) }
            case .group(let group): return await outcome { device.markGroupMessage(asRead: group, succ: $0, fail: $1) }
            }
        case .secondDevicePin(let target, let pinned):
            return await Self.pin(target, pinned, through: try secondManager())
        case .secondDeviceDelete(let target):
            return await Self.delete(target, through: try secondManager())
        case .secondDeviceSends(let target, let text):
            return await Self.send(text, to: target, through: try secondManager())
        case .storageFails(let fault):
            if fault == .unreadable, let client = manager.currentClient {
                // The list loaded whole first: a list call of a cold store that cannot read the
                // rest answers with what it loaded while the rebuild runs (StorageFailureTests
                // cover that path); here only operations meet the failure.
                let start = Date()
                while !client.read({ $0.isComplete }), Date().timeIntervalSince(start) < Self.catchUpTimeout {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
            }
            manager.session.injectStorageFaultForTesting(fault)
            return .ok
        case .storageRecovers:
            manager.session.injectStorageFaultForTesting(nil)
            return .ok
        case .restart:
            try await manager.logout()
            try await manager.login(userID: ModelTarget.me, userSig: "sig")
            // Total-unread events follow a query, per login.
            _ = try await manager.getTotalUnreadMessageCount()
            return .ok
        case .secondDeviceMissesPushes(let count):
            _ = try secondManager()
            secondNetwork.loseNextPushes(count)
            return .ok
        case .mark(let target, let mark, let enable):
            return await Self.mark(target, mark, enable, through: manager)
        case .secondDeviceMark(let target, let mark, let enable):
            return await Self.mark(target, mark, enable, through: try secondManager())
        case .setCustomData(let target, let text):
            return await results {
                manager.setConversationCustomData(
                    conversationIDList: [target.conversationID], customData: text.map { Data($0.utf8) }, succ: $0, fail: $1)
            }
        case .createGroup(let name, let targets):
            return await results {
                manager.createConversationGroup(
                    groupName: name, conversationIDList: targets.map(\.conversationID), succ: $0, fail: $1)
            }
        case .renameGroup(let name, let newName):
            return await outcome { manager.renameConversationGroup(oldName: name, newName: newName, succ: $0, fail: $1) }
        case .secondDeviceRenameGroup(let name, let newName):
            let device = try secondManager()
            return await outcome { device.renameConversationGroup(oldName: name, newName: newName, succ: $0, fail: $1) }
        case .addToGroup(let name, let targets):
            return await results {
                manager.addConversationsToGroup(
                    groupName: name, conversationIDList: targets.map(\.conversationID), succ: $0, fail: $1)
            }
        case .removeFromGroup(let name, let targets):
            return await results {
                manager.deleteConversationsFromGroup(
                    groupName: name, conversationIDList: targets.map(\.conversationID), succ: $0, fail: $1)
            }
        case .deleteGroup(let name):
            return await outcome { manager.deleteConversationGroup(groupName: name, succ: $0, fail: $1) }
        case .peerRevokes(let peer, let seq):
            // Refused (not theirs, no such message): nothing happens, as the model says.
            _ = try? server.revokeMessage(seq: seq, from: peer, toUser: ModelTarget.me)
            return .ok
        case .peerModifies(let peer, let seq, let text):
            // Refused (no such message, revoked): nothing happens, as the model says.
            _ = try? server.modifyMessage(seq: seq, from: peer, toUser: ModelTarget.me, text: text)
            return .ok
        case .peerReads(let peer):
            // Refused (they have no conversation with me yet): nothing happens.
            _ = try? server.markC2CRead(reader: peer, peer: ModelTarget.me)
            return .ok
        case .revokeMine(let target):
            return await revokeMine(target)
        case .clearHistory(let target):
            switch target {
            case .user(let peer): return await outcome { manager.clearC2CHistoryMessage(userID: peer, succ: $0, fail: $1) }
            case .group(let group): return await outcome { manager.clearGroupHistoryMessage(groupID: group, succ: $0, fail: $1) }
            }
        }
    }

    /// `revokeMessage(msg:)` of my newest message in the cloud history of `target` (as
    /// `getC2CHistoryMessageList` / `getGroupHistoryMessageList` show it); nothing when there is none.
    private func revokeMine(_ target: ModelTarget) async -> ModelOutcome {
        let manager = main.manager
        let code = await failureCode { succ, fail in
            let found: V2TIMMessageListSucc = { messages in
                guard let mine = (messages ?? []).first(where: \.isSelf) else { return succ() }
                manager.revokeMessage(msg: mine, succ: succ, fail: fail)
            }
            switch target {
            case .user(let peer):
                manager.getC2CHistoryMessageList(userID: peer, count: 100, lastMsg: nil, succ: found, fail: fail)
            case .group(let group):
                manager.getGroupHistoryMessageList(groupID: group, count: 100, lastMsg: nil, succ: found, fail: fail)
            }
        }
        return code == -1 ? .ok : .error(code)
    }

    private static func mark(
        _ target: ModelTarget, _ mark: ModelMark, _ enable: Bool, through manager: V2TIMManager
    ) async -> ModelOutcome {
        await results {
            manager.markConversation(
                conversationIDList: [target.conversationID], markType: NSNumber(value: mark.rawValue), enableMark: enable,
                succ: $0, fail: $1)
        }
    }

    /// The outcome of a call that answers one result per conversation.
    private static func results(
        _ start: (@escaping V2TIMConversationOperationResultSucc, @escaping V2TIMFail) -> Void
    ) async -> ModelOutcome {
        let outcome = HandOverSlot<ModelOutcome>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            start({ list in
                outcome.put(.results((list ?? []).map(\.resultCode)))
                continuation.resume()
            }, { code, _ in
                outcome.put(.error(code))
                continuation.resume()
            })
        }
        return outcome.take() ?? .error(-1)
    }

    private func results(
        _ start: (@escaping V2TIMConversationOperationResultSucc, @escaping V2TIMFail) -> Void
    ) async -> ModelOutcome {
        await Self.results(start)
    }

    private func secondManager() throws -> V2TIMManager {
        guard let second else { throw V2TIMError(code: -1, desc: "the sequence was started without a second device") }
        return second.manager
    }

    private func outcome(_ start: (@escaping V2TIMSucc, @escaping V2TIMFail) -> Void) async -> ModelOutcome {
        let code = await failureCode(start)
        return code == -1 ? .ok : .error(code)
    }

    private func clean(_ conversationID: String, sequence: UInt64) async -> ModelOutcome {
        let manager = main.manager
        return await outcome {
            manager.cleanConversationUnreadMessageCount(
                conversationID: conversationID, cleanTimestamp: 0, cleanSequence: sequence, succ: $0, fail: $1)
        }
    }

    private static func pin(_ target: ModelTarget, _ pinned: Bool, through manager: V2TIMManager) async -> ModelOutcome {
        let code = await failureCode {
            manager.pinConversation(conversationID: target.conversationID, isPinned: pinned, succ: $0, fail: $1)
        }
        return code == -1 ? .ok : .error(code)
    }

    private static func delete(_ target: ModelTarget, through manager: V2TIMManager) async -> ModelOutcome {
        let code = await failureCode { manager.deleteConversation(conversation: target.conversationID, succ: $0, fail: $1) }
        return code == -1 ? .ok : .error(code)
    }

    private static func send(_ text: String, to target: ModelTarget, through manager: V2TIMManager) async -> ModelOutcome {
        let message = Unchecked(manager.createTextMessage(text: text)!)
        let code = await failureCode { succ, fail in
            _ = manager.sendMessage(
                message: message.value, receiver: target.isGroup ? nil : target.receiver,
                groupID: target.isGroup ? target.receiver : nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false,
                offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
        }
        return code == -1 ? .ok : .error(code)
    }

    /// The legacy `getConversation` of `target` (never nil while logged in).
    private func legacyConversation(_ target: ModelTarget) throws -> TIMConversation {
        guard let conversation = legacy.getConversation(target.isGroup ? .GROUP : .C2C, receiver: target.receiver) else {
            throw V2TIMError(code: -1, desc: "getConversation returned nil while logged in")
        }
        return conversation
    }

    /// `getConversation` + `setReadMessage(nil)`, or + `getLocalMessage` and `setReadMessage` of one.
    private func legacySetRead(
        _ target: ModelTarget, newest: Int?, localMessages: ([UInt64], [Bool]) -> Void
    ) async throws -> ModelOutcome {
        let conversation = try legacyConversation(target)
        var message: TIMMessage?
        if let newest {
            let messages = try await Self.localMessages(of: conversation)
            localMessages(messages.map { $0.locator()?.seq ?? 0 }, messages.map { $0.isReaded() })
            guard newest < messages.count else { return .ok }
            message = messages[newest]
        }
        let boxed = Unchecked(message)
        let code = await failureCode { conversation.setReadMessage(boxed.value, succ: $0, fail: $1) }
        return code == -1 ? .ok : .error(code)
    }

    /// `getConversation` + `getLocalMessage` and `remove()` of its `newest`-th newest message.
    private func legacyRemove(_ target: ModelTarget, newest: Int) async throws -> ModelOutcome {
        let conversation = try legacyConversation(target)
        let messages = try await Self.localMessages(of: conversation)
        guard newest < messages.count else { return .ok }
        return .returned(messages[newest].remove())
    }

    /// The newest `ReferenceModel.localMessageCount` local messages of `conversation`, newest first.
    ///
    /// Handed over by `callValue` (through a lock), so ThreadSanitizer sees the messages built on the
    /// callback queue before they are read here.
    static func localMessages(of conversation: TIMConversation) async throws -> [TIMMessage] {
        try await callValue { succ, fail in
            conversation.getLocalMessage(Int32(ReferenceModel.localMessageCount), last: nil, succ: { list in
                succ((list ?? []).compactMap { $0 as? TIMMessage })
            }, fail: { code, desc in fail(code, desc) })
        }
    }
}
