import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// Focused tests of `ConversationStore` through its API: one situation each, asserting the
/// conversation, the counters, the list order and the change batch the situation must produce.
final class ConversationStoreTests: XCTestCase {
    private let me = "me"
    private let alice = ConversationID.c2c("alice")
    private let bob = ConversationID.c2c("bob")
    private let carol = ConversationID.c2c("carol")
    private let team = ConversationID.group("team")

    /// A conversation value is what every page copies and what the store holds per conversation
    /// (README, Performance): its one-byte fields share one word, so a new flag costs no memory.
    func test_aConversationValue_staysWithin192Bytes() {
        XCTAssertLessThanOrEqual(MemoryLayout<Conversation>.stride, 192)
    }

    // MARK: - Unread counting

    func test_messagesFromOthersAboveCursor_countUnread() {
        var store = ConversationStore(selfUserID: me)
        for seq: UInt64 in 1...3 { store.receive(fromAlice(seq)) }

        XCTAssertEqual(store.conversation(alice)?.unreadCount, 3)
        XCTAssertEqual(store.counters.totalUnread, 3)
        XCTAssertEqual(store.counters.unreadConversations, 1)
        XCTAssertEqual(store.counters.conversations, 1)
        store._checkInvariants()
    }

    func test_messageArrivingAtOrBelowCursor_isNotUnread() {
        var store = ConversationStore(selfUserID: me)
        for seq: UInt64 in [2, 4, 6] { store.receive(fromAlice(seq)) }
        store.markRead(alice, upTo: 6)

        store.receive(fromAlice(5))
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0, "seq 5 is below the cursor 6")
        store.receive(fromAlice(7))
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 1, "seq 7 is above the cursor 6")
        XCTAssertEqual(store.counters.totalUnread, 1)
        store._checkInvariants()
    }

    func test_ownMessages_neverCountUnread_butBecomeLastMessage() {
        var store = ConversationStore(selfUserID: me)
        let toAlice = Message.accepted(seq: 1, from: me, to: .user("alice"), at: 1_001)
        let inTeam = Message.accepted(seq: 1, from: me, to: .group("team"), at: 1_002, atAll: true)
        store.receive(toAlice)
        store.receive(inTeam)

        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0)
        XCTAssertEqual(store.conversation(alice)?.lastMessage, toAlice)
        XCTAssertEqual(store.conversation(team)?.unreadCount, 0)
        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [], "my own @all is not an unread mention")
        XCTAssertEqual(store.conversation(team)?.lastMessage, inTeam)
        XCTAssertEqual(store.counters.totalUnread, 0)
        XCTAssertEqual(store.counters.unreadConversations, 0)
        store._checkInvariants()
    }

    func test_duplicateDelivery_countsOnceAndReportsNothing() {
        var store = ConversationStore(selfUserID: me)
        let message = fromAlice(1)
        store.receive(message)
        store.receive(message)
        let first = store.commitBatch()
        XCTAssertEqual(first.newMessages, [message], "a duplicate inside one batch is one new message")
        let before = store.conversation(alice)

        var sameSeq = message
        sameSeq.id = "another-id"
        sameSeq.content = .text("another body")
        store.receive(message)
        store.receive(sameSeq)

        let batch = store.commitBatch()
        XCTAssertTrue(batch.isEmpty, "a duplicate delivery changes nothing: \(batch)")
        XCTAssertEqual(store.conversation(alice), before)
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 1)
        XCTAssertEqual(store.counters.totalUnread, 1)
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10), [message])
        store._checkInvariants()
    }

    func test_outOfOrderArrival_countsEachOnceAndKeepsNewestAsLastMessageAndPosition() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(3, at: 1_003))
        store.receive(fromBob(1, at: 1_004))
        store.receive(fromAlice(1, at: 2_000))
        store.receive(fromAlice(2, at: 2_001))

        let conversation = store.conversation(alice)
        XCTAssertEqual(conversation?.unreadCount, 3)
        XCTAssertEqual(conversation?.lastMessage?.seq, 3, "a late, older message does not replace the last message")
        XCTAssertEqual(conversation?.lastSeq, 3)
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10).map(\.seq), [3, 2, 1])
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice], "a late, older message does not move its conversation")
        store._checkInvariants()
    }

    func test_activityInTheSameSecond_movesConversationAboveOthersOfThatSecond() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_000))
        store.receive(fromBob(1, at: 1_000))
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice], "one second: ordered by arrival")

        store.receive(fromAlice(2, at: 1_000))
        XCTAssertEqual(ids(store.allInOrder()), [alice, bob])
        try store.setDraft(bob, Draft(text: "draft", timestamp: 1_000))
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice])
        store._checkInvariants()
    }

    // MARK: - Read cursor

    func test_markReadPartially_leavesMessagesAboveCursorUnread() {
        var store = storeWithAliceMessages(1...5)
        store.markRead(alice, upTo: 3)

        let conversation = store.conversation(alice)
        XCTAssertEqual(conversation?.readSeq, 3)
        XCTAssertEqual(conversation?.readTimestamp, 1_003, "the timestamp of the message at the cursor")
        XCTAssertEqual(conversation?.unreadCount, 2)
        let readSeq = conversation?.readSeq ?? 0
        let read = store.messages(of: alice, before: nil, count: 5).filter { $0.isRead(by: store.selfUserID, readSeq: readSeq) }
        XCTAssertEqual(read.map(\.seq), [3, 2, 1], "the messages at or below the cursor, newest first")
        XCTAssertEqual(store.counters.totalUnread, 2)
        XCTAssertEqual(store.counters.unreadConversations, 1)
        store._checkInvariants()
    }

    func test_markReadEverything_clampsCursorToLastSeqAndClearsCounters() {
        var store = storeWithAliceMessages(1...5)
        store.markRead(alice, upTo: .max)

        XCTAssertEqual(store.conversation(alice)?.readSeq, 5)
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0)
        XCTAssertEqual(store.counters.totalUnread, 0)
        XCTAssertEqual(store.counters.unreadConversations, 0)
        store._checkInvariants()
    }

    func test_markReadBeyondLastSeq_stopsAtLastSeq_soLaterMessagesAreUnread() {
        var store = storeWithAliceMessages(1...5)
        store.markRead(alice, upTo: 100)
        XCTAssertEqual(store.conversation(alice)?.readSeq, 5)

        store.receive(fromAlice(6))
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 1)
        XCTAssertEqual(store.counters.totalUnread, 1)
        store._checkInvariants()
    }

    func test_markReadBelowCursor_neverMovesBackwardsAndReportsNothing() {
        var store = storeWithAliceMessages(1...5)
        store.markRead(alice, upTo: 4)
        _ = store.commitBatch()
        let before = store.conversation(alice)

        store.markRead(alice, upTo: 2)
        store.markRead(alice, upTo: 4)

        XCTAssertEqual(store.conversation(alice), before)
        XCTAssertEqual(store.conversation(alice)?.readSeq, 4)
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 1)
        XCTAssertTrue(store.commitBatch().isEmpty)
        store._checkInvariants()
    }

    func test_markRead_dropsAtInfosAtOrBelowCursorOnly() {
        var store = ConversationStore(selfUserID: me)
        store.receive(inTeam(1, from: "bob", atUserIDs: [me]))
        store.receive(inTeam(2, from: "bob", atAll: true))
        store.receive(inTeam(3, from: "bob", atUserIDs: [me], atAll: true))

        store.markRead(team, upTo: 2)
        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [GroupAtInfo(seq: 3, type: .atAllAtMe)])
        store.markRead(team, upTo: 3)
        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [])
        store._checkInvariants()
    }

    func test_markReadWithoutClearingMark_keepsUnreadMark_withClearingMark_removesItEvenWithoutNewMessages() {
        var store = storeWithAliceMessages(1...3)
        XCTAssertNoThrow(try store.setMarks(alice, [.unread, .star], enable: true))
        XCTAssertEqual(store.counters.conversationsToScanForReads, 1)

        store.markRead(alice, upTo: 3, clearingMark: false)
        XCTAssertEqual(store.conversation(alice)?.marks, [.unread, .star])
        XCTAssertEqual(store.counters.conversationsToScanForReads, 1)
        _ = store.commitBatch()

        store.markRead(alice, upTo: 3, clearingMark: true)
        XCTAssertEqual(store.conversation(alice)?.marks, [.star], "only the unread mark goes")
        XCTAssertEqual(store.counters.conversationsToScanForReads, 0)
        XCTAssertEqual(store.commitBatch().changed.map(\.id), [alice])
        store._checkInvariants()
    }

    func test_markReadUnknownConversation_createsNothing() {
        var store = ConversationStore(selfUserID: me)
        store.markRead(alice, upTo: 5)
        XCTAssertEqual(store.count, 0)
        XCTAssertTrue(store.commitBatch().isEmpty)
    }

    // MARK: - Excluded messages

    func test_messageExcludedFromUnreadCount_isHeldAndLastButNotCounted() {
        var store = ConversationStore(selfUserID: me)
        let excluded = Message.accepted(seq: 1, from: "alice", to: .user(me), excludedFromUnread: true)
        store.receive(excluded)

        let conversation = store.conversation(alice)
        XCTAssertEqual(conversation?.unreadCount, 0)
        XCTAssertEqual(conversation?.lastMessage, excluded)
        XCTAssertEqual(conversation?.lastSeq, 1)
        XCTAssertEqual(store.counters.totalUnread, 0)
        XCTAssertEqual(store.counters.unreadConversations, 0)
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10), [excluded], "stored all the same")
        store._checkInvariants()
    }

    func test_messageExcludedFromLastMessage_countsUnreadButKeepsLastMessageAndPosition() {
        var store = ConversationStore(selfUserID: me)
        let first = fromAlice(1, at: 1_001)
        store.receive(first)
        store.receive(fromBob(1, at: 1_002))
        store.receive(Message.accepted(seq: 2, from: "alice", to: .user(me), at: 1_003, excludedFromLast: true))

        let conversation = store.conversation(alice)
        XCTAssertEqual(conversation?.lastMessage, first)
        XCTAssertEqual(conversation?.lastSeq, 2)
        XCTAssertEqual(conversation?.unreadCount, 2)
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice], "no activity: alice stays below bob")
        store._checkInvariants()
    }

    // MARK: - Group @-mentions

    func test_groupMentions_ofMeOfAllAndOfBoth_recordAtInfosWithTheirTypes() {
        var store = ConversationStore(selfUserID: me)
        store.receive(inTeam(1, from: "bob", atUserIDs: [me]))
        store.receive(inTeam(2, from: "bob", atAll: true))
        store.receive(inTeam(3, from: "bob", atUserIDs: ["carol", me], atAll: true))
        store.receive(inTeam(4, from: "bob", atUserIDs: ["carol"]))
        store.receive(inTeam(5, from: "bob"))

        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [
            GroupAtInfo(seq: 1, type: .atMe),
            GroupAtInfo(seq: 2, type: .atAll),
            GroupAtInfo(seq: 3, type: .atAllAtMe),
        ])
        store._checkInvariants()
    }

    func test_groupMentionArrivingOutOfOrder_isKeptSortedBySeq() {
        var store = ConversationStore(selfUserID: me)
        store.receive(inTeam(5, from: "bob", atAll: true))
        store.receive(inTeam(2, from: "bob", atUserIDs: [me]))

        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [
            GroupAtInfo(seq: 2, type: .atMe),
            GroupAtInfo(seq: 5, type: .atAll),
        ])
    }

    func test_mentionBelowCursor_orInC2C_recordsNoAtInfo() {
        var store = ConversationStore(selfUserID: me)
        store.receive(inTeam(4, from: "bob"))
        store.markRead(team, upTo: 4)
        store.receive(inTeam(3, from: "bob", atUserIDs: [me]))
        store.receive(Message.accepted(seq: 1, from: "alice", to: .user(me), atUserIDs: [me], atAll: true))

        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [])
        XCTAssertEqual(store.conversation(alice)?.groupAtInfos, [])
        store._checkInvariants()
    }

    func test_storageDelta_isRecordedOnlyWhenAsked_andNothingElseDiffers() {
        var recording = ConversationStore(selfUserID: me)
        var memoryOnly = ConversationStore(selfUserID: me, recordsStorage: false)
        var batches: [(ChangeBatch, ChangeBatch)] = []
        for message in [fromAlice(1), fromAlice(2), fromBob(1)] {
            recording.receive(message)
            memoryOnly.receive(message)
            batches.append((recording.commitBatch(), memoryOnly.commitBatch()))
        }
        recording.delete(alice)
        memoryOnly.delete(alice)
        batches.append((recording.commitBatch(), memoryOnly.commitBatch()))
        for (stored, unstored) in batches {
            XCTAssertFalse(stored.storage.operations.isEmpty, "a database would have something to write")
            XCTAssertTrue(unstored.storage.operations.isEmpty)
            XCTAssertEqual(stored.added, unstored.added)
            XCTAssertEqual(stored.changed, unstored.changed)
            XCTAssertEqual(stored.deleted, unstored.deleted)
            XCTAssertEqual(stored.newMessages, unstored.newMessages)
            XCTAssertEqual(stored.counters, unstored.counters)
        }
        memoryOnly._checkInvariants()
    }

    func test_mentionExcludedFromUnread_recordsNoAtInfo_soReadingEverythingLeavesNone() {
        var store = ConversationStore(selfUserID: me)
        store.receive(Message.accepted(
            seq: 1, from: "bob", to: .group("team"), atUserIDs: [me], atAll: true, excludedFromUnread: true))
        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [], "no unread mention without an unread message")
        XCTAssertEqual(store.conversation(team)?.unreadCount, 0)
        XCTAssertEqual(store.conversationsToMarkRead(kind: nil), [], "nothing for a read of everything to do")
        store.receive(inTeam(2, from: "bob", atUserIDs: [me]))
        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [GroupAtInfo(seq: 2, type: .atMe)])
        store._checkInvariants()
    }

    // MARK: - Receive options

    func test_receiveOption_outlivesADeletedConversation_thatAMessageBringsBack() {
        var store = ConversationStore(selfUserID: me)
        store.receive(inTeam(1, from: "bob"))
        store.setReceiveOption(team, .receiveWithoutNotify)
        store.delete(team)
        _ = store.commitBatch()
        XCTAssertNil(store.conversation(team))

        store.receive(inTeam(2, from: "bob"))
        XCTAssertEqual(store.conversation(team)?.receiveOption, .receiveWithoutNotify, "still muted")
        XCTAssertEqual(store.counters.totalUnread, 0, "so its unread stays out of the total")
        XCTAssertEqual(store.counters.mutedUnread, 1)
        store._checkInvariants()
    }

    func test_receiveOptions_mutedOnesCountInMutedUnreadNotInTotal() {
        let muted: Set<ReceiveOption> = [.receiveWithoutNotify, .doNotReceive, .receiveWithoutNotifyExceptAt]
        for option in ReceiveOption.allCases {
            var store = ConversationStore(selfUserID: me)
            store.receive(fromBob(1))
            store.receive(fromAlice(1))
            store.receive(fromAlice(2))
            store.setReceiveOption(alice, option)

            let context = "option \(option)"
            XCTAssertEqual(store.conversation(alice)?.receiveOption, option, context)
            XCTAssertEqual(store.counters.totalUnread, muted.contains(option) ? 1 : 3, context)
            XCTAssertEqual(store.counters.mutedUnread, muted.contains(option) ? 2 : 0, context)
            XCTAssertEqual(store.counters.unreadConversations, 2, context)
            store._checkInvariants()
        }
    }

    func test_setReceiveOptionOnExistingConversation_movesItsUnreadBetweenTotalAndMuted() {
        var store = storeWithAliceMessages(1...3)
        _ = store.commitBatch()

        store.setReceiveOption(alice, .receiveWithoutNotify)
        let muting = store.commitBatch()
        XCTAssertEqual(store.counters.totalUnread, 0)
        XCTAssertEqual(store.counters.mutedUnread, 3)
        XCTAssertTrue(muting.totalUnreadChanged)
        XCTAssertEqual(muting.changed.map(\.receiveOption), [.receiveWithoutNotify])

        store.setReceiveOption(alice, .receive)
        XCTAssertTrue(store.commitBatch().totalUnreadChanged)
        XCTAssertEqual(store.counters.totalUnread, 3)
        XCTAssertEqual(store.counters.mutedUnread, 0)
        store._checkInvariants()
    }

    func test_setReceiveOptionBeforeConversationExists_createsNothingAndAppliesWhenCreated() {
        var store = ConversationStore(selfUserID: me)
        store.setReceiveOption(alice, .doNotReceive)
        XCTAssertEqual(store.count, 0)
        XCTAssertTrue(store.commitBatch().isEmpty)

        store.receive(fromAlice(1))
        let batch = store.commitBatch()
        XCTAssertEqual(batch.added.map(\.receiveOption), [.doNotReceive])
        XCTAssertFalse(batch.totalUnreadChanged, "the first message lands in the muted count")
        XCTAssertEqual(store.counters.totalUnread, 0)
        XCTAssertEqual(store.counters.mutedUnread, 1)

        store.receive(fromBob(1))
        XCTAssertEqual(store.conversation(bob)?.receiveOption, .receive, "the preset belongs to alice only")
        store._checkInvariants()
    }

    // MARK: - Pinning

    func test_pinning51stConversation_throwsLimitExceeded50002AndChangesNothing() {
        var store = ConversationStore(selfUserID: me)
        let peers = (0...50).map { ConversationID.c2c("u\($0)") }
        for (index, id) in peers.enumerated() { store.receive(fromPeer(id.target, seq: 1, at: 1_000 + UInt64(index))) }
        for id in peers.prefix(50) { XCTAssertNoThrow(try store.setPinned(id, true)) }
        XCTAssertEqual(store.counters.pinnedConversations, 50)
        _ = store.commitBatch()
        let order = store.allInOrder()

        assertThrows(code: 50002) { () throws(IMError) in try store.setPinned(peers[50], true) }

        XCTAssertEqual(store.allInOrder(), order)
        XCTAssertEqual(store.conversation(peers[50])?.isPinned, false)
        XCTAssertEqual(store.counters.pinnedConversations, 50)
        XCTAssertTrue(store.commitBatch().isEmpty)

        XCTAssertNoThrow(try store.setPinned(peers[0], true), "re-pinning a pinned conversation is no new pin")
        XCTAssertNoThrow(try store.setPinned(peers[0], false))
        XCTAssertNoThrow(try store.setPinned(peers[50], true), "a freed slot can be used")
        XCTAssertEqual(store.counters.pinnedConversations, 50)
        store._checkInvariants()
    }

    func test_unknownConversation_setPinnedSetDraftSetMarks_throwInvalidConversationAndCreateNothing() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromBob(1))
        _ = store.commitBatch()

        assertThrows(code: 6004) { () throws(IMError) in try store.setPinned(alice, true) }
        assertThrows(code: 6004) { () throws(IMError) in try store.setPinned(alice, false) }
        assertThrows(code: 6004) { () throws(IMError) in try store.setDraft(alice, Draft(text: "hi", timestamp: 2_000)) }
        assertThrows(code: 6004) { () throws(IMError) in try store.setDraft(alice, nil) }
        assertThrows(code: 6004) { () throws(IMError) in try store.setMarks(alice, .star, enable: true) }

        XCTAssertNil(store.conversation(alice))
        XCTAssertEqual(store.count, 1)
        XCTAssertTrue(store.commitBatch().isEmpty)
        store._checkInvariants()
    }

    func test_orderKeys_stayUnique_whenARestoredKeyLiesAheadOfTheOrderCounter() {
        // A stored row whose key the counter has not passed (its counter was lost with a failed
        // write): the keys made next from the counter reach it, and must step past it.
        var store = ConversationStore(selfUserID: me)
        let ahead = Conversation(id: .c2c("old"), orderKey: 1_000 << 31 | 3 << 3) // `OrderKey`: second 1,000, counter 3
        store.restore(StoredConversation(id: ahead.id, conversation: ahead, messages: [], pending: []))
        for peer in 1...5 {
            store.receive(fromPeer("p\(peer)", seq: 1, at: 1_000))
            _ = store.commitBatch()
        }
        let keys = store.allInOrder().map(\.orderKey)
        XCTAssertEqual(keys.count, 6, "no new conversation took the restored one's place in the index")
        XCTAssertEqual(Set(keys).count, 6, "order keys are unique")
        XCTAssertEqual(store.conversation(ahead.id)?.orderKey, ahead.orderKey, "the restored conversation keeps its key")
        XCTAssertEqual(store.allInOrder().first?.id, .c2c("p5"), "the newest activity is on top")
        store._checkInvariants()
    }

    func test_pinnedConversations_sortAboveUnpinned_inActivityOrderAmongThemselves() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_001))
        store.receive(fromBob(1, at: 1_002))
        store.receive(fromPeer("carol", seq: 1, at: 1_003))
        XCTAssertEqual(ids(store.allInOrder()), [carol, bob, alice])

        try store.setPinned(alice, true)
        XCTAssertEqual(ids(store.allInOrder()), [alice, carol, bob])
        try store.setPinned(bob, true)
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice, carol], "pinned keep their activity order")
        store.receive(fromAlice(2, at: 1_004))
        XCTAssertEqual(ids(store.allInOrder()), [alice, bob, carol])
        try store.setPinned(alice, false)
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice, carol], "unpinned, alice is the newest unpinned")
        XCTAssertEqual(store.counters.pinnedConversations, 1)
        store._checkInvariants()
    }

    // MARK: - Drafts

    func test_setDraft_movesConversationToTopAndClearingItDoesNotMoveIt() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_001))
        store.receive(fromBob(1, at: 1_002))
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice])

        try store.setDraft(alice, Draft(text: "later", timestamp: 1_003))
        XCTAssertEqual(ids(store.allInOrder()), [alice, bob])
        XCTAssertEqual(store.conversation(alice)?.draft, Draft(text: "later", timestamp: 1_003))

        store.receive(fromBob(2, at: 1_004))
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice])
        try store.setDraft(alice, nil)
        XCTAssertNil(store.conversation(alice)?.draft)
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice], "clearing a draft is no activity")
        store._checkInvariants()
    }

    // MARK: - Sending

    func test_pendingSend_becomesLastMessageAndMovesConversationToTop() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_001))
        store.receive(fromBob(1, at: 1_002))
        let pending = Message.sending(id: "s1", from: me, to: .user("alice"), at: 1_003)

        store.addSending(pending)

        XCTAssertEqual(store.conversation(alice)?.lastMessage, pending)
        XCTAssertEqual(ids(store.allInOrder()), [alice, bob])
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10).map(\.id), ["s1", fromAlice(1).id])
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 1, "sending does not read the conversation")
        store._checkInvariants()
    }

    func test_acknowledgedSend_replacesPendingAsLastMessage() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_001))
        let pending = Message.sending(id: "s1", from: me, to: .user("alice"), at: 1_003)
        store.addSending(pending)

        let accepted = pending.acknowledged(seq: 2, at: 1_004)
        store.receive(accepted, isNew: false)

        let conversation = store.conversation(alice)
        XCTAssertEqual(conversation?.lastMessage, accepted)
        XCTAssertEqual(conversation?.lastMessage?.status, .sent)
        XCTAssertEqual(conversation?.lastSeq, 2)
        XCTAssertEqual(conversation?.unreadCount, 1)
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10).map(\.seq), [2, 1], "the pending copy is gone")
        store._checkInvariants()
    }

    func test_failedSend_marksPendingLastMessageFailed() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_001))
        let pending = Message.sending(id: "s1", from: me, to: .user("alice"), at: 1_003)
        store.addSending(pending)
        _ = store.commitBatch()

        store.failSending(pending)

        XCTAssertEqual(store.conversation(alice)?.lastMessage?.id, "s1")
        XCTAssertEqual(store.conversation(alice)?.lastMessage?.status, .failed)
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 1).first?.status, .failed)
        XCTAssertEqual(store.commitBatch().changed.map(\.id), [alice])
        store._checkInvariants()
    }

    func test_failedSend_whoseMessageTheServerAcceptedMeanwhile_staysSent() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 1_001))
        let pending = Message.sending(id: "s1", from: me, to: .user("alice"), at: 1_003)
        store.addSending(pending)
        let accepted = pending.acknowledged(seq: 2, at: 1_004)
        store.receive(accepted, isNew: false)
        _ = store.commitBatch()

        store.failSending(pending)

        XCTAssertEqual(store.conversation(alice)?.lastMessage, accepted)
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10).map(\.seq), [2, 1], "no failed copy")
        let batch = store.commitBatch()
        XCTAssertTrue(batch.isEmpty && batch.storage.operations.isEmpty, "nothing to announce or store")
        store._checkInvariants()
    }

    /// V2 `isExcludedFromLastMessage`, and every online-only message the V2 facade sends.
    func test_sendingMessageExcludedFromLastMessage_keepsPreviousLastMessageAndPosition() {
        var store = ConversationStore(selfUserID: me)
        let first = fromAlice(1, at: 1_001)
        store.receive(first)
        store.receive(fromBob(1, at: 1_002))
        let typing = Message.sending(id: "typing", from: me, to: .user("alice"), at: 1_003, excludedFromLast: true)

        store.addSending(typing)
        XCTAssertEqual(store.conversation(alice)?.lastMessage, first, "while sending")
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice], "while sending")

        store.receive(typing.acknowledged(seq: 2, at: 1_004), isNew: false)
        XCTAssertEqual(store.conversation(alice)?.lastMessage, first, "after the ack")
        XCTAssertEqual(ids(store.allInOrder()), [bob, alice], "after the ack")
        store._checkInvariants()
    }

    // MARK: - Delete

    func test_delete_removesConversationFromOrderCountersAndMessages() throws {
        var store = storeWithAliceMessages(1...2)
        store.receive(fromBob(1, at: 2_000))
        try store.setPinned(alice, true)
        try store.setMarks(alice, .unread, enable: true)
        _ = store.commitBatch()

        store.delete(alice)

        let batch = store.commitBatch()
        XCTAssertEqual(batch.deleted, [alice])
        XCTAssertTrue(batch.added.isEmpty && batch.changed.isEmpty)
        XCTAssertTrue(batch.totalUnreadChanged)
        XCTAssertNil(store.conversation(alice))
        XCTAssertEqual(ids(store.allInOrder()), [bob])
        XCTAssertEqual(store.messages(of: alice, before: nil, count: 10), [])
        var expected = UnreadCounters()
        expected.totalUnread = 1
        expected.unreadConversations = 1
        expected.conversations = 1
        XCTAssertEqual(store.counters, expected)
        store._checkInvariants()

        store.receive(fromAlice(3, at: 2_001))
        let recreated = store.conversation(alice)
        XCTAssertEqual(recreated?.unreadCount, 1, "a new conversation, without the deleted messages")
        XCTAssertEqual(recreated?.isPinned, false)
        XCTAssertEqual(recreated?.marks, [])
        XCTAssertEqual(store.commitBatch().added.map(\.id), [alice])
        store._checkInvariants()
    }

    func test_deleteUnknownConversation_reportsNothing() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromBob(1))
        _ = store.commitBatch()
        store.delete(alice)
        XCTAssertTrue(store.commitBatch().isEmpty)
        XCTAssertEqual(store.count, 1)
    }

    // MARK: - Change batches

    func test_commitBatch_classifiesAddedChangedDeletedInFirstTouchOrder() throws {
        var store = ConversationStore(selfUserID: me)
        let dave = ConversationID.c2c("dave"), erin = ConversationID.c2c("erin")
        let frank = ConversationID.c2c("frank"), grace = ConversationID.c2c("grace")
        for (index, peer) in ["alice", "bob", "carol", "dave"].enumerated() {
            store.receive(fromPeer(peer, seq: 1, at: 1_000 + UInt64(index)))
        }
        _ = store.commitBatch()

        store.receive(fromPeer("carol", seq: 2, at: 1_010))
        store.receive(fromPeer("erin", seq: 1, at: 1_011))
        try store.setMarks(bob, .star, enable: true)
        store.delete(alice)
        store.receive(fromPeer("frank", seq: 1, at: 1_012))
        store.delete(frank)
        try store.setMarks(dave, .star, enable: true)
        try store.setMarks(dave, .star, enable: false)
        store.receive(fromPeer("bob", seq: 2, at: 1_013))
        store.receive(fromPeer("grace", seq: 1, at: 1_014))
        store.markRead(erin, upTo: 1)

        let batch = store.commitBatch()
        XCTAssertEqual(ids(batch.added), [erin, grace])
        XCTAssertEqual(ids(batch.changed), [carol, bob], "first-touch order, dave changed back, frank never seen")
        XCTAssertEqual(batch.deleted, [alice])
        XCTAssertEqual(batch.added.first, store.conversation(erin), "the state after the batch")
        XCTAssertEqual(batch.changed.last, store.conversation(bob), "the state after the batch")
        XCTAssertFalse(batch.added.contains { $0.id == dave } || batch.changed.contains { $0.id == dave })
        XCTAssertEqual(batch.counters, store.counters)
        XCTAssertTrue(store.commitBatch().isEmpty, "a committed batch starts the next one empty")
    }

    /// The batch finds each conversation it touched where it lay, or by its ID when that place
    /// changed hands in the batch: a message to a conversation then deleted, a slot freed and taken
    /// by another conversation, one deleted and created again.
    func test_commitBatch_classifiesConversationsWhoseEntriesMovedOrWentInTheBatch() {
        var store = ConversationStore(selfUserID: me)
        for (index, peer) in ["alice", "bob", "carol"].enumerated() {
            store.receive(fromPeer(peer, seq: 1, at: 1_000 + UInt64(index)))
        }
        _ = store.commitBatch()
        let dave = ConversationID.c2c("dave")

        store.receive(fromPeer("alice", seq: 2, at: 1_010))   // a new message: certainly changed...
        store.delete(alice)                                   // ...then gone: its slot is free
        store.receive(fromPeer("dave", seq: 1, at: 1_011))    // takes the freed slot
        store.receive(fromPeer("bob", seq: 2, at: 1_012))
        store.delete(bob)
        store.receive(fromPeer("bob", seq: 3, at: 1_013))     // bob again, in another entry

        let batch = store.commitBatch()
        XCTAssertEqual(batch.deleted, [alice])
        XCTAssertEqual(ids(batch.added), [dave])
        XCTAssertEqual(ids(batch.changed), [bob], "it existed before the batch and after it")
        XCTAssertEqual(batch.added.first, store.conversation(dave), "the state after the batch")
        XCTAssertEqual(batch.changed.first, store.conversation(bob), "the state after the batch")
        XCTAssertEqual(batch.changed.first?.lastSeq, 3)
        store._checkInvariants()

        // A duplicate changes nothing. A message below the last sequence and not held (a late one)
        // is compared, not assumed to change the conversation: one already read, older than the
        // last message, changes only the log.
        store.receive(fromPeer("carol", seq: 1, at: 1_002))
        XCTAssertTrue(store.commitBatch().isEmpty, "a duplicate")
        store.receive(fromPeer("carol", seq: 3, at: 1_020))
        store.markRead(carol, upTo: 3)
        _ = store.commitBatch()
        let before = store.conversation(carol)
        store.receive(fromPeer("carol", seq: 2, at: 1_015))
        let late = store.commitBatch()
        XCTAssertTrue(late.added.isEmpty && late.changed.isEmpty, "nothing of the conversation changed")
        XCTAssertEqual(late.newMessages.map(\.seq), [2])
        XCTAssertEqual(store.conversation(carol), before)
        XCTAssertEqual(store.messages(of: carol, before: nil, count: 10).map(\.seq), [3, 2, 1])
        // One not yet read changes its unread count.
        store.receive(fromPeer("carol", seq: 5, at: 1_030))
        _ = store.commitBatch()
        store.receive(fromPeer("carol", seq: 4, at: 1_025))
        XCTAssertEqual(store.commitBatch().changed.map(\.unreadCount), [2])
        store._checkInvariants()
    }

    func test_commitBatch_totalUnreadChanged_onlyWhenTheTotalDiffersFromBatchStart() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1))
        XCTAssertTrue(store.commitBatch().totalUnreadChanged)

        store.receive(fromAlice(2))
        store.markRead(alice, upTo: 1)
        let upAndDown = store.commitBatch()
        XCTAssertFalse(upAndDown.totalUnreadChanged, "one up and one down is no change of the total")
        XCTAssertEqual(ids(upAndDown.changed), [alice])

        store.setReceiveOption(bob, .receiveWithoutNotify)
        store.receive(fromBob(1))
        let muted = store.commitBatch()
        XCTAssertFalse(muted.totalUnreadChanged, "a muted conversation's unread is not in the total")
        XCTAssertEqual(muted.counters.mutedUnread, 1)
        XCTAssertEqual(ids(muted.added), [bob])

        try store.setPinned(bob, true)
        XCTAssertFalse(store.commitBatch().totalUnreadChanged)
        store.setReceiveOption(bob, .receive)
        XCTAssertTrue(store.commitBatch().totalUnreadChanged)
    }

    func test_commitBatch_newMessages_onlyThoseReceivedAsNew_inArrivalOrder() {
        var store = ConversationStore(selfUserID: me)
        let first = fromAlice(1), synced = fromAlice(2), second = fromBob(1)
        store.receive(first)
        store.receive(synced, isNew: false)
        store.receive(second)
        store.receive(first)
        XCTAssertEqual(store.commitBatch().newMessages, [first, second])

        store.applyServerState(ServerConversation(
            id: carol, profile: ConversationProfile(name: "Carol"), lastMessage: fromPeer("carol", seq: 1),
            lastSeq: 1, readSeq: 0, unreadMessages: [fromPeer("carol", seq: 1)], isPinned: false, receiveOption: .receive
        ))
        let sync = store.commitBatch()
        XCTAssertEqual(sync.newMessages, [], "a sync is not a new message")
        XCTAssertEqual(ids(sync.added), [carol])
    }

    // MARK: - Server state

    func test_applyServerState_newConversation_takesServerPinOptionProfileCursorAndUnread() {
        var store = ConversationStore(selfUserID: me)
        let unread = [inTeam(4, from: "bob"), inTeam(5, from: "bob", atUserIDs: [me])]
        store.applyServerState(ServerConversation(
            id: team, profile: ConversationProfile(name: "Team", groupType: "Work"), lastMessage: unread[1],
            lastSeq: 5, readSeq: 3, unreadMessages: unread, isPinned: true, receiveOption: .receiveWithoutNotify
        ))

        let conversation = store.conversation(team)
        XCTAssertEqual(conversation?.profile, ConversationProfile(name: "Team", groupType: "Work"))
        XCTAssertEqual(conversation?.isPinned, true)
        XCTAssertEqual(conversation?.receiveOption, .receiveWithoutNotify)
        XCTAssertEqual(conversation?.readSeq, 3)
        XCTAssertEqual(conversation?.lastSeq, 5)
        XCTAssertEqual(conversation?.lastMessage, unread[1])
        XCTAssertEqual(conversation?.unreadCount, 2)
        XCTAssertEqual(conversation?.groupAtInfos, [GroupAtInfo(seq: 5, type: .atMe)])
        XCTAssertEqual(store.counters.mutedUnread, 2)
        XCTAssertEqual(store.counters.totalUnread, 0)
        XCTAssertEqual(store.counters.pinnedConversations, 1)
        store._checkInvariants()
    }

    func test_applyServerState_cursorBehindLocal_keepsLocalCursor_butTakesServerSettingsAndMarks() throws {
        var store = storeWithAliceMessages(1...5)
        store.markRead(alice, upTo: 5)
        try store.setMarks(alice, [.star, .hide], enable: true)
        try store.setCustomData(alice, Data("local".utf8))
        try store.setPinned(alice, true)
        store.setReceiveOption(alice, .doNotReceive)

        store.applyServerState(ServerConversation(
            id: alice, profile: ConversationProfile(name: "Alice"), lastMessage: fromAlice(6, at: 1_006),
            lastSeq: 6, readSeq: 3, unreadMessages: [fromAlice(4, at: 1_004), fromAlice(5, at: 1_005)],
            isPinned: false, receiveOption: .receive, marks: ConversationMarks([.unread, .hide]).rawValue,
            customData: Data("server".utf8)
        ))

        let conversation = store.conversation(alice)
        XCTAssertEqual(conversation?.readSeq, 5, "the cursor never moves back")
        XCTAssertEqual(conversation?.unreadCount, 1, "message 6 is new and unread")
        XCTAssertEqual(conversation?.marks, [.unread, .hide],
                       "marks roam: the server's, a synced cursor does not clear the unread mark, and message 6, "
                       + "which unhid it here, is one the server counted already")
        XCTAssertEqual(conversation?.customData, Data("server".utf8), "custom data roams: the server's")
        XCTAssertEqual(conversation?.isPinned, false)
        XCTAssertEqual(conversation?.receiveOption, .receive)
        XCTAssertEqual(conversation?.profile.name, "Alice")
        store._checkInvariants()
    }

    /// The server's cursor can lie above its last message when the newest messages are excluded from
    /// "last message" and so not sent along.
    func test_applyServerState_cursorAboveLastMessage_isTakenAsTheServerSentIt() {
        var store = ConversationStore(selfUserID: me)
        store.applyServerState(ServerConversation(
            id: alice, profile: ConversationProfile(), lastMessage: fromAlice(4, at: 1_004),
            lastSeq: 6, readSeq: 6, unreadMessages: [], isPinned: false, receiveOption: .receive
        ))
        XCTAssertEqual(store.conversation(alice)?.lastSeq, 6)
        XCTAssertEqual(store.conversation(alice)?.readSeq, 6, "the server read everything up to 6")

        store.receive(Message.accepted(seq: 5, from: "alice", to: .user(me), at: 1_005, excludedFromLast: true))
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0, "seq 5 was read on the server")
        store._checkInvariants()
    }

    func test_applyServerState_cursorAtSentMessage_setsReadTimestampToThatMessagesTime() {
        var store = ConversationStore(selfUserID: me)
        store.applyServerState(ServerConversation(
            id: alice, profile: ConversationProfile(), lastMessage: fromAlice(3, at: 1_003),
            lastSeq: 3, readSeq: 3, unreadMessages: [], isPinned: false, receiveOption: .receive
        ))

        XCTAssertEqual(store.conversation(alice)?.readSeq, 3)
        XCTAssertEqual(store.conversation(alice)?.readTimestamp, 1_003, "the server time of the message at the cursor")
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0)
        store._checkInvariants()
    }

    // MARK: - Page walks

    func test_pageWalk_sweepingSizes_returnsEverythingOnceInListOrder_finishedExactlyAtTheEnd() {
        for n in [0, 1, 2, 49, 50, 51, 1000] {
            var store = storeWithConversations(n)
            let expected = store.allInOrder()
            XCTAssertEqual(expected.count, n)
            assertSortedBySortKey(expected, "n=\(n)")

            let pages = walk(&store, count: 50)
            XCTAssertEqual(pages.flatMap(\.conversations), expected, "n=\(n)")
            XCTAssertEqual(pages.count, max(1, (n + 49) / 50), "n=\(n)")
            XCTAssertEqual(pages.map(\.isFinished), Array(repeating: false, count: pages.count - 1) + [true], "n=\(n)")
            XCTAssertTrue(pages.dropLast().allSatisfy { $0.conversations.count == 50 }, "n=\(n): only the last page is short")
        }
    }

    func test_pageWalkWithFilter_returnsMatchingConversationsOnceInListOrder() {
        for n in [0, 1, 2, 49, 50, 51, 1000] {
            var store = storeWithConversations(n)
            let expected = store.allInOrder().filter { $0.id.kind == .group }
            let pages = walk(&store, count: 7, filter: ConversationFilter(kind: .group))
            XCTAssertEqual(pages.flatMap(\.conversations), expected, "n=\(n)")
            XCTAssertEqual(pages.last?.isFinished, true, "n=\(n)")
        }
    }

    func test_pageWalk_whileConversationsChangeBetweenPages_returnsEachConversationOfItsStartOnce() throws {
        for seed: UInt64 in [1, 2, 3, 4, 5] {
            var random = SeededRandomGenerator(seed: seed)
            var store = storeWithConversations(300)
            let startOrder = ids(store.allInOrder())
            let started = Set(startOrder)
            var deleted: Set<ConversationID> = []
            var returned: [ConversationID] = []
            var nextSeq: UInt64 = 0
            var clock: UInt64 = 5_000
            var created = 0
            var pages = 0

            while true {
                let page = store.page(after: nextSeq, count: 25)
                pages += 1
                for conversation in page.conversations {
                    XCTAssertEqual(conversation, store.conversation(conversation.id), "seed \(seed): current contents")
                }
                returned += ids(page.conversations)
                if page.isFinished { break }
                nextSeq = page.nextSeq
                guard pages < 100 else { return XCTFail("seed \(seed): the walk does not finish") }

                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    clock += 1
                    let existing = ids(store.allInOrder())
                    let target = existing.randomElement(using: &random)!
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0:
                        store.receive(message(in: target, seq: 1_000 + clock, at: clock))
                    case 1:
                        created += 1
                        store.receive(fromPeer("new\(created)", seq: 1, at: clock))
                    case 2:
                        store.delete(target)
                        deleted.insert(target)
                    default:
                        let pin = !(store.conversation(target)?.isPinned ?? true)
                        if pin && store.counters.pinnedConversations >= ConversationStore.maxPinned { continue }
                        try store.setPinned(target, pin)
                    }
                }
                store._checkInvariants()
            }

            XCTAssertEqual(Set(returned).count, returned.count, "seed \(seed): no conversation twice")
            XCTAssertTrue(Set(returned).isSubset(of: started), "seed \(seed): none created after the start")
            XCTAssertEqual(returned, startOrder.filter(Set(returned).contains), "seed \(seed): in start order")
            XCTAssertEqual(started.subtracting(deleted).subtracting(returned), [], "seed \(seed): none missed")
        }
    }

    /// Two walks with the same page size stop at the same conversation; each must keep its own snapshot.
    func test_twoInterleavedWalksFromTheTop_eachReturnsEveryConversationOnce() {
        var store = storeWithConversations(120)
        let all = Set(ids(store.allInOrder()))
        let movedUp = store.allInOrder()[60].id
        let firstA = store.page(after: 0, count: 50)
        let firstB = store.page(after: 0, count: 50)

        store.receive(message(in: movedUp, seq: 99, at: 9_999))
        XCTAssertEqual(store.allInOrder().firstIndex { $0.id == movedUp }, 6, "moved to the top of the unpinned band")

        for (name, first) in [("A", firstA), ("B", firstB)] {
            var returned = ids(first.conversations)
            var next = first.nextSeq
            var finished = first.isFinished
            while !finished && returned.count <= all.count {
                let page = store.page(after: next, count: 50)
                returned += ids(page.conversations)
                next = page.nextSeq
                finished = page.isFinished
            }
            XCTAssertEqual(returned.count, all.count, "walk \(name) returns each conversation once")
            XCTAssertEqual(all.subtracting(returned), [], "walk \(name) misses these")
        }
    }

    func test_pageAfterArbitraryNextSeq_isTheContiguousInOrderRunBelowIt() {
        var random = SeededRandomGenerator(seed: 42)
        var store = storeWithConversations(200)
        let order = store.allInOrder()
        let keys = order.map(\.sortKey)
        var positions: [UInt64] = [1, 2, .max, .max - 1, OrderKey.pinnedBand, OrderKey.pinnedBand - 1, OrderKey.pinnedBand + 1]
        for key in keys.shuffled(using: &random).prefix(30) { positions += [key, key - 1, key + 1] }
        for _ in 0..<30 {
            positions.append(UInt64.random(in: 1...UInt64.max, using: &random))
            positions.append(UInt64.random(in: keys.last!...keys.first!, using: &random))
        }

        for position in positions {
            let page = store.page(after: position, count: 50)
            let below = order.filter { $0.sortKey < position }
            XCTAssertEqual(ids(page.conversations), ids(below.prefix(50)), "nextSeq \(position)")
            XCTAssertEqual(Set(ids(page.conversations)).count, page.conversations.count, "nextSeq \(position)")
            XCTAssertEqual(page.isFinished, below.count <= 50, "nextSeq \(position)")
            if let last = page.conversations.last {
                XCTAssertEqual(
                    ids(order.filter { $0.sortKey < page.nextSeq }), ids(order.filter { $0.sortKey < last.sortKey }),
                    "nextSeq \(position): the next page starts right after the last conversation returned"
                )
            }
        }
    }

    /// A page reads on past the stale references of a walk's snapshot (conversations deleted since
    /// the walk started) until it is full, and tells whether the list goes on.
    func test_pageOfAWalk_pastManyDeletedConversations_fillsFromWhatIsLeft() {
        var store = storeWithConversations(200)
        let order = store.allInOrder()
        let first = store.page(after: 0, count: 20)
        // Three of every four of the next 130 go: more than a page's references are stale.
        let deleted = Set(order[20..<150].enumerated().filter { $0.offset % 4 != 0 }.map(\.element.id))
        for id in deleted { store.delete(id) }
        _ = store.commitBatch()
        let left = order[20...].filter { !deleted.contains($0.id) }

        let second = store.page(after: first.nextSeq, count: 20)
        XCTAssertEqual(ids(second.conversations), ids(left.prefix(20)))
        XCTAssertFalse(second.isFinished)
        let rest = store.page(after: second.nextSeq, count: 1_000)
        XCTAssertEqual(ids(rest.conversations), ids(left.dropFirst(20)))
        XCTAssertTrue(rest.isFinished)
    }

    /// A page size beyond the list (up to `Int.max`) returns the whole list, finished.
    func test_page_largerThanTheList_returnsItAll_finished() {
        var store = storeWithConversations(30)
        for count in [30, 31, 1_000_000, Int.max] {
            let page = store.page(after: 0, count: count)
            XCTAssertEqual(ids(page.conversations), ids(store.allInOrder()), "count \(count)")
            XCTAssertTrue(page.isFinished, "count \(count)")
        }
        let exact = store.page(after: 0, count: 29)
        XCTAssertFalse(exact.isFinished, "one left after 29")
        XCTAssertEqual(store.page(after: exact.nextSeq, count: .max).conversations.count, 1)
    }

    /// A page as large as a big list, read on a thread with a small stack: the page's buffers go
    /// where they fit (their size follows the list, not the page size asked for).
    func test_pageOfTheWholeList_onASmallStack_returnsEveryConversation() {
        var store = ConversationStore(selfUserID: me, recordsStorage: false)
        for index in 0..<20_000 {
            store.receive(Message.accepted(seq: 1, from: "u\(index)", to: .user(me), at: 1_000 + UInt64(index)))
        }
        _ = store.commitBatch()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var page: ConversationPage?
        let reader = store
        let thread = Thread {
            var store = reader
            page = store.page(after: 0, count: .max)
            done.signal()
        }
        thread.stackSize = 256 << 10  // less than the page's 20,000 slots and references take
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(page?.conversations.count, 20_000)
        XCTAssertEqual(page?.isFinished, true)
        XCTAssertEqual(page?.conversations.first?.id, .c2c("u19999"), "the newest first")
    }

    // MARK: - Helpers

    private func fromPeer(_ peer: String, seq: UInt64, at timestamp: UInt64 = 1_000) -> Message {
        Message.accepted(seq: seq, from: peer, to: .user(me), at: timestamp)
    }

    private func fromAlice(_ seq: UInt64, at timestamp: UInt64 = 1_000) -> Message {
        fromPeer("alice", seq: seq, at: timestamp)
    }

    private func fromBob(_ seq: UInt64, at timestamp: UInt64 = 1_000) -> Message {
        fromPeer("bob", seq: seq, at: timestamp)
    }

    /// A message from someone else in conversation `id`.
    private func message(in id: ConversationID, seq: UInt64, at timestamp: UInt64) -> Message {
        switch id.kind {
        case .group: return Message.accepted(seq: seq, from: "member", to: .group(id.target), at: timestamp)
        case .c2c, .system: return fromPeer(id.target, seq: seq, at: timestamp)
        }
    }

    private func inTeam(_ seq: UInt64, from sender: String, atUserIDs: [String] = [], atAll: Bool = false) -> Message {
        Message.accepted(seq: seq, from: sender, to: .group("team"), at: 1_000 + seq, atUserIDs: atUserIDs, atAll: atAll)
    }

    /// A store holding alice's messages `seqs`, message `n` sent at 1_000 + n.
    private func storeWithAliceMessages(_ seqs: ClosedRange<UInt64>) -> ConversationStore {
        var store = ConversationStore(selfUserID: me)
        for seq in seqs { store.receive(fromAlice(seq, at: 1_000 + seq)) }
        return store
    }

    /// A store of `n` conversations, alternately C2C and group, three active per second (so some share
    /// a second), every 20th pinned.
    private func storeWithConversations(_ n: Int) -> ConversationStore {
        var store = ConversationStore(selfUserID: me)
        for index in 0..<n {
            let timestamp = 1_000 + UInt64(index / 3)
            let message = index.isMultiple(of: 2)
                ? Message.accepted(seq: 1, from: "u\(index)", to: .user(me), at: timestamp)
                : Message.accepted(seq: 1, from: "u\(index)", to: .group("g\(index)"), at: timestamp)
            store.receive(message)
            if index.isMultiple(of: 20) {
                XCTAssertNoThrow(try store.setPinned(message.conversationID(selfUserID: me), true))
            }
        }
        _ = store.commitBatch()
        store._checkInvariants()
        return store
    }

    /// Every page of one walk from the top.
    private func walk(
        _ store: inout ConversationStore, count: Int, filter: ConversationFilter? = nil
    ) -> [ConversationPage] {
        var pages: [ConversationPage] = []
        var nextSeq: UInt64 = 0
        repeat {
            let page = filter.map { store.page(after: nextSeq, count: count, filter: $0) }
                ?? store.page(after: nextSeq, count: count)
            pages.append(page)
            nextSeq = page.nextSeq
        } while !pages.last!.isFinished && pages.count <= store.count + 1
        return pages
    }

    private func ids(_ conversations: some Sequence<Conversation>) -> [ConversationID] {
        conversations.map(\.id)
    }

    private func assertSortedBySortKey(_ conversations: [Conversation], _ context: String, line: UInt = #line) {
        let sorted = conversations.sorted { ($0.isPinned ? 1 : 0, $0.orderKey) > ($1.isPinned ? 1 : 0, $1.orderKey) }
        XCTAssertEqual(ids(conversations), ids(sorted), context, line: line)
    }

    private func assertThrows(
        code: Int32, file: StaticString = #filePath, line: UInt = #line, _ body: () throws(IMError) -> Void
    ) {
        do {
            try body()
            XCTFail("expected error \(code)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.code.rawValue, code, error.message, file: file, line: line)
        }
    }
}
