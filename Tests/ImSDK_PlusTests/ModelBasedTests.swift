import XCTest
import IMTestSupport

/// The model-based check of both APIs (`ModelChecker`): seeded random sequences of server-side,
/// V2, legacy and second-device operations, compared after every step with `ReferenceModel`.
final class ModelBasedTests: XCTestCase {
    /// The CI run: a fixed first seed, so every run checks the same 2000 sequences (30,000 steps,
    /// about 30 s in a debug build on 2 busy cores). Longer: `swift run imsdk check --long 600`.
    func test_twoThousandSequencesOfFifteenSteps_agreeWithTheReferenceModel() async throws {
        let options = ModelCheckRun.Options(seed: 1, steps: 15, sequences: 2000)
        let summary = try await ModelCheckRun(options: options).run()
        if let failure = summary.failure { XCTFail("\(failure)") }
        XCTAssertEqual(summary.sequences, 2000)
        XCTAssertEqual(summary.steps, 2000 * 15)
    }

    /// What the check found first (seed 7, shrunk): a deleted conversation lost its receive option
    /// on the device, so when a message brought it back it counted in the total though muted.
    func test_foundBySeed7_aMutedGroupDeletedAndBroughtBack_staysMutedAndOutOfTheTotal() async throws {
        let shrunk = ModelSequence(seed: 7, operations: [
            .peerSendsGroup(peer: "p1", group: "g0", text: "m2", mention: .none),
            .setReceiveOption(.group("g0"), .receiveWithoutNotifyExceptAt),
            .legacyDelete(.group("g0")),
            .peerSendsGroup(peer: "p3", group: "g0", text: "m14", mention: .none),
        ])
        let divergence = try await ModelChecker().check(shrunk)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
        var withV2Delete = shrunk
        withV2Delete.operations[2] = .delete(.group("g0"))
        let v2Divergence = try await ModelChecker().check(withV2Delete)
        XCTAssertNil(v2Divergence, v2Divergence.map { "\($0)" } ?? "")
    }

    /// Found by the long mode (seed 3154017609, 150 steps, shrunk): setting the option again after
    /// the deletion made the server keep an empty conversation, so the next message was not seen
    /// as starting one and the second device, which had dropped the option, counted it.
    func test_foundBySeed3154017609_aMutedGroupSetAgainAfterItsDeletion_staysMutedOnTheSecondDevice() async throws {
        let shrunk = ModelSequence(seed: 3_154_017_609, operations: [
            .setReceiveOption(.group("g1"), .receiveWithoutNotifyExceptAt),
            .peerSendsGroup(peer: "p1", group: "g1", text: "m6", mention: .none),
            .delete(.group("g1")),
            .setReceiveOption(.group("g1"), .receiveWithoutNotifyExceptAt),
            .secondDeviceSends(.user("p0"), text: "m116"),
            .peerSendsGroup(peer: "p3", group: "g1", text: "m146", mention: .none),
        ])
        let divergence = try await ModelChecker().check(shrunk)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
    }

    /// Found by the long mode (seed 4301581, 60 steps, shrunk to 6 operations, no storage fault): a
    /// message a legacy deletion kept, changed and then revoked in one batch of pushes, came back
    /// with its old text: the revoke read the row the change had not been written to yet.
    func test_foundBySeed4301581_aKeptMessageChangedThenRevoked_comesBackChanged() async throws {
        let shrunk = ModelSequence(seed: 4_301_581, operations: [
            .peerSendsC2C(peer: "p2", text: "m13", excludedFromUnread: false),
            .legacyDelete(.user("p2")),
            .peerModifies(peer: "p2", seq: 1, text: "e28"),
            .peerRevokes(peer: "p2", seq: 1),
            .peerSendsC2C(peer: "p2", text: "m39", excludedFromUnread: false),
            .legacyRemove(.user("p2"), newest: 0),
        ], readFaults: true, localRemovals: true, modifications: true)
        XCTAssertTrue(shrunk.isWellFormed)
        let divergence = try await ModelChecker().check(shrunk)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
    }

    /// What the check missed while it discarded message events: every message this device sent
    /// also reached its own `onRecvNewMessage` and `onNewMessage`.
    func test_ownSends_areAnnouncedByMyOtherDevices_neverByTheSender() async throws {
        let sequence = ModelSequence(seed: 0, operations: [
            .sendMessage(.user("p0"), text: "m1"),
            .secondDeviceSends(.group("g0"), text: "m2"),
            .otherDeviceSends(.user("p1"), text: "m3"),
            .peerSendsC2C(peer: "p0", text: "m4", excludedFromUnread: false),
        ])
        let divergence = try await ModelChecker().check(sequence)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
        let echoed = try await ModelChecker(flaw: .ownSendsAreAnnounced).check(sequence)
        XCTAssertEqual(echoed?.step, 1, "a model that expects the echo fails on the first send")
        XCTAssertEqual(echoed?.observable, "V2 onRecvNewMessage during the step")
    }

    /// The main device on disk, its disk full or read-only at random moments (calls may then fail
    /// with 6022, their changes standing), recovering, restarting, and a recovery and a restart at
    /// the end of each sequence: what it shows agrees with the model throughout.
    func test_sequencesWithStorageFaults_agreeWithTheReferenceModel_throughRecoveriesAndRestarts() async throws {
        let options = ModelCheckRun.Options(seed: 1, steps: 20, sequences: 150, storageFaults: true)
        let summary = try await ModelCheckRun(options: options).run()
        if let failure = summary.failure { XCTFail("\(failure)") }
        XCTAssertEqual(summary.sequences, 150)
        XCTAssertGreaterThan(summary.storage.failedCalls, 30, "the disk failed many calls")
    }

    /// With read faults too: the disk also becomes unreadable at random moments; an operation that
    /// needs a stored message then makes the session stop using its database and rebuild its list
    /// from the server, and what the APIs show agrees with the model throughout, through the
    /// rebuild and the restart over the file it left behind.
    func test_sequencesWithReadFaults_agreeWithTheReferenceModel_throughDroppedDatabasesAndRebuilds() async throws {
        let options = ModelCheckRun.Options(seed: 1, steps: 20, sequences: 150, readFaults: true)
        let summary = try await ModelCheckRun(options: options).run()
        if let failure = summary.failure { XCTFail("\(failure)") }
        XCTAssertEqual(summary.sequences, 150)
        XCTAssertGreaterThan(summary.storage.databaseDrops, 3, "sessions stopped using their database")
    }

    /// With local removals too (`imsdk check --local-removals`): messages removed from the main
    /// device's local storage stay removed, unread no more, through storage faults, dropped
    /// databases, rebuilds and restarts; a second device goes on showing them until a read covers them.
    func test_sequencesWithLocalRemovals_agreeWithTheReferenceModel_throughReadFaults() async throws {
        let options = ModelCheckRun.Options(seed: 1, steps: 30, sequences: 120, readFaults: true, localRemovals: true)
        let summary = try await ModelCheckRun(options: options).run()
        if let failure = summary.failure { XCTFail("\(failure)") }
        XCTAssertEqual(summary.sequences, 120)
        XCTAssertGreaterThan(summary.storage.databaseDrops, 3, "sessions stopped using their database")
        let removals = (UInt64(1)...120).map { seed in
            ModelSequence(seed: seed, steps: 30, readFaults: true, localRemovals: true).operations.filter(\.isLocalRemoval).count
        }
        XCTAssertGreaterThan(removals.reduce(0, +), 60, "messages were removed")
    }

    /// With changed messages too (`imsdk check --modifications`): a peer changes a message of our
    /// conversation (theirs or mine); every device shows it changed, through push losses, storage
    /// faults, dropped databases, rebuilds and restarts. Found at once, seed 2000005 (shrunk): the
    /// peer's change of my message reached none of my devices.
    func test_sequencesWithChangedMessages_agreeWithTheReferenceModel_throughReadFaults() async throws {
        let found = ModelSequence(seed: 2000005, operations: [
            .sendMessage(.user("p2"), text: "m1"), .peerSendsC2C(peer: "p2", text: "m2", excludedFromUnread: false),
            .sendMessage(.user("p2"), text: "m3"), .peerModifies(peer: "p2", seq: 3, text: "e5"),
        ], modifications: true)
        var counts = ModelStorageCounts()
        let divergence = try await ModelChecker().check(found, counts: &counts)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")

        let options = ModelCheckRun.Options(
            seed: 1, steps: 30, sequences: 80, readFaults: true, localRemovals: true, modifications: true)
        let summary = try await ModelCheckRun(options: options).run()
        if let failure = summary.failure { XCTFail("\(failure)") }
        XCTAssertEqual(summary.sequences, 80)
        let changes = (UInt64(1)...80).map { seed in
            ModelSequence(seed: seed, steps: 30, readFaults: true, localRemovals: true, modifications: true)
                .operations.filter(\.isModification).count
        }
        XCTAssertGreaterThan(changes.reduce(0, +), 40, "messages were changed")
        let without = ModelSequence(seed: 7, steps: 30, readFaults: true, localRemovals: true)
        XCTAssertFalse(without.operations.contains(where: \.isModification), "the mode is off: the draws of before")
        XCTAssertFalse(without.with(operations: without.operations + [.peerModifies(peer: "p0", seq: 1, text: "e")]).isWellFormed,
                       "a change needs the mode")
    }

    /// Local removals change no sequence of a seed without them, come with and without a second
    /// device, never while the disk is unreadable, and the disk is never unreadable once a restart
    /// followed one (see `ModelSequence`).
    func test_localRemovalSequences_areWellFormed_andTheOthersStayWhatTheirSeedsGave() {
        var withSecondDevice = 0
        for seed: UInt64 in 1...200 {
            let sequence = ModelSequence(seed: seed, steps: 40, readFaults: true, localRemovals: true)
            XCTAssertTrue(sequence.isWellFormed, "seed \(seed):\n\(sequence)")
            if sequence.operations.contains(where: \.isLocalRemoval), sequence.usesSecondDevice { withSecondDevice += 1 }
            let without = ModelSequence(seed: seed, steps: 40, readFaults: true)
            XCTAssertFalse(without.operations.contains(where: \.isLocalRemoval))
            XCTAssertFalse(without.with(operations: without.operations + [.legacyRemove(.user("p0"), newest: 0)]).isWellFormed,
                           "a removal needs the mode")
        }
        let afterRestart = ModelSequence(seed: 1, operations: [
            .peerSendsC2C(peer: "p0", text: "m1", excludedFromUnread: false), .legacyRemove(.user("p0"), newest: 0), .restart,
            .storageFails(.unreadable),
        ], readFaults: true, localRemovals: true)
        XCTAssertFalse(afterRestart.isWellFormed, "no unreadable disk once a restart followed a removal")
        XCTAssertTrue(afterRestart.with(operations: Array(afterRestart.operations.prefix(2)) + [.storageFails(.unreadable)]).isWellFormed)
        XCTAssertGreaterThan(withSecondDevice, 20, "removals while a second device shows the messages")
    }

    /// Found by `imsdk check --read-faults --local-removals`, each shrunk: a removal before the disk
    /// became unreadable, which the rebuild after the drop brought back (seed 700301: the rebuild
    /// keeps the tombstones memory holds and removes those messages again); and the last message
    /// that showed after such a removal, which the rebuild's answer did not carry (seed 720009).
    /// And, with no fault at all, a read receipt that came while a legacy deletion had kept my
    /// message: the conversation created again by the peer's message did not show it read by the
    /// peer once the removal made it the last message again (seed 742464: the refresh that follows
    /// such a creation now takes the peer's read point; seed 975105, found on 2026-11-29: and so
    /// does the one that now follows a send that creates the conversation again); so did my revoke
    /// of a message a legacy deletion had kept (seed 751779: the kept message is now kept revoked), and the peer's (seed
    /// 800407: the server now tells the revoke to a user who deleted the conversation after the
    /// message reached them, whose device keeps the message revoked and announces it, also when
    /// it cannot read the kept messages or dropped its database since: seeds 771626, 640489 and
    /// 790004; but not to one the message never reached, not receiving the peer's messages: seeds
    /// 780212 and 632751; and to one who removed the message locally before deleting, as to one who
    /// removed it from a conversation in the list: seed 800196; not once the history was cleared:
    /// seed 820517, a model mistake); and such a revoke after the database was dropped reaches the
    /// file left behind with the deletion that kept the message (seed 842034). (Seed 700023, a
    /// removal after the drop, is no longer drawn: `LegacyStorageFailureTests`.)
    func test_foundWithLocalRemovals_removedMessagesStayRemoved_throughTheRebuildAndTheRestart() async throws {
        let sequences: [(UInt64, [ModelOperation])] = [
            (700301, [.peerSendsC2C(peer: "p0", text: "m15", excludedFromUnread: false), .legacyRemove(.user("p0"), newest: 0),
                      .storageFails(.unreadable), .peerSendsGroup(peer: "p0", group: "g1", text: "m27", mention: .none),
                      .legacySetRead(.group("g1"), newest: nil)]),
            (720009, [.sendMessage(.user("p0"), text: "m34"), .restart,
                      .peerSendsC2C(peer: "p0", text: "m46", excludedFromUnread: true), .legacyRemove(.user("p0"), newest: 0),
                      .peerSendsC2C(peer: "p2", text: "m57", excludedFromUnread: false),
                      .storageFails(.unreadable), .legacySetRead(.user("p2"), newest: nil)]),
            (742464, [.sendMessage(.user("p3"), text: "m6"), .legacyDelete(.user("p3")), .peerReads(peer: "p3"),
                      .peerSendsC2C(peer: "p3", text: "m48", excludedFromUnread: false),
                      .legacyRemove(.user("p3"), newest: 0)]),
            (975105, [.sendMessage(.user("p2"), text: "m32"), .peerReads(peer: "p2"), .legacyDelete(.user("p2")),
                      .sendMessage(.user("p2"), text: "m55"), .legacyRemove(.user("p2"), newest: 0)]),
            (751779, [.otherDeviceSends(.user("p2"), text: "m3"), .legacyDelete(.user("p2")), .revokeMine(.user("p2")),
                      .peerSendsC2C(peer: "p2", text: "m20", excludedFromUnread: false),
                      .legacyRemove(.user("p2"), newest: 0)]),
            (800407, [.peerSendsC2C(peer: "p2", text: "m5", excludedFromUnread: false), .legacyDelete(.user("p2")),
                      .peerRevokes(peer: "p2", seq: 1), .peerSendsC2C(peer: "p2", text: "m32", excludedFromUnread: true),
                      .legacyRemove(.user("p2"), newest: 0)]),
            (771626, [.peerSendsC2C(peer: "p3", text: "m13", excludedFromUnread: false), .legacyDelete(.user("p3")),
                      .storageFails(.unreadable), .peerRevokes(peer: "p3", seq: 1)]),
            (780212, [.setReceiveOption(.user("p1"), .doNotReceive), .peerSendsC2C(peer: "p1", text: "m42", excludedFromUnread: false),
                      .peerRevokes(peer: "p1", seq: 1)]),
            (632751, [.peerSendsC2C(peer: "p0", text: "m12", excludedFromUnread: false),
                      .peerSendsC2C(peer: "p0", text: "m18", excludedFromUnread: false),
                      .setReceiveOption(.user("p0"), .doNotReceiveExceptAt),
                      .peerSendsC2C(peer: "p0", text: "m35", excludedFromUnread: false), .legacyDelete(.user("p0")),
                      .peerRevokes(peer: "p0", seq: 3)]),
            (790004, [.peerSendsC2C(peer: "p0", text: "m2", excludedFromUnread: false),
                      .peerSendsGroup(peer: "p2", group: "g0", text: "m4", mention: .none), .legacyDelete(.user("p0")),
                      .storageFails(.unreadable), .markAllRead, .peerRevokes(peer: "p0", seq: 1)]),
            (800196, [.peerSendsC2C(peer: "p2", text: "m19", excludedFromUnread: true),
                      .peerSendsC2C(peer: "p2", text: "m32", excludedFromUnread: true), .legacyRemove(.user("p2"), newest: 0),
                      .legacyDelete(.user("p2")), .peerRevokes(peer: "p2", seq: 2)]),
            (820517, [.otherDeviceSends(.user("p3"), text: "m4"), .peerSendsC2C(peer: "p3", text: "m6", excludedFromUnread: false),
                      .legacyDelete(.user("p3")), .sendMessage(.user("p3"), text: "m34"), .clearHistory(.user("p3")),
                      .legacyDelete(.user("p3")), .peerRevokes(peer: "p3", seq: 2)]),
            (842034, [.storageFails(.unreadable), .peerSendsC2C(peer: "p0", text: "m5", excludedFromUnread: false),
                      .markC2CRead(peer: nil), .storageRecovers, .peerSendsC2C(peer: "p0", text: "m19", excludedFromUnread: false),
                      .legacyDelete(.user("p0")), .peerRevokes(peer: "p0", seq: 2), .restart,
                      .peerSendsC2C(peer: "p0", text: "m32", excludedFromUnread: false),
                      .legacyRemove(.user("p0"), newest: 0)]),
        ]
        let faultless: Set<UInt64> = [742464, 975105, 751779, 800407, 780212, 632751, 800196, 820517]
        for (seed, drops) in try await replay(readFaultSequences: sequences, localRemovals: true)
        where !faultless.contains(seed) {
            XCTAssertGreaterThanOrEqual(drops, 1, "seed \(seed): the database was dropped")
        }
    }

    func test_readFaultSequences_areWellFormed_setDraftsAndDeleteAfterTheDiskBecomesUnreadable_andReadNoLocalHistoryThere() {
        var unreadable = 0
        var afterUnreadable: Set<String> = []
        for seed: UInt64 in 1...200 {
            let sequence = ModelSequence(seed: seed, steps: 30, readFaults: true)
            XCTAssertTrue(sequence.storageFaults)
            XCTAssertTrue(sequence.isWellFormed, "seed \(seed):\n\(sequence)")
            unreadable += sequence.operations.filter { $0 == .storageFails(.unreadable) }.count
            if let first = sequence.operations.firstIndex(of: .storageFails(.unreadable)) {
                for operation in sequence.operations[first...] {
                    switch operation {
                    case .setDraft: afterUnreadable.insert("draft")
                    case .legacyDelete: afterUnreadable.insert("legacy deletion")
                    default: break
                    }
                }
            }
            XCTAssertEqual(ModelSequence(seed: seed, steps: 20, storageFaults: true),
                           ModelSequence(seed: seed, steps: 20, storageFaults: true, readFaults: false),
                           "without read faults, a seed gives what it gave before")
        }
        XCTAssertGreaterThan(unreadable, 20)
        XCTAssertEqual(afterUnreadable, ["draft", "legacy deletion"],
                       "what lives on the device alone changes after the disk becomes unreadable too")
        let localReadAfterRestart = ModelSequence(
            seed: 0, operations: [.storageFails(.unreadable), .storageRecovers, .restart, .legacySetRead(.user("p0"), newest: 1)],
            readFaults: true)
        XCTAssertTrue(localReadAfterRestart.isWellFormed)
        let localReadBefore = ModelSequence(
            seed: 0, operations: [.legacySetRead(.user("p0"), newest: 1), .storageFails(.unreadable)], readFaults: true)
        XCTAssertFalse(localReadBefore.isWellFormed, "the legacy read of a message, then the disk unreadable")
        XCTAssertFalse(ModelSequence(seed: 0, operations: [.storageFails(.unreadable)], storageFaults: true).isWellFormed,
                       "unreadable only with read faults")
    }

    func test_storageFaultSequences_areWellFormed_andHaveEveryStorageEvent_whileOthersHaveNone() {
        var events: Set<String> = []
        for seed: UInt64 in 1...200 {
            let sequence = ModelSequence(seed: seed, steps: 20, storageFaults: true)
            XCTAssertTrue(sequence.isWellFormed, "seed \(seed):\n\(sequence)")
            XCTAssertEqual(Array(ModelSequence(seed: seed, steps: 30, storageFaults: true).operations.prefix(20)),
                           sequence.operations)
            for operation in sequence.operations where operation.isStorageEvent { events.insert(operation.description) }
            let plain = ModelSequence(seed: seed, steps: 20)
            XCTAssertTrue(plain.isWellFormed)
            XCTAssertFalse(plain.operations.contains(where: \.isStorageEvent), "seed \(seed)")
        }
        XCTAssertEqual(events, ["storage: the disk becomes full", "storage: the disk becomes read-only",
                                "storage: the disk recovers", "V2 logout, then login (a restart over the same database)"])
        let sendWhileFailing = ModelSequence(
            seed: 0, operations: [.storageFails(.readOnly), .sendMessage(.user("p0"), text: "m2")], storageFaults: true)
        XCTAssertFalse(sendWhileFailing.isWellFormed)
        let restartWhileFailing = ModelSequence(seed: 0, operations: [.storageFails(.diskFull), .restart], storageFaults: true)
        XCTAssertFalse(restartWhileFailing.isWellFormed)
        XCTAssertFalse(ModelSequence(seed: 0, operations: [.restart]).isWellFormed, "no storage events without storage faults")
    }

    /// What the check finds against a server whose catch-up sync lists only the cloud list (seed 88,
    /// shrunk; the check's cloud list keeps 2 conversations): the second device missed the read
    /// of p0, the oldest of three, and its sync never brought it.
    func test_aReadOutsideTheCloudList_reachesASecondDeviceThatMissedItsPush_withoutReconnect() async throws {
        let sequence = ModelSequence(seed: 88, operations: [
            .peerSendsC2C(peer: "p0", text: "m1", excludedFromUnread: false),
            .peerSendsC2C(peer: "p2", text: "m7", excludedFromUnread: false),
            .peerSendsGroup(peer: "p2", group: "g1", text: "m8", mention: .none),
            .secondDeviceMissesPushes(count: 3),
            .cleanUnreadOfKind("c2c"),
        ])
        let divergence = try await ModelChecker().check(sequence)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
    }

    /// What the check finds without the heartbeat (the second device never learns of the lost
    /// push) or when a sync's messages are not announced (seed 18, shrunk).
    func test_aLostLastPush_ofAMessage_isHeardOnceOnTheSecondDevice_withoutReconnect() async throws {
        let sequence = ModelSequence(seed: 18, operations: [
            .secondDeviceMissesPushes(count: 2),
            .sendMessage(.user("p0"), text: "m3"),
            .peerSendsGroup(peer: "p1", group: "g0", text: "m4", mention: .me),
        ])
        let divergence = try await ModelChecker().check(sequence)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
    }

    /// Found with storage faults (seed 8204, 30 steps, shrunk; no fault in it): the second device
    /// missed the push of "do not receive" for g1, and its own message in g1 from the other device;
    /// when it caught up it counted m23, which the server never delivered to the user.
    func test_foundBySeed8204_aGroupSetNotToReceive_onAnotherDevice_countsNothingItDidNotDeliver() async throws {
        let sequence = ModelSequence(seed: 8204, operations: [
            .peerSendsGroup(peer: "p2", group: "g1", text: "m10", mention: .me),
            .setReceiveOption(.group("g1"), .doNotReceive),
            .secondDeviceMissesPushes(count: 3),
            .peerSendsGroup(peer: "p0", group: "g1", text: "m23", mention: .all),
            .sendMessage(.group("g1"), text: "m25"),
        ])
        let divergence = try await ModelChecker().check(sequence)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
    }

    /// Found by the long mode with storage faults (seed 1072740853, 40 steps, shrunk; no fault in
    /// it): the second device heard "do not receive" for p2, a conversation the user did not have,
    /// then missed the push that set it back; p2's first message then counted as muted there.
    func test_foundBySeed1072740853_aReceiveOptionSetBack_onAnotherDevice_reachesItWithTheFirstMessage() async throws {
        let sequence = ModelSequence(seed: 1_072_740_853, operations: [
            .setReceiveOption(.user("p2"), .doNotReceive),
            .secondDeviceMissesPushes(count: 2),
            .peerSendsGroup(peer: "p1", group: "g0", text: "m9", mention: .none),
            .setReceiveOption(.user("p2"), .receive),
            .peerSendsC2C(peer: "p2", text: "m26", excludedFromUnread: false),
        ])
        let divergence = try await ModelChecker().check(sequence)
        XCTAssertNil(divergence, divergence.map { "\($0)" } ?? "")
    }

    /// What `imsdk check --read-faults` found (shrunk), each replayed: the rebuild after the
    /// database was dropped placed a cleared conversation (seed 164) and two active in the same
    /// second (seed 107) from the server's answer alone; a device that never saw a cleared
    /// conversation's messages placed it below every conversation with one (seed 5324, at the
    /// restart over the file left behind), also when a sync page carried its state as of a
    /// cleared message (seeds 7275 and 8078) or as of one it had never carried (seed 125982).
    func test_foundWithReadFaults_theRebuildAndTheRestartAfterIt_keepEveryConversationInItsPlace() async throws {
        let sequences: [(UInt64, [ModelOperation])] = [
            (164, [.storageFails(.unreadable), .peerSendsC2C(peer: "p0", text: "m9", excludedFromUnread: false),
                   .peerSendsGroup(peer: "p2", group: "g0", text: "m10", mention: .none), .clearHistory(.group("g0"))]),
            (107, [.sendMessage(.group("g1"), text: "m4"), .peerSendsC2C(peer: "p3", text: "m5", excludedFromUnread: false),
                   .storageFails(.unreadable), .peerSendsC2C(peer: "p3", text: "m13", excludedFromUnread: false),
                   .peerSendsGroup(peer: "p1", group: "g0", text: "m19", mention: .none, excludedFromUnread: true),
                   .secondDeviceRead(.group("g1"))]),
            (5324, [.peerSendsC2C(peer: "p2", text: "m4", excludedFromUnread: false), .storageFails(.unreadable),
                    .cleanUnread(.user("p2")), .peerSendsC2C(peer: "p3", text: "m19", excludedFromUnread: false),
                    .clearHistory(.user("p3"))]),
            (7275, [.storageFails(.unreadable), .peerSendsC2C(peer: "p1", text: "m19", excludedFromUnread: false),
                    .peerSendsGroup(peer: "p0", group: "g0", text: "m20", mention: .other), .cleanUnread(.user("p1")),
                    .peerSendsGroup(peer: "p3", group: "g1", text: "m25", mention: .none),
                    .peerSendsGroup(peer: "p3", group: "g0", text: "m26", mention: .other), .clearHistory(.group("g0"))]),
            (8078, [.storageFails(.unreadable), .peerSendsC2C(peer: "p0", text: "m16", excludedFromUnread: false),
                    .markC2CRead(peer: nil), .peerSendsC2C(peer: "p1", text: "m27", excludedFromUnread: false),
                    .clearHistory(.user("p1"))]),
            (125982, [.peerSendsGroup(peer: "p3", group: "g1", text: "m3", mention: .none), .storageFails(.unreadable),
                      .cleanUnread(.group("g1")), .peerSendsC2C(peer: "p0", text: "m22", excludedFromUnread: false),
                      .createGroup("home", [.group("g0"), .user("p2")]),
                      .peerSendsC2C(peer: "p3", text: "m26", excludedFromUnread: false),
                      .peerSendsC2C(peer: "p3", text: "m40", excludedFromUnread: false),
                      .peerRevokes(peer: "p0", seq: 1), .clearHistory(.user("p0"))]),
        ]
        for (seed, drops) in try await replay(readFaultSequences: sequences) {
            XCTAssertEqual(drops, 1, "seed \(seed): the database was dropped")
        }
    }

    /// Checks each shrunk read-fault sequence (its seed, its operations), which must be well formed
    /// and pass; returns how many times each dropped the database.
    private func replay(
        readFaultSequences sequences: [(UInt64, [ModelOperation])], localRemovals: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> [(seed: UInt64, drops: Int)] {
        var drops: [(seed: UInt64, drops: Int)] = []
        for (seed, operations) in sequences {
            let sequence = ModelSequence(seed: seed, operations: operations, readFaults: true, localRemovals: localRemovals)
            XCTAssertTrue(sequence.isWellFormed, "seed \(seed)", file: file, line: line)
            var counts = ModelStorageCounts()
            let divergence = try await ModelChecker().check(sequence, counts: &counts)
            XCTAssertNil(divergence, "seed \(seed): " + (divergence.map { "\($0)" } ?? ""), file: file, line: line)
            drops.append((seed, counts.databaseDrops))
        }
        return drops
    }

    /// Found by `imsdk check --read-faults` once its sequences set drafts and make legacy
    /// deletions: what changes on this device alone after the database is dropped is recorded in
    /// the file at logout, so the restart over it shows it. A draft whose batch the disk had refused
    /// before the drop (seeds 400027 and 300465); a draft on a conversation a legacy deletion had
    /// kept the messages of, created again by a message (seed 400263); a deletion on the other
    /// device, of a conversation a message of mine then created again, which the sync from the
    /// file's version cannot tell (seed 300502); the row written for a conversation created again
    /// after a legacy deletion, without its conversation group (seed 500444); a message the file
    /// never got, kept by a legacy deletion after the drop, which the server then no longer
    /// delivered (seed 510122); the place a draft gave a conversation the file lacked, the draft
    /// cleared since (seed 570468); a clear whose own read dropped the database, then a legacy
    /// deletion keeping the messages, and a message creating the conversation again after the
    /// restart, which brought the cleared message back (seed 600551).
    func test_foundWithReadFaults_deletionsAndDraftsAfterTheDrop_standAfterTheRestart() async throws {
        let sequences: [(UInt64, [ModelOperation])] = [
            (400027, [.peerSendsGroup(peer: "p2", group: "g1", text: "m25", mention: .other),
                      .peerSendsC2C(peer: "p2", text: "m32", excludedFromUnread: false), .storageFails(.unreadable),
                      .legacyDelete(.group("g1")), .setDraft(.user("p2"), "draft m57"), .cleanUnreadOfKind("c2c")]),
            (300465, [.storageFails(.unreadable), .peerSendsC2C(peer: "p0", text: "m56", excludedFromUnread: true),
                      .createGroup("work", [.user("p0"), .group("g0"), .group("g0")]),
                      .peerSendsC2C(peer: "p2", text: "m58", excludedFromUnread: false),
                      .setDraft(.user("p0"), "draft m59"), .markAllRead]),
            (400263, [.peerSendsGroup(peer: "p1", group: "g0", text: "m1", mention: .none), .legacyDelete(.group("g0")),
                      .storageFails(.unreadable), .peerSendsGroup(peer: "p0", group: "g0", text: "m30", mention: .none),
                      .setDraft(.group("g0"), "draft m53")]),
            (300502, [.peerSendsC2C(peer: "p2", text: "m5", excludedFromUnread: true), .setDraft(.user("p2"), "draft m6"),
                      .storageFails(.unreadable), .secondDeviceRead(.user("p2")), .storageRecovers,
                      .secondDeviceDelete(.user("p2")), .sendMessage(.user("p2"), text: "m59")]),
            (500444, [.peerSendsC2C(peer: "p2", text: "m15", excludedFromUnread: true),
                      .createGroup("work", [.user("p2"), .user("p0"), .user("p2")]), .legacyDelete(.user("p2")),
                      .storageFails(.unreadable), .otherDeviceSends(.user("p2"), text: "m50"),
                      .setDraft(.user("p2"), "draft m53")]),
            (510122, [.peerSendsGroup(peer: "p2", group: "g0", text: "m4", mention: .meAndAll, excludedFromUnread: true),
                      .storageFails(.unreadable), .cleanUnread(.group("g0")), .storageRecovers,
                      .otherDeviceSends(.user("p1"), text: "m37"), .legacyDelete(.user("p1")),
                      .peerSendsC2C(peer: "p1", text: "m54", excludedFromUnread: false), .restart,
                      .legacySetRead(.user("p1"), newest: 1)]),
            (570468, [.peerSendsC2C(peer: "p1", text: "m26", excludedFromUnread: false), .storageFails(.unreadable),
                      .clearHistory(.user("p1")), .peerSendsGroup(peer: "p2", group: "g0", text: "m39", mention: .none),
                      .otherDeviceSends(.user("p2"), text: "m40"), .setDraft(.group("g0"), "draft m42"),
                      .setDraft(.group("g0"), nil)]),
            (600551, [.storageFails(.unreadable), .peerSendsC2C(peer: "p3", text: "m6", excludedFromUnread: false),
                      .clearHistory(.user("p3")), .legacyDelete(.user("p3")), .storageRecovers, .restart,
                      .peerSendsC2C(peer: "p3", text: "m18", excludedFromUnread: true),
                      .legacySetRead(.user("p3"), newest: 1)]),
        ]
        for (seed, drops) in try await replay(readFaultSequences: sequences) {
            XCTAssertGreaterThanOrEqual(drops, 1, "seed \(seed): the database was dropped")
        }
    }

    func test_sameSeed_givesTheSameOperations_andALongerSequenceExtendsAShorterOne() {
        for seed: UInt64 in [0, 1, 42, .max] {
            let short = ModelSequence(seed: seed, steps: 20)
            XCTAssertEqual(short, ModelSequence(seed: seed, steps: 20), "seed \(seed)")
            XCTAssertEqual(Array(ModelSequence(seed: seed, steps: 35).operations.prefix(20)), short.operations)
        }
        XCTAssertNotEqual(ModelSequence(seed: 1, steps: 20).operations, ModelSequence(seed: 2, steps: 20).operations)
    }

    func test_generatedSequences_coverEveryKindOfOperation() {
        var kinds: Set<String> = []
        for seed: UInt64 in 1...200 {
            for operation in ModelSequence(seed: seed, steps: 20).operations {
                kinds.insert(String(describing: operation).components(separatedBy: "(").first!
                    .components(separatedBy: " \"").first!)
            }
        }
        for expected in ["V2 markC2CMessage", "V2 markGroupMessage", "V2 markAllMessage", "V2 pinConversation",
                         "V2 deleteConversation", "V2 setConversationDraft", "V2 setC2CReceiveMessageOpt",
                         "V2 setGroupReceiveMessageOpt", "V2 cleanConversationUnreadMessageCount",
                         "legacy getConversation", "legacy deleteConversation", "second device: V2 pinConversation",
                         "second device: V2 deleteConversation", "V2 markConversation", "V2 setConversationCustomData",
                         "V2 createConversationGroup", "V2 renameConversationGroup", "V2 addConversationsToGroup",
                         "V2 deleteConversationsFromGroup", "V2 deleteConversationGroup",
                         "second device: V2 markConversation", "second device: V2 renameConversationGroup"] {
            XCTAssertTrue(kinds.contains(expected), "\(expected) never generated; got \(kinds.sorted())")
        }
        XCTAssertTrue(kinds.contains { $0.hasPrefix("network: the next") }, "lost pushes never generated")
    }

    // MARK: - The check can fail

    func test_aWrongModel_isCaught_andShrunkToAShortSequenceThatReplays() async throws {
        for flaw in ModelFlaw.allCases {
            let options = ModelCheckRun.Options(seed: 1, steps: 20, sequences: 200, flaw: flaw)
            let summary = try await ModelCheckRun(options: options).run()
            guard let failure = summary.failure else {
                XCTFail("\(flaw): 200 sequences never noticed the wrong model")
                continue
            }
            XCTAssertLessThanOrEqual(failure.shrunk.operations.count, 4, "\(flaw):\n\(failure)")
            XCTAssertLessThanOrEqual(failure.shrunk.operations.count, failure.divergence.step)
            let replayed = try await ModelChecker(flaw: flaw).check(failure.shrunk)
            XCTAssertEqual(replayed, failure.shrunkDivergence, "\(flaw): the shrunk sequence fails the same way again")
            let correct = try await ModelChecker().check(failure.shrunk)
            XCTAssertNil(correct, "\(flaw): the correct model agrees with the SDK on the shrunk sequence")
        }
    }

    func test_failureReport_namesTheSeedStepObservableAndShrunkSequence() async throws {
        let options = ModelCheckRun.Options(seed: 1, steps: 20, sequences: 200, flaw: .mutedCountInTotal)
        let summary = try await ModelCheckRun(options: options).run()
        let failure = try XCTUnwrap(summary.failure)
        let report = failure.description
        XCTAssertTrue(report.contains("seed \(failure.sequence.seed)"), report)
        XCTAssertTrue(report.contains("after step \(failure.divergence.step) ("), report)
        XCTAssertTrue(report.contains(failure.divergence.observable), report)
        XCTAssertTrue(report.contains("Shrunk to \(failure.shrunk.operations.count) operation"), report)
        XCTAssertTrue(report.contains("imsdk check --seed \(failure.sequence.seed) --steps 20 --sequences 1"), report)
        for operation in failure.shrunk.operations {
            XCTAssertTrue(report.contains(operation.description), report)
        }
        XCTAssertEqual(failure.sequence, ModelSequence(seed: failure.sequence.seed, steps: 20), "the seed replays it")
    }
}
