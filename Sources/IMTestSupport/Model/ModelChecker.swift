import Foundation
import ImSDK
import ImSDK_Plus

/// The model-based check of both APIs: runs a `ModelSequence` on a fresh server and session and on
/// the `ReferenceModel`, and after every step compares everything the APIs show.
///
/// After each operation (and once right after login) it compares:
/// - the operation's result (success, error code, the legacy Boolean);
/// - the V2 list, walked with `getConversationList` in pages of a random size (1 to 7): the order,
///   no conversation twice, and per conversation the unread count, pin, draft, last message text,
///   receive option and @-infos;
/// - `getTotalUnreadMessageCount`, and that of the second device when there is one;
/// - the second device's list, by conversation ID: the same state per conversation as the model's
///   but the draft (drafts stay on the device that set them), after it caught up with the server
///   (it may have missed pushes, without a reconnect);
/// - the legacy `getConversationList()` order, and per conversation `getUnReadMessageNum()`,
///   `getDraft()` and `getLastMsg()`; `getUnReadMessageNum()` of every possible conversation (0 for
///   missing ones); the sum of the legacy counts (muted conversations included);
/// - `getConversation(conversationID:)` of a random conversation (6004 for a missing one);
/// - `getConversationGroupList` of both devices; each conversation's marks, custom data and
///   `conversationGroupList` as part of its state (on both devices); the group events of the step
///   (`V2GroupEventRecorder`) against the difference of the model's groups;
/// - for the legacy read of a message, what `getLocalMessage` returned (sequences, and `isReaded()`
///   of the messages not excluded from unread);
/// - `getConversationListByFilter` walks (pages of a random size) of two of `ModelFilter.walked`, each set
///   field (`false` too) holding, in list order; `getUnreadMessageCountByFilter` of
///   `ModelFilter.subscribed`, and their `onUnreadMessageCountChangedByFilter` events: one per
///   change of a subscribed count during the step, the last one the model's count, none when it
///   did not change;
/// - the V2 listener: every conversation that appeared, changed (or moved) or left was announced
///   by `onNewConversation` / `onConversationChanged` / `onConversationDeleted` during the step,
///   its last announced state is the model's, and when the total changed,
///   `onTotalUnreadMessageCountChanged` reported it, its last value being the model's total;
/// - the new-message events of the step, in order (conversation, sequence, sender, `isSelf`, text):
///   V2 `onRecvNewMessage` and legacy `onNewMessage` of the main session, `onRecvNewMessage` of
///   the second device.
///
/// On a divergence, `run(_:)` shrinks the sequence: it removes chunks of operations, then single
/// ones, replaying each candidate on a fresh session, and keeps every removal that still fails.
///
/// A sequence with storage faults (`ModelSequence.storageFaults`) runs the main device on disk.
/// While its disk fails, a call may answer 6022 where the model says success (the legacy
/// `deleteConversation`: false for true), and everything else must agree as always: the change
/// stands. After the last operation the checker lets the disk recover and restarts the device
/// (two more steps), so what it shows at the end came from its database and a sync from the
/// stored version. With read faults (`ModelSequence.readFaults`), the history a revoke of my newest
/// message picks it from may fail with 6019 while the disk is unreadable (nothing is revoked then),
/// and a step in which the device stopped using its unreadable database is compared once its
/// rebuild from the server caught up, and must agree as any other: nothing the user sees changes, no message is announced twice (then,
/// or at the next login over the file it left behind).
///
/// - Thread safety: a value; one check at a time per process (it drives the shared SDK instance).
package struct ModelChecker: Sendable {
    /// A deliberate mistake of the model (tests that the check can fail); nil for the real check.
    package var flaw: ModelFlaw?
    /// The most replays one shrinking may take.
    package var maximumShrinkReplays: Int

    package init(flaw: ModelFlaw? = nil, maximumShrinkReplays: Int = 400) {
        self.flaw = flaw
        self.maximumShrinkReplays = maximumShrinkReplays
    }

    /// Runs `sequence`; on a divergence, shrinks it and returns the failure, else nil. Adds to
    /// `counts` what the storage faults did (see `check`).
    /// - Throws: when the session cannot be set up (not a divergence).
    package func run(_ sequence: ModelSequence, counts: inout ModelStorageCounts) async throws -> ModelFailure? {
        guard let divergence = try await check(sequence, counts: &counts) else { return nil }
        let (shrunk, shrunkDivergence, replays) = try await shrink(sequence, failingWith: divergence)
        return ModelFailure(
            sequence: sequence, divergence: divergence, shrunk: shrunk, shrunkDivergence: shrunkDivergence,
            replays: replays)
    }

    /// Runs `sequence` once on a fresh session and returns the first divergence, or nil.
    package func check(_ sequence: ModelSequence) async throws -> ModelDivergence? {
        var counts = ModelStorageCounts()
        return try await check(sequence, counts: &counts)
    }

    /// `check(_:)`, adding to `counts` the calls that answered 6022 while the disk failed and the
    /// times the main device stopped using its database.
    package func check(_ sequence: ModelSequence, counts: inout ModelStorageCounts) async throws -> ModelDivergence? {
        let driver = try await ModelDriver.start(
            secondDevice: sequence.usesSecondDevice, storageFaults: sequence.storageFaults, readFaults: sequence.readFaults)
        defer { driver.stop() }
        var model = ReferenceModel(flaw: flaw)
        do {
            var random = Self.observationRandom(seed: sequence.seed, step: 0)
            try await compare(driver, model, before: model, random: &random)
        } catch let mismatch as ModelMismatch {
            return ModelDivergence(step: 0, operation: nil, observable: mismatch.observable,
                                   expected: mismatch.expected, actual: mismatch.actual)
        }
        var diskFails = false
        var unreadable = false
        // Whether the main device stopped using its database since the last restart.
        var dropped = false
        for (index, operation) in (sequence.operations + Self.epilogue(of: sequence)).enumerated() {
            let before = model
            let usedDatabase = sequence.storageFaults && driver.mainUsesDatabase
            let restartAfterDrop = operation == .restart && dropped
            if operation == .restart { dropped = false }
            defer {
                if usedDatabase && !driver.mainUsesDatabase {
                    counts.databaseDrops += 1
                    dropped = true
                }
            }
            driver.clearRecorders()
            driver.advanceClock()
            let expected = model.apply(operation)
            var shown: (seqs: [UInt64], read: [Bool])?
            let actual = try await driver.apply(operation) { shown = ($0, $1) }
            await driver.settle()
            if case .storageFails(let fault) = operation { (diskFails, unreadable) = (true, fault == .unreadable) }
            if operation == .storageRecovers { (diskFails, unreadable) = (false, false) }
            do {
                if diskFails && Self.isStorageFailure(actual, insteadOf: expected) {
                    counts.failedCalls += 1
                } else if unreadable, case .revokeMine = operation, actual == .error(6019) {
                    // The history it picks my message from failed: it could not leave out the
                    // messages removed here. Nothing happened.
                    model = before
                    counts.failedReads += 1
                } else {
                    try expectEqual("the result of the call", expected, actual)
                }
                if let shown, case .legacySetRead(let target, _) = operation {
                    let seqs = before.localMessageSeqs(of: target)
                    try expectEqual("legacy getLocalMessage(\(ReferenceModel.localMessageCount)) sequences of \(target)",
                                    seqs, shown.seqs)
                    // Messages excluded from unread (and revoked ones) are left out: a read of every
                    // conversation skips those with nothing unread, so their cursor (and these
                    // flags) stay.
                    let counted = seqs.indices.filter {
                        !before.isExcludedFromUnread(seq: seqs[$0], in: target) && !before.isRevoked(seq: seqs[$0], in: target)
                    }
                    try expectEqual("legacy isReaded() of those messages (excluded from unread and revoked left out)",
                                    counted.map { before.isRead(seq: seqs[$0], in: target) },
                                    counted.map { shown.read[$0] })
                }
                var random = Self.observationRandom(seed: sequence.seed, step: index + 1)
                try await compare(driver, model, before: before, restartAfterDrop: restartAfterDrop, random: &random)
            } catch let mismatch as ModelMismatch {
                return ModelDivergence(step: index + 1, operation: operation, observable: mismatch.observable,
                                       expected: mismatch.expected, actual: mismatch.actual)
            }
        }
        return nil
    }

    /// What the checker runs after the operations of `sequence`: with storage faults, the disk
    /// recovers (when it fails) and the device restarts.
    private static func epilogue(of sequence: ModelSequence) -> [ModelOperation] {
        guard sequence.storageFaults else { return [] }
        var failing = false
        for operation in sequence.operations {
            if case .storageFails = operation { failing = true }
            if operation == .storageRecovers { failing = false }
        }
        return (failing ? [.storageRecovers] : []) + [.restart]
    }

    /// Whether `actual` is what a call may answer instead of `expected` while the disk fails:
    /// 6022 for a success, false for the legacy `deleteConversation`'s true.
    private static func isStorageFailure(_ actual: ModelOutcome, insteadOf expected: ModelOutcome) -> Bool {
        switch (expected, actual) {
        case (.ok, .error(6022)), (.results, .error(6022)), (.returned(true), .returned(false)): return true
        default: return false
        }
    }

    /// Removes operations from a failing `sequence` while it keeps failing: chunks of half, a
    /// quarter, ... of the operations, down to single ones, each candidate replayed on a fresh
    /// session (candidates that are not well formed, `ModelSequence.isWellFormed`, are skipped).
    /// Operations after the failing step are dropped first.
    /// - Returns: the shortest failing sequence found, its divergence, and the replays it took.
    package func shrink(
        _ sequence: ModelSequence, failingWith divergence: ModelDivergence
    ) async throws -> (ModelSequence, ModelDivergence, Int) {
        var operations = Array(sequence.operations.prefix(divergence.step))
        var best = divergence
        var replays = 0
        var chunk = max(1, operations.count / 2)
        while replays < maximumShrinkReplays {
            var start = 0
            var removedAny = false
            while start < operations.count && replays < maximumShrinkReplays {
                var remaining = operations
                remaining.removeSubrange(start..<min(start + chunk, remaining.count))
                let candidate = sequence.with(operations: remaining)
                guard candidate.isWellFormed else {
                    start += chunk
                    continue
                }
                replays += 1
                if let found = try await check(candidate) {
                    operations = Array(remaining.prefix(found.step))
                    best = found
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if removedAny { continue }
            if chunk == 1 { break }
            chunk = max(1, chunk / 2)
        }
        return (sequence.with(operations: operations), best, replays)
    }

    /// The random numbers of the observations after `step` (page sizes, which conversation to get):
    /// fixed by the seed and the step, so a replay observes the same way.
    private static func observationRandom(seed: UInt64, step: Int) -> SeededRandomGenerator {
        SeededRandomGenerator(seed: seed ^ (UInt64(step + 1) &* 0x9E37_79B9_7F4A_7C15))
    }

    // MARK: - Comparing

    /// Compares everything the APIs show with `model`, and the events of the step with the
    /// difference from `before`.
    ///
    /// After a restart over the file a session left behind when it stopped using its database
    /// (`restartAfterDrop`), the file holds the state of the drop, and the login's sync announces
    /// what changed since as to a device that was offline then: revokes, read receipts and
    /// conversation-group changes the session had heard already may come again (new messages do
    /// not: the session recorded how far it heard them). Those three are not compared then; what
    /// the APIs show, the conversation events' last states and the new-message events are.
    private func compare(
        _ driver: ModelDriver, _ model: ReferenceModel, before: ReferenceModel, restartAfterDrop: Bool = false,
        random: inout SeededRandomGenerator
    ) async throws {
        try await compareV2List(driver.main.manager, model, pageSize: Int32.random(in: 1...7, using: &random))
        try await expectEqual("V2 getTotalUnreadMessageCount", model.totalUnread, Self.total(of: driver.main.manager))
        if let second = driver.second {
            try await expectEqual(
                "second device getTotalUnreadMessageCount", model.totalUnread(on: .second), Self.total(of: second.manager))
            try await compareSecondDeviceList(second.manager, model)
        }
        try await compareConversationGroups(driver, model)
        try compareLegacy(driver.legacy, model)
        try compareEvents(driver.main.recorder, model, before: before)
        let walked = Array(ModelFilter.walked.shuffled(using: &random).prefix(2))
        try await compareFilters(driver, model, before: before, walking: walked, pageSize: UInt32.random(in: 1...5, using: &random))
        if !restartAfterDrop {
            try expectEqual("V2 conversation-group events during the step", model.groupEvents(since: before),
                            driver.groupEvents.groupEvents)
        }
        try compareMessageEvents(driver, model, before: before, restartAfterDrop: restartAfterDrop)
        try await compareOne(driver.main.manager, model, ModelTarget.all.randomElement(using: &random)!)
    }

    private func compareV2List(_ manager: V2TIMManager, _ model: ReferenceModel, pageSize: Int32) async throws {
        var walked: [V2TIMConversation] = []
        var nextSeq: UInt64 = 0
        while true {
            let page: V2TIMConversationResult
            do {
                page = try await manager.getConversationList(nextSeq: nextSeq, count: pageSize)
            } catch {
                throw ModelMismatch(observable: "V2 getConversationList(nextSeq: \(nextSeq), count: \(pageSize))",
                                    expected: "a page", actual: "\(error)")
            }
            walked += page.conversationList
            if page.isFinished { break }
            nextSeq = page.nextSeq
            guard walked.count <= 2 * ModelTarget.all.count else {
                throw ModelMismatch(observable: "V2 page walk (pages of \(pageSize))",
                                    expected: "isFinished within \(ModelTarget.all.count) conversations",
                                    actual: "\(walked.count) conversations and not finished")
            }
        }
        let expected = model.orderedConversations
        try expectEqual("V2 list order (getConversationList pages of \(pageSize))",
                        expected.map(\.target.conversationID), walked.map(\.conversationID))
        for (conversation, shown) in zip(expected, walked) {
            try expectEqual("V2 \(shown.conversationID ?? "") in the page walk",
                            model.state(of: conversation.target), ModelConversationState(shown))
        }
    }

    /// Filtered walks, per-filter unread counts and their events against the model.
    private func compareFilters(
        _ driver: ModelDriver, _ model: ReferenceModel, before: ReferenceModel, walking walked: [ModelFilter],
        pageSize: UInt32
    ) async throws {
        let manager = driver.main.manager
        for filter in walked {
            var walked: [String] = []
            var nextSeq: UInt64 = 0
            while walked.count <= ModelTarget.all.count {
                let page: V2TIMConversationResult
                do {
                    page = try await manager.getConversationListByFilter(
                        filter: filter.makeV2Filter(), nextSeq: nextSeq, count: pageSize)
                } catch {
                    throw ModelMismatch(observable: "V2 getConversationListByFilter(\(filter))", expected: "a page",
                                        actual: "\(error)")
                }
                walked += page.conversationList.map(\.conversationID)
                if page.isFinished { break }
                nextSeq = page.nextSeq
            }
            try expectEqual("V2 getConversationListByFilter(\(filter)) pages of \(pageSize)",
                            model.conversations(matching: filter).map(\.target.conversationID), walked)
        }
        for filter in ModelFilter.subscribed {
            let shown: UInt64
            do {
                shown = try await manager.getUnreadMessageCountByFilter(filter: filter.makeV2Filter())
            } catch {
                throw ModelMismatch(observable: "V2 getUnreadMessageCountByFilter(\(filter))", expected: "a count",
                                    actual: "\(error)")
            }
            let expected = model.unreadCount(matching: filter)
            try expectEqual("V2 getUnreadMessageCountByFilter(\(filter))", expected, Int(shown))
            let events = driver.filterEvents.counts(of: filter)
            if before.unreadCount(matching: filter) != expected {
                try expectEqual("onUnreadMessageCountChangedByFilter(\(filter)) announced the change", true, !events.isEmpty)
            }
            try expectEqual("onUnreadMessageCountChangedByFilter(\(filter)): each event a change",
                            true, zip(events, events.dropFirst()).allSatisfy { $0 != $1 })
            if let last = events.last {
                try expectEqual("last onUnreadMessageCountChangedByFilter(\(filter))", expected, Int(last))
            }
        }
    }

    /// The second device's list against the model, by conversation ID, drafts left out.
    private func compareSecondDeviceList(_ manager: V2TIMManager, _ model: ReferenceModel) async throws {
        var shown: [ModelConversationState] = []
        var nextSeq: UInt64 = 0
        while true {
            let page: V2TIMConversationResult
            do {
                page = try await manager.getConversationList(nextSeq: nextSeq, count: 50)
            } catch {
                throw ModelMismatch(observable: "second device getConversationList", expected: "a page", actual: "\(error)")
            }
            shown += page.conversationList.map(ModelConversationState.init)
            if page.isFinished || page.conversationList.isEmpty { break }
            nextSeq = page.nextSeq
        }
        func withoutDraft(_ state: ModelConversationState) -> ModelConversationState {
            var state = state
            state.draftText = nil
            return state
        }
        let expected = model.orderedConversations.compactMap { model.state(of: $0.target, on: .second) }
        try expectEqual("second device list (by conversation ID, drafts left out)",
                        expected.map(withoutDraft).sorted { $0.conversationID < $1.conversationID },
                        shown.map(withoutDraft).sorted { $0.conversationID < $1.conversationID })
    }

    /// `getConversationGroupList` of both devices against the model's groups.
    private func compareConversationGroups(_ driver: ModelDriver, _ model: ReferenceModel) async throws {
        let expected = model.groups.map(\.name)
        for (device, manager) in [("V2", driver.main.manager), ("second device", driver.second?.manager)] {
            guard let manager else { continue }
            let names: [String]
            do {
                names = try await manager.getConversationGroupList()
            } catch {
                throw ModelMismatch(observable: "\(device) getConversationGroupList", expected: "\(expected)", actual: "\(error)")
            }
            try expectEqual("\(device) getConversationGroupList", expected, names)
        }
    }

    private static func total(of manager: V2TIMManager) async throws -> Int {
        do {
            return Int(try await manager.getTotalUnreadMessageCount())
        } catch {
            throw ModelMismatch(observable: "V2 getTotalUnreadMessageCount", expected: "a count", actual: "\(error)")
        }
    }

    private func compareLegacy(_ legacy: TIMManager, _ model: ReferenceModel) throws(ModelMismatch) {
        let list = legacy.getConversationList() ?? []
        let expected = model.orderedConversations
        try expectEqual("legacy getConversationList() order",
                        expected.map { Self.legacyName($0.target) },
                        list.map { "\($0.getType() == .GROUP ? "GROUP" : "C2C") \($0.getReceiver() ?? "nil")" })
        var sum = 0
        for (conversation, shown) in zip(expected, list) {
            let name = Self.legacyName(conversation.target)
            let unread = Int(shown.getUnReadMessageNum())
            sum += unread
            try expectEqual("legacy getUnReadMessageNum() of \(name)", model.unreadCount(of: conversation.target), unread)
            try expectEqual("legacy getDraft() of \(name)", conversation.draft, Self.text(of: shown.getDraft()))
            try expectEqual("legacy getLastMsg() of \(name)", conversation.messages.last?.text,
                            (shown.getLastMsg()?.getElem(0) as? TIMTextElem)?.text)
        }
        try expectEqual("legacy sum of getUnReadMessageNum() over the list", model.unreadInEveryConversation, sum)
        for target in ModelTarget.all {
            let handle = legacy.getConversation(target.isGroup ? .GROUP : .C2C, receiver: target.receiver)
            try expectEqual("legacy getConversation(\(Self.legacyName(target))).getUnReadMessageNum()",
                            model.unreadCount(of: target), Int(handle?.getUnReadMessageNum() ?? -1))
        }
    }

    private static func legacyName(_ target: ModelTarget) -> String {
        "\(target.isGroup ? "GROUP" : "C2C") \(target.receiver)"
    }

    private static func text(of draft: TIMMessageDraft?) -> String? {
        guard let draft else { return nil }
        return (0..<draft.elemCount()).compactMap { (draft.getElem($0) as? TIMTextElem)?.text }.joined()
    }

    private func compareEvents(
        _ recorder: V2EventRecorder, _ model: ReferenceModel, before: ReferenceModel
    ) throws(ModelMismatch) {
        var added: Set<String> = []
        var changed: Set<String> = []
        var deleted: Set<String> = []
        var totals: [UInt64] = []
        for event in recorder.events {
            switch event {
            case .new(let ids): added.formUnion(ids)
            case .changed(let ids): changed.formUnion(ids)
            case .deleted(let ids): deleted.formUnion(ids)
            case .total(let value): totals.append(value)
            case .syncStarted, .syncFinished, .syncFailed, .message, .revoked, .receipts, .modified: break
            }
        }
        for target in ModelTarget.all {
            let id = target.conversationID
            let was = before.state(of: target)
            let now = model.state(of: target)
            switch (was, now) {
            case (nil, let now?):
                try expectEqual("onNewConversation announced \(id)", true, added.contains(id))
                try expectEqual("last announced state of \(id)", now, recorder.lastAnnounced(id).map(ModelConversationState.init))
            case (_?, nil):
                try expectEqual("onConversationDeleted announced \(id)", true, deleted.contains(id))
            case (let was?, let now?)
                where was != now || before.lastActivity(of: target) != model.lastActivity(of: target):
                try expectEqual("onConversationChanged announced \(id)", true, changed.contains(id) || added.contains(id))
                try expectEqual("last announced state of \(id)", now, recorder.lastAnnounced(id).map(ModelConversationState.init))
            default:
                break
            }
        }
        if before.totalUnread != model.totalUnread {
            try expectEqual("onTotalUnreadMessageCountChanged announced the total change", true, !totals.isEmpty)
        }
        if let last = totals.last {
            try expectEqual("last onTotalUnreadMessageCountChanged", model.totalUnread, Int(last))
        }
    }

    /// The new-message events since `before`, of each listener kind on each device.
    private func compareMessageEvents(
        _ driver: ModelDriver, _ model: ReferenceModel, before: ReferenceModel, restartAfterDrop: Bool
    ) throws(ModelMismatch) {
        func step(_ device: ModelDevice) -> [ReceivedMessage] {
            Array(model.announced(to: device).dropFirst(before.announced(to: device).count))
        }
        try expectEqual("V2 onRecvNewMessage during the step", step(.main), driver.main.recorder.received)
        try expectEqual("legacy onNewMessage during the step", step(.main), driver.legacyMessages.received)
        // Revokes, changes and receipts on the main device, which misses no push (the second device may
        // learn of a conversation and its revokes in one catch-up, which announces neither; the
        // legacy listeners of both need a `TIMUserConfig`, which would change the next login).
        if !restartAfterDrop {
            try expectEqual("V2 onRecvMessageRevoked during the step (count)",
                            model.revokesAnnounced - before.revokesAnnounced, driver.main.recorder.revoked.count)
            try expectEqual("V2 onRecvMessageModified during the step (count)",
                            model.modificationsAnnounced - before.modificationsAnnounced, driver.main.recorder.modified.count)
            try expectEqual("V2 onRecvC2CReadReceipt during the step",
                            Array(model.receiptsAnnounced.dropFirst(before.receiptsAnnounced.count)),
                            driver.main.recorder.receiptPeers)
        }
        if let second = driver.second {
            try expectEqual("second device onRecvNewMessage during the step", step(.second), second.recorder.received)
        }
    }

    private func compareOne(_ manager: V2TIMManager, _ model: ReferenceModel, _ target: ModelTarget) async throws {
        let shown: Result<ModelConversationState, V2TIMError>
        do {
            shown = .success(ModelConversationState(try await manager.getConversation(conversationID: target.conversationID)))
        } catch let error as V2TIMError {
            shown = .failure(error)
        }
        let observable = "V2 getConversation(conversationID: \"\(target.conversationID)\")"
        switch (model.state(of: target), shown) {
        case (let expected?, .success(let actual)):
            try expectEqual(observable, expected, actual)
        case (let expected?, .failure(let error)):
            throw ModelMismatch(observable: observable, expected: "\(expected)", actual: "error \(error.code)")
        case (nil, .success(let actual)):
            throw ModelMismatch(observable: observable, expected: "error 6004", actual: "\(actual)")
        case (nil, .failure(let error)):
            try expectEqual(observable, Int32(6004), error.code)
        }
    }
}

extension ModelConversationState {
    /// What `conversation` shows, in the model's terms.
    init(_ conversation: V2TIMConversation) {
        self.init(
            conversationID: conversation.conversationID, unreadCount: Int(conversation.unreadCount),
            isPinned: conversation.isPinned, draftText: conversation.draftText,
            lastMessageText: conversation.lastMessage?.textElem?.text, receiveOption: conversation.recvOpt.rawValue,
            atTypes: (conversation.groupAtInfolist ?? []).map(\.atType.rawValue),
            lastMessageRevoked: conversation.lastMessage?.status == .MSG_STATUS_LOCAL_REVOKED,
            lastMessagePeerRead: conversation.lastMessage?.isPeerRead == true,
            marks: (conversation.markList ?? []).reduce(0) { $0 | $1.uint64Value },
            // Empty when none (as the vendor's SDK hands it out): none, for the model.
            customData: conversation.customData.flatMap { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) },
            conversationGroups: conversation.conversationGroupList ?? [])
    }
}

/// What the storage faults of checked sequences did (sequences with storage faults only).
package struct ModelStorageCounts: Sendable, Equatable {
    /// Calls that answered 6022 while the disk failed, the change standing.
    package var failedCalls = 0
    /// Times the main device stopped using its database (an operation needed a stored message the
    /// unreadable disk would not give) and rebuilt its list from the server.
    package var databaseDrops = 0
    /// Reads of history that failed with 6019 while the disk was unreadable, the operation that
    /// needed them not made.
    package var failedReads = 0

    package init() {}
}
