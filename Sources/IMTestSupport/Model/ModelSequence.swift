import IMCore

/// A seeded sequence of model operations: the same seed, length and mode always give the same
/// operations, and a longer sequence of the same seed and mode starts with the shorter one.
///
/// The generator runs the reference model alongside, to aim most operations at conversations that
/// exist (reads, pins, deletes, drafts) and at sequences that exist (group reads), while still
/// sometimes naming missing ones (the SDK must fail with 6004).
///
/// With `storageFaults`, the main device keeps its store on disk, the disk fails (full or
/// read-only) and recovers at random moments, and the device restarts now and then; the checker
/// ends such a sequence with a recovery and a restart. Two things are left out while the disk
/// fails (`isWellFormed`): sends from the main device (one that cannot be stored is not sent, which
/// the model does not follow) and restarts (what only this device had is lost then, by design).
///
/// With `readFaults` too, the disk may also become unreadable (`StorageFault.unreadable`); an
/// operation that needs a stored message then makes the session stop using its database until
/// the next login, and rebuild its list from the server; its logout records in the file left
/// behind the deletions and drafts made since (`LeftBehindChanges`). The local history the legacy
/// read of a message picks from is partly out of reach then: between two restarts in which the
/// disk becomes unreadable, no legacy read of a message (`isWellFormed`). Everything else goes on
/// being compared, through the rebuild and the restart after it.
///
/// With `localRemovals`, sequences also remove messages from the main device's local storage
/// (`ModelOperation.legacyRemove`); a second device goes on showing them. Once the disk became unreadable, none until the next restart: the
/// local history is partly out of reach then (see above), so which message is newest, and which
/// becomes the last one, is too. Before it, the newest one only (the others are history reads).
/// And once a restart followed a removal, the disk never becomes unreadable: its tombstone is then
/// in the database alone, which the rebuild after the drop cannot read, so the removed message
/// shows again until the next login (memory holds the tombstones of the removals made since the
/// login, which the rebuild keeps).
package struct ModelSequence: Hashable, Sendable, CustomStringConvertible {
    /// The seed the operations were generated from.
    package let seed: UInt64
    package var operations: [ModelOperation]
    /// Whether the main device stores on disk and the sequence may fail it (see the type's notes).
    package let storageFaults: Bool
    /// Whether the disk may also become unreadable (see the type's notes); implies `storageFaults`.
    package let readFaults: Bool
    /// Whether sequences may remove local messages (see the type's notes).
    package let localRemovals: Bool
    /// Whether peers may change messages (`ModelOperation.peerModifies`).
    package let modifications: Bool

    package init(
        seed: UInt64, operations: [ModelOperation], storageFaults: Bool = false, readFaults: Bool = false,
        localRemovals: Bool = false, modifications: Bool = false
    ) {
        self.seed = seed
        self.operations = operations
        self.storageFaults = storageFaults || readFaults
        self.readFaults = readFaults
        self.localRemovals = localRemovals
        self.modifications = modifications
    }

    /// This sequence with `operations` instead (the same seed and modes): a candidate of shrinking.
    package func with(operations: [ModelOperation]) -> ModelSequence {
        ModelSequence(seed: seed, operations: operations, storageFaults: storageFaults, readFaults: readFaults,
                      localRemovals: localRemovals, modifications: modifications)
    }

    /// Generates `steps` operations from `seed`. About a third of the seeds also use a second
    /// device of the user. Without `readFaults`, a seed gives the operations it gave before read
    /// faults existed; without `localRemovals`, those it gave before local removals existed;
    /// without `modifications`, those it gave before changed messages existed.
    package init(
        seed: UInt64, steps: Int, storageFaults: Bool = false, readFaults: Bool = false, localRemovals: Bool = false,
        modifications: Bool = false
    ) {
        var random = SeededRandomGenerator(seed: seed)
        var model = ReferenceModel()
        let secondDevice = random.chance(35)
        var operations: [ModelOperation] = []
        var storage = storageFaults || readFaults ? StorageState(readFaults: readFaults) : nil
        for step in 0..<steps {
            let operation = Self.next(
                step: step, model: model, secondDevice: secondDevice, localRemovals: localRemovals,
                modifications: modifications, storage: storage, random: &random)
            _ = model.apply(operation)
            operations.append(operation)
            storage?.note(operation)
        }
        self.init(
            seed: seed, operations: operations, storageFaults: storageFaults, readFaults: readFaults,
            localRemovals: localRemovals, modifications: modifications)
    }

    /// Where a sequence with storage faults stands, for what may come next.
    private struct StorageState {
        let readFaults: Bool
        /// Whether the disk fails now.
        var failing = false
        /// Since the last restart: whether the disk became unreadable, and whether the local
        /// history was read (which rules the other out, see the type's notes).
        var unreadableSinceRestart = false
        var historyReadSinceRestart = false
        /// Whether a local message was removed since the last restart, and before it (which
        /// rules out an unreadable disk for good, see the type's notes).
        var removedSinceRestart = false
        var removedBeforeRestart = false

        /// Whether the disk may become unreadable now.
        var mayBecomeUnreadable: Bool { readFaults && !historyReadSinceRestart && !removedBeforeRestart }

        mutating func note(_ operation: ModelOperation) {
            switch operation {
            case .storageFails(let fault):
                failing = true
                if fault == .unreadable { unreadableSinceRestart = true }
            case .storageRecovers:
                failing = false
            case .restart:
                unreadableSinceRestart = false
                historyReadSinceRestart = false
                if removedSinceRestart { removedBeforeRestart = true }
                removedSinceRestart = false
            default:
                if operation.readsLocalHistory { historyReadSinceRestart = true }
                if operation.isLocalRemoval { removedSinceRestart = true }
            }
        }
    }

    /// Whether any operation needs the second device (it is logged in from the start then).
    package var usesSecondDevice: Bool { operations.contains(where: \.usesSecondDevice) }

    /// Whether the sequence can be checked: no storage events without `storageFaults`, and while
    /// the disk fails no send from the main device and no restart; the disk unreadable only with
    /// `readFaults`, and between two restarts either the disk unreadable or reads of the local
    /// history (`ModelOperation.readsLocalHistory`), not both; local removals only with
    /// `localRemovals`, none while the disk is unreadable, and the disk
    /// unreadable only before the first restart after a removal. Generated sequences are; the
    /// shrinker tries only candidates that are.
    package var isWellFormed: Bool {
        if operations.contains(where: \.isLocalRemoval), !localRemovals { return false }
        if operations.contains(where: \.isModification), !modifications { return false }
        var failing = false
        var unreadable = false
        var historyRead = false
        var (removed, removedBeforeRestart) = (false, false)
        for operation in operations {
            switch operation {
            case .storageFails(let fault):
                guard storageFaults, fault != .unreadable || readFaults && !removedBeforeRestart else { return false }
                failing = true
                if fault == .unreadable { unreadable = true }
            case .storageRecovers:
                guard storageFaults else { return false }
                failing = false
            case .restart, .sendMessage:
                if failing || operation == .restart && !storageFaults { return false }
                if operation == .restart {
                    (unreadable, historyRead) = (false, false)
                    (removed, removedBeforeRestart) = (false, removedBeforeRestart || removed)
                }
            default:
                if operation.readsLocalHistory { historyRead = true }
                if operation.isLocalRemoval {
                    if unreadable { return false }
                    removed = true
                }
            }
            if unreadable && historyRead { return false }
        }
        return true
    }

    /// The operations, one numbered line each.
    package var description: String {
        operations.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }

    // MARK: - Generation

    /// The kinds of operation and how often each is drawn.
    private enum Kind: CaseIterable {
        case peerC2C, peerGroup, otherDevice, send, readC2C, readGroup, readAll, clean, cleanKind, cleanGroupSeq
        case pin, delete, draft, receiveOption, legacyRead, legacyDelete
        case secondRead, secondPin, secondDelete, secondSend, secondMissesPushes
        case storageFails, storageRecovers, restart
        case peerRevokes, peerReads, revokeMine, clearHistory
        case mark, customData, createGroup, renameGroup, addToGroup, removeFromGroup, deleteGroup
        case secondMark, secondRenameGroup
        /// Last, so that without `localRemovals` (and `modifications`) the draws are those of before.
        case localRemove
        /// Last, so that without `modifications` the draws are those of before.
        case peerModifies

        var weight: Int {
            switch self {
            case .peerC2C: return 20
            case .peerGroup: return 16
            case .otherDevice: return 3
            case .send: return 5
            case .readC2C: return 5
            case .readGroup: return 4
            case .readAll: return 2
            case .clean: return 3
            case .cleanKind: return 2
            case .cleanGroupSeq: return 3
            case .pin: return 8
            case .delete: return 4
            case .draft: return 5
            case .receiveOption: return 5
            case .legacyRead: return 6
            case .legacyDelete: return 3
            case .secondRead: return 3
            case .secondPin: return 3
            case .secondDelete: return 1
            case .secondSend: return 2
            case .secondMissesPushes: return 3
            case .storageFails: return 6
            case .storageRecovers: return 20
            case .restart: return 3
            case .peerRevokes: return 3
            case .peerReads: return 3
            case .revokeMine: return 2
            case .clearHistory: return 2
            case .mark: return 5
            case .customData: return 3
            case .createGroup: return 3
            case .renameGroup: return 2
            case .addToGroup: return 3
            case .removeFromGroup: return 2
            case .deleteGroup: return 2
            case .secondMark: return 2
            case .secondRenameGroup: return 1
            case .localRemove: return 5
            case .peerModifies: return 4
            }
        }

        var needsSecondDevice: Bool {
            [.secondRead, .secondPin, .secondDelete, .secondSend, .secondMissesPushes, .secondMark, .secondRenameGroup]
                .contains(self)
        }

        /// Whether the kind may be drawn where `storage` stands (nil: a sequence without storage
        /// faults).
        func isAllowed(storage: StorageState?) -> Bool {
            guard let storage else { return ![.storageFails, .storageRecovers, .restart].contains(self) }
            switch self {
            case .storageRecovers: return storage.failing
            case .storageFails, .restart, .send: return !storage.failing
            case .localRemove: return !storage.unreadableSinceRestart
            default: return true
            }
        }
    }

    /// One operation, drawn by weight; `storage` is where a sequence with storage faults stands
    /// (nil: one without).
    private static func next(
        step: Int, model: ReferenceModel, secondDevice: Bool, localRemovals: Bool, modifications: Bool,
        storage: StorageState?, random: inout SeededRandomGenerator
    ) -> ModelOperation {
        let kinds = Kind.allCases.filter { kind in
            (secondDevice || !kind.needsSecondDevice) && kind.isAllowed(storage: storage)
                && (kind != .localRemove || localRemovals) && (kind != .peerModifies || modifications)
        }
        var pick = Int.random(in: 0..<kinds.map(\.weight).reduce(0, +), using: &random)
        var kind = kinds[0]
        for candidate in kinds {
            if pick < candidate.weight {
                kind = candidate
                break
            }
            pick -= candidate.weight
        }
        let text = "m\(step + 1)"
        let existing = ModelTarget.all.filter { model.conversations[$0] != nil }
        // Mostly a conversation in the list; sometimes any (perhaps a missing one).
        func anyTarget(_ random: inout SeededRandomGenerator) -> ModelTarget {
            if !existing.isEmpty && random.chance(75) { return existing.randomElement(using: &random)! }
            return ModelTarget.all.randomElement(using: &random)!
        }
        let peer = ModelTarget.peers.randomElement(using: &random)!
        let group = ModelTarget.groups.randomElement(using: &random)!
        // Conversation groups: a few names, so that they meet (one in use, one unknown).
        func groupName(_ random: inout SeededRandomGenerator) -> String {
            Self.groupNames.randomElement(using: &random)!
        }
        func someTargets(_ random: inout SeededRandomGenerator) -> [ModelTarget] {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in anyTarget(&random) }
        }
        switch kind {
        case .peerC2C:
            return .peerSendsC2C(peer: peer, text: text, excludedFromUnread: random.chance(10))
        case .peerGroup:
            let mention = random.chance(50) ? ModelMention.none : ModelMention.allCases.randomElement(using: &random)!
            return .peerSendsGroup(
                peer: peer, group: group, text: text, mention: mention, excludedFromUnread: random.chance(10))
        case .otherDevice:
            return .otherDeviceSends(anyTarget(&random), text: text)
        case .send:
            return .sendMessage(anyTarget(&random), text: text)
        case .readC2C:
            return .markC2CRead(peer: random.chance(25) ? nil : peer)
        case .readGroup:
            return .markGroupRead(group: random.chance(25) ? nil : group)
        case .readAll:
            return .markAllRead
        case .clean:
            return .cleanUnread(anyTarget(&random))
        case .cleanKind:
            return .cleanUnreadOfKind(["c2c", "group", ""].randomElement(using: &random)!)
        case .cleanGroupSeq:
            let newest = model.serverSeq(of: .group(group))
            return .cleanGroupUnread(group: group, upToSeq: newest == 0 ? 1 : UInt64.random(in: 1...newest, using: &random))
        case .pin:
            return .pin(anyTarget(&random), random.chance(65))
        case .delete:
            return .delete(anyTarget(&random))
        case .draft:
            return .setDraft(anyTarget(&random), random.chance(30) ? nil : "draft \(text)")
        case .receiveOption:
            return .setReceiveOption(anyTarget(&random), ModelReceiveOption.allCases.randomElement(using: &random)!)
        case .legacyRead:
            // After an unreadable disk, the read of everything only (no local history to pick from).
            if storage?.unreadableSinceRestart == true { return .legacySetRead(anyTarget(&random), newest: nil) }
            return .legacySetRead(anyTarget(&random), newest: random.chance(40) ? nil : Int.random(in: 0...3, using: &random))
        case .legacyDelete:
            return .legacyDelete(anyTarget(&random))
        case .secondRead:
            return .secondDeviceRead(anyTarget(&random))
        case .secondPin:
            return .secondDevicePin(anyTarget(&random), random.chance(60))
        case .secondDelete:
            return .secondDeviceDelete(anyTarget(&random))
        case .secondSend:
            return .secondDeviceSends(anyTarget(&random), text: text)
        case .secondMissesPushes:
            return .secondDeviceMissesPushes(count: Int.random(in: 1...3, using: &random))
        case .storageFails:
            let fault: StorageFault = random.chance(50) ? .diskFull : .readOnly
            // Drawn only with read faults, so that other sequences stay what their seeds gave.
            guard let storage, storage.mayBecomeUnreadable, random.chance(40) else {
                return .storageFails(fault)
            }
            return .storageFails(.unreadable)
        case .storageRecovers:
            return .storageRecovers
        case .restart:
            return .restart
        case .peerRevokes:
            return .peerRevokes(peer: peer, seq: model.newestUnrevoked(from: peer) ?? 1)
        case .peerModifies:
            // Mostly the newest message (the last one, when shown), sometimes an older one.
            let newest = model.serverSeq(of: .user(peer))
            let seq = newest > 1 && random.chance(30) ? UInt64.random(in: 1...newest, using: &random) : max(newest, 1)
            return .peerModifies(peer: peer, seq: seq, text: "e\(step + 1)")
        case .peerReads:
            return .peerReads(peer: peer)
        case .revokeMine:
            return .revokeMine(anyTarget(&random))
        case .clearHistory:
            return .clearHistory(anyTarget(&random))
        case .mark:
            return .mark(anyTarget(&random), ModelMark.allCases.randomElement(using: &random)!, random.chance(65))
        case .customData:
            return .setCustomData(anyTarget(&random), random.chance(30) ? nil : "data \(text)")
        case .createGroup:
            return .createGroup(groupName(&random), someTargets(&random))
        case .renameGroup:
            return .renameGroup(groupName(&random), to: groupName(&random))
        case .addToGroup:
            return .addToGroup(groupName(&random), someTargets(&random))
        case .removeFromGroup:
            return .removeFromGroup(groupName(&random), someTargets(&random))
        case .deleteGroup:
            return .deleteGroup(groupName(&random))
        case .secondMark:
            return .secondDeviceMark(anyTarget(&random), ModelMark.allCases.randomElement(using: &random)!, random.chance(65))
        case .secondRenameGroup:
            return .secondDeviceRenameGroup(groupName(&random), to: groupName(&random))
        case .localRemove:
            // Where the disk may still become unreadable, the newest only (see the type's notes).
            let newest = storage?.readFaults == true && !storage!.historyReadSinceRestart && random.chance(70)
                ? 0 : Int.random(in: 0...3, using: &random)
            return .legacyRemove(anyTarget(&random), newest: newest)
        }
    }

    /// The conversation group names sequences use.
    static let groupNames = ["work", "home", "club"]
}
