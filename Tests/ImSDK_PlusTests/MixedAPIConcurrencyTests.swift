import Foundation
import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// The legacy and the V2 API called from many threads at once, on two devices of one user (the
/// shared session, driven through both APIs, and a second V2 instance), while other threads make
/// the server push messages.
///
/// Each worker thread owns two conversations (a C2C one and a group): only it changes them, one
/// awaited step at a time, so their end state follows from its script while everything else
/// interleaves freely. Every worker also reads everything, through both APIs, and reads, pins and
/// deletes the contended conversations the pusher threads keep writing to; those must end as the
/// server holds them. A known last sequence (everything read, then counted messages) must then show
/// exact counts everywhere.
final class MixedAPIConcurrencyTests: XCTestCase {
    private var phone: V2TestSession!
    private var tablet: V2TestSession!

    override func tearDown() {
        phone?.tearDown()
        tablet?.tearDown()
        phone = nil
        tablet = nil
        super.tearDown()
    }

    /// How long the storm's threads may take before the test fails (generous: sanitizers, 2 cores).
    private static let stormTimeout = 300.0

    func test_bothAPIsOnTwoDevicesFromManyThreads_whileTheServerPushes_loseNoUpdateAndConverge() async throws {
        let owners = (0..<Storm.workers).map { "o\($0)" }
        phone = try await V2TestSession(peers: owners + Storm.contendedPeers)
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
        let server = phone.server
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try server.createGroup("g", name: "G", faceURL: nil, members: ["me"] + Storm.contendedPeers)
        for (index, owner) in owners.enumerated() {
            try server.createGroup("q\(index)", name: "Q\(index)", faceURL: nil, members: ["me", owner])
        }

        let storm = Storm(server: server, devices: [phone.manager, tablet.manager])
        let started = Date()
        let threads = DispatchGroup()
        for worker in 0..<Storm.workers {
            threads.enter()
            Thread { storm.work(worker); threads.leave() }.start()
        }
        for pusher in 0..<Storm.pushers {
            threads.enter()
            Thread { storm.push(pusher); threads.leave() }.start()
        }
        let finished = await Self.wait(seconds: Self.stormTimeout) { threads.wait(timeout: .now()) == .success }
        if !finished {
            // The session's lock is probably held for good: every later test on the shared SDK would
            // hang on it. Stopping here turns that hang into a failure with a reason.
            fatalError("deadlock: the storm's threads did not finish in \(Self.stormTimeout) s; calls still open: \(storm.ledger.open.prefix(20))")
        }
        let allEnded = await Self.wait(seconds: Storm.callbackTimeout) { storm.ledger.open.isEmpty }
        let duration = Date().timeIntervalSince(started)
        XCTAssertTrue(allEnded, "calls without a callback: \(storm.ledger.open.prefix(20))")
        XCTAssertEqual(storm.ledger.repeated, [], "calls with more than one callback")
        XCTAssertEqual(storm.problems, [], "the owned conversations' steps")
        print("""
            storm: \(Storm.workers) worker and \(Storm.pushers) pusher threads, \(storm.ledger.begun + storm.directCalls) \
            SDK calls (\(storm.ledger.begun) with callbacks), \(storm.messages) server messages, \
            \(String(format: "%.1f", duration)) s
            """)
        await settleBoth()

        // The contended conversations end as the server holds them, on both devices.
        phone.checkInvariants()
        tablet.checkInvariants()
        let cloud = try CloudSummary.server(server, userID: "me")
        let phoneView = try await CloudSummary.device(phone)
        let tabletView = try await CloudSummary.device(tablet)
        XCTAssertEqual(phoneView, cloud, "the phone shows the server's state")
        XCTAssertEqual(tabletView, cloud, "the tablet shows the server's state")

        // The owned conversations end as their scripts say, through both APIs and on both devices.
        for (id, expected) in storm.expected.sorted(by: { $0.key < $1.key }) {
            try await check(id, expected)
        }
        try await checkTotals()

        // A known last sequence: everything read on the tablet, then counted messages everywhere.
        try await call { self.tablet.manager.markAllMessage(asRead: $0, fail: $1) }
        await settleBoth()
        var unread: [String: Int] = [:]
        for (index, owner) in owners.enumerated() {
            for _ in 0..<(1 + index % 3) { try server.sendText("last", from: owner, toUser: "me") }
            unread["c2c_\(owner)"] = 1 + index % 3
            try server.sendText("last", from: owner, toGroup: "q\(index)")
            try server.sendText("@", from: owner, toGroup: "q\(index)", atUserIDs: ["me"])
            unread["group_q\(index)"] = 2
        }
        for (index, peer) in Storm.contendedPeers.enumerated() {
            for _ in 0...index { try server.sendText("last", from: peer, toUser: "me") }
            unread["c2c_\(peer)"] = index + 1
        }
        for peer in ["s0", "s1"] { try server.sendText("last", from: peer, toGroup: "g") }
        try server.sendText("@", from: "s2", toGroup: "g", atUserIDs: ["me"])
        unread["group_g"] = 3
        await settleBoth()
        for session in [phone!, tablet!] {
            let list = try await session.walk().list
            let shown = Dictionary(uniqueKeysWithValues: list.map { ($0.conversationID, Int($0.unreadCount)) })
            XCTAssertEqual(shown, unread, "each conversation counts exactly the messages after the read")
            for conversation in list where conversation.type == .GROUP {
                XCTAssertEqual(conversation.groupAtInfolist?.count ?? 0, 1, "\(conversation.conversationID ?? ""): one unread @me")
            }
        }
        let legacyCounts = (TIMManager.sharedInstance().getConversationList() ?? []).map {
            ($0.getType() == .GROUP ? "group_" : "c2c_") + ($0.getReceiver() ?? "")
        }
        XCTAssertEqual(Set(legacyCounts), Set(unread.keys), "the legacy list has the same conversations")
        for (id, count) in unread {
            XCTAssertEqual(Int(legacyConversation(id).getUnReadMessageNum()), count, "legacy \(id)")
        }
        try await checkTotals(expected: UInt64(unread.values.reduce(0, +)))
        phone.checkInvariants()
        tablet.checkInvariants()
        let finalCloud = try CloudSummary.server(server, userID: "me")
        let finalPhone = try await CloudSummary.device(phone)
        let finalTablet = try await CloudSummary.device(tablet)
        XCTAssertEqual(finalPhone, finalCloud)
        XCTAssertEqual(finalTablet, finalCloud)
    }

    /// Found by the storm: a device's pin reaches the server after another device's delete, and the
    /// server keeps the conversation (empty, pinned). Every device must then show it as well.
    func test_pinThatArrivesAfterADelete_showsTheEmptyPinnedConversationOnEveryDevice() async throws {
        phone = try await V2TestSession(peers: ["a"])
        phone.server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try phone.server.sendText("hi", from: "a", toUser: "me")
        await phone.settle()
        let other = try await RawDevice(userID: "me", transport: phone.server)
        defer { other.close() }
        try await other.send(.deleteConversation(.c2c("a"), clearingMessages: true))
        try await other.send(.setPinned(.c2c("a"), true))
        await phone.settle()
        let cloud = try CloudSummary.server(phone.server, userID: "me")
        XCTAssertEqual(cloud, ["c2c:a unread 0 pinned true recv 0 last 0"], "the server keeps it, empty and pinned")
        let shown = try await CloudSummary.device(phone)
        XCTAssertEqual(shown, cloud)
        phone.checkInvariants()
    }

    // MARK: - Checks

    private func settleBoth() async {
        await phone.settle()
        await tablet.settle()
        await phone.settle()
        await tablet.settle()
    }

    /// The totals: each device's equals the sum of its list, the legacy sum equals the shared
    /// session's, and the two devices agree (on `expected` when given).
    private func checkTotals(expected: UInt64? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        var totals: [UInt64] = []
        for session in [phone!, tablet!] {
            let total = try await session.manager.getTotalUnreadMessageCount()
            let sum = try await session.walk().list.reduce(0) { $0 + UInt64($1.unreadCount) }
            XCTAssertEqual(total, sum, "the total equals the sum of the list", file: file, line: line)
            totals.append(total)
        }
        let legacySum = (TIMManager.sharedInstance().getConversationList() ?? []).reduce(0) {
            $0 + UInt64($1.getUnReadMessageNum())
        }
        XCTAssertEqual(legacySum, totals[0], "the legacy sum equals the V2 total of the same session", file: file, line: line)
        XCTAssertEqual(totals[1], totals[0], "both devices have the same total", file: file, line: line)
        if let expected { XCTAssertEqual(totals[0], expected, file: file, line: line) }
    }

    /// One owned conversation on both devices (V2) and through the legacy API (the phone).
    private func check(_ id: String, _ expected: Storm.Owned) async throws {
        for (index, session) in [phone!, tablet!].enumerated() {
            let device = index == 0 ? "phone" : "tablet"
            let found = try await session.walk().list.first { $0.conversationID == id }
            XCTAssertEqual(found != nil, expected.exists, "\(device) \(id) exists")
            guard let found else { continue }
            XCTAssertEqual(Int(found.unreadCount), expected.unread, "\(device) \(id) unread")
            XCTAssertEqual(found.groupAtInfolist?.count ?? 0, expected.mentions, "\(device) \(id) @me")
            XCTAssertEqual(found.isPinned, expected.pinned, "\(device) \(id) pinned")
            XCTAssertEqual(found.draftText, expected.drafts[index], "\(device) \(id) draft")
        }
        let legacy = legacyConversation(id)
        XCTAssertEqual(Int(legacy.getUnReadMessageNum()), expected.unread, "legacy \(id) unread")
        XCTAssertEqual(legacy.getGroupAtInfoList()?.count ?? 0, expected.mentions, "legacy \(id) @me")
        let draft = legacy.getDraft().flatMap { ($0.getElem(0) as? TIMTextElem)?.text }
        XCTAssertEqual(draft, expected.drafts[0], "legacy \(id) draft")
    }

    private func legacyConversation(_ id: String) -> TIMConversation {
        let isGroup = id.hasPrefix("group_")
        return TIMManager.sharedInstance().getConversation(
            isGroup ? .GROUP : .C2C, receiver: String(id.dropFirst(isGroup ? 6 : 4)))
    }

    /// Polls `done` until it holds or `seconds` pass, without blocking the test's thread.
    private static func wait(seconds: Double, until done: @Sendable () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() {
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }
}

/// The threads' work: the workers' scripts and reads, and the pushers' messages.
///
/// - Thread safety: thread-safe; each worker owns its conversations, shared state is behind locks.
private final class Storm: @unchecked Sendable {
    // Invariant: the `let`s are set once; mutable state lives behind the `Locked`s.
    /// What a worker's script says one of its conversations ends as.
    struct Owned: Sendable {
        var exists = false
        var unread = 0
        var mentions = 0
        var pinned = false
        /// The draft on each device (phone, tablet): drafts stay on the device.
        var drafts: [String?] = [nil, nil]
    }

    static let workers = 8
    static let rounds = 40
    /// Reads and contended actions after each round of a worker.
    static let actionsPerRound = 4
    static let pushers = 2
    /// Each pusher sends this many messages at once, then one every 20 ms until the workers are done
    /// (at most as many again), so that pushes overlap the whole storm without starving it.
    static let pushesPerPusher = 250
    static let contendedPeers = ["s0", "s1", "s2", "s3"]
    /// How long a thread waits for one callback before it counts as missing.
    static let callbackTimeout = 60.0

    let server: IMReferenceServer
    /// The phone (the shared session, also driven through the legacy API) and the tablet.
    let devices: [V2TIMManager]
    let ledger = CallLedger()
    private let state = Locked((
        expected: [String: Owned](), problems: [String](), directCalls: 0, messages: 0, workersLeft: Storm.workers))

    init(server: IMReferenceServer, devices: [V2TIMManager]) {
        self.server = server
        self.devices = devices
    }

    var expected: [String: Owned] { state.withLock { $0.expected } }
    var problems: [String] { state.withLock { $0.problems } }
    /// Legacy calls that return at once (no callback).
    var directCalls: Int { state.withLock { $0.directCalls } }
    var messages: Int { state.withLock { $0.messages } }

    private func problem(_ text: String) {
        state.withLock { $0.problems.append(text) }
    }

    private var legacy: TIMManager { TIMManager.sharedInstance() }

    // MARK: - Pushers

    /// Messages to the contended conversations, for as long as the workers run: C2C from each
    /// contended peer, and group `g` with an @me now and then.
    func push(_ pusher: Int) {
        let peers = Self.contendedPeers
        for index in 0..<(2 * Self.pushesPerPusher) {
            if index >= Self.pushesPerPusher {
                if state.withLock({ $0.workersLeft == 0 }) { break }
                usleep(20_000)
            }
            let peer = peers[(pusher + index) % peers.count]
            do {
                if index % 5 == 4 {
                    try server.sendText("p", from: peer, toGroup: "g", atUserIDs: index % 10 == 4 ? ["me"] : [])
                } else {
                    try server.sendText("p", from: peer, toUser: "me")
                }
                state.withLock { $0.messages += 1 }
            } catch {
                problem("pusher \(pusher): \(error)")
            }
        }
    }

    // MARK: - Workers

    /// Worker `worker`'s script on its own C2C conversation (with `o<worker>`) and group
    /// (`q<worker>`), each round followed by reads of everything and actions on the contended ones.
    func work(_ worker: Int) {
        var random = SeededRandomGenerator(seed: UInt64(worker) + 1)
        let peer = "o\(worker)"
        var owned: [String: Owned] = ["c2c_\(peer)": Owned(), "group_q\(worker)": Owned()]
        for round in 0..<Self.rounds {
            let isGroup = random.chance(40)
            let id = isGroup ? "group_q\(worker)" : "c2c_\(peer)"
            var model = owned[id]!
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let mentions = isGroup && random.chance(30)
                do {
                    if isGroup {
                        try server.sendText("w", from: peer, toGroup: "q\(worker)", atUserIDs: mentions ? ["me"] : [])
                    } else {
                        try server.sendText("w", from: peer, toUser: "me")
                    }
                    state.withLock { $0.messages += 1 }
                    model.exists = true
                    model.unread += 1
                    if mentions { model.mentions += 1 }
                } catch {
                    problem("\(id): sending failed: \(error)")
                }
            }
            let device = Int.random(in: 0..<2, using: &random)
            guard waitForPushes(devices[device]) else {
                problem("\(id): device \(device) did not catch up")
                owned[id] = model
                continue
            }
            let step = Step(id: id, isGroup: isGroup, device: device, useLegacy: device == 0 && random.chance(50),
                            clears: random.chance(50))
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                if read(step) {
                    model.unread = 0
                    model.mentions = 0
                }
            case 4, 5:
                if pin(step, !model.pinned) { model.pinned.toggle() }
            case 6, 7:
                let text = random.chance(60) ? "draft \(worker).\(round)" : nil
                if saveDraft(step, text) { model.drafts[device] = text }
            case 8:
                for (index, draft) in model.drafts.enumerated() where draft != nil {
                    let other = Step(id: id, isGroup: isGroup, device: index, useLegacy: false, clears: false)
                    if saveDraft(other, nil) { model.drafts[index] = nil }
                }
                if model.drafts == [nil, nil], delete(step) { model = Owned() }
            default:
                break
            }
            owned[id] = model
            for _ in 0..<Self.actionsPerRound { readOrActOnContended(&random) }
        }
        state.withLock { state in
            state.expected.merge(owned) { $1 }
            state.workersLeft -= 1
        }
    }

    /// One step of a worker on one of its conversations, through a device and an API.
    struct Step {
        let id: String
        let isGroup: Bool
        let device: Int
        /// Through the legacy API (the phone only); else V2.
        let useLegacy: Bool
        /// A V2 read through `cleanConversationUnreadMessageCount` rather than `mark...AsRead`.
        let clears: Bool

        var receiver: String { String(id.dropFirst(isGroup ? 6 : 4)) }
        var type: TIMConversationType { isGroup ? .GROUP : .C2C }
    }

    /// Blocks until the call ends; true when it succeeded.
    private func finish(_ call: CallLedger.Call, _ what: String) -> Bool {
        switch call.wait(seconds: Self.callbackTimeout) {
        case 0: return true
        case nil: problem("\(what): no callback"); return false
        case let code?: problem("\(what): failed with \(code)"); return false
        }
    }

    /// Blocks until every push the server produced so far reached `manager`'s store (the server
    /// answers a request after the pushes produced before it).
    private func waitForPushes(_ manager: V2TIMManager) -> Bool {
        guard let client = manager.currentClient else { return false }
        let done = DispatchSemaphore(value: 0)
        client.perform(.profiles([])) { _ in done.signal() }
        return done.wait(timeout: .now() + Self.callbackTimeout) == .success
    }

    private func read(_ step: Step) -> Bool {
        let manager = devices[step.device]
        let call = ledger.begin("read \(step.id)")
        if step.useLegacy {
            legacy.getConversation(step.type, receiver: step.receiver).setReadMessage(nil, succ: call.succ, fail: call.fail)
        } else if step.clears {
            manager.cleanConversationUnreadMessageCount(conversationID: step.id, cleanTimestamp: 0, cleanSequence: 0,
                                                        succ: call.succ, fail: call.fail)
        } else if step.isGroup {
            manager.markGroupMessage(asRead: step.receiver, succ: call.succ, fail: call.fail)
        } else {
            manager.markC2CMessage(asRead: step.receiver, succ: call.succ, fail: call.fail)
        }
        return finish(call, "read \(step.id) on \(step.device)")
    }

    private func pin(_ step: Step, _ isPinned: Bool) -> Bool {
        let call = ledger.begin("pin \(step.id)")
        devices[step.device].pinConversation(conversationID: step.id, isPinned: isPinned, succ: call.succ, fail: call.fail)
        return finish(call, "pin \(step.id) on \(step.device)")
    }

    private func saveDraft(_ step: Step, _ text: String?) -> Bool {
        if step.useLegacy {
            let draft = text.map { text -> TIMMessageDraft in
                let draft = TIMMessageDraft()
                let elem = TIMTextElem()
                elem.text = text
                draft.add(elem)
                return draft
            }
            state.withLock { $0.directCalls += 1 }
            let code = legacy.getConversation(step.type, receiver: step.receiver).setDraft(draft)
            if code != 0 { problem("legacy draft \(step.id): \(code)") }
            return code == 0
        }
        let call = ledger.begin("draft \(step.id)")
        devices[step.device].setConversationDraft(conversationID: step.id, draftText: text, succ: call.succ, fail: call.fail)
        return finish(call, "draft \(step.id) on \(step.device)")
    }

    private func delete(_ step: Step) -> Bool {
        if step.useLegacy {
            state.withLock { $0.directCalls += 1 }
            let deleted = legacy.deleteConversation(step.type, receiver: step.receiver)
            if !deleted { problem("legacy delete \(step.id) returned false") }
            return deleted
        }
        let call = ledger.begin("delete \(step.id)")
        devices[step.device].deleteConversation(conversation: step.id, succ: call.succ, fail: call.fail)
        return finish(call, "delete \(step.id) on \(step.device)")
    }

    // MARK: - Reads and contended actions (not awaited)

    /// One call that reads anything, or acts on a contended conversation, through either API on
    /// either device; its callback is only counted. Some callbacks call the SDK again (as apps do).
    private func readOrActOnContended(_ random: inout SeededRandomGenerator) {
        let manager = devices[Int.random(in: 0..<2, using: &random)]
        let peer = Self.contendedPeers.randomElement(using: &random)!
        let legacy = self.legacy
        let ledger = self.ledger
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
            let call = ledger.begin("page")
            manager.getConversationList(nextSeq: 0, count: 4, succ: { _, nextSeq, isFinished in
                if !isFinished {
                    let next = ledger.begin("next page")
                    manager.getConversationList(nextSeq: nextSeq, count: 4, succ: { _, _, _ in next.end() }, fail: next.fail)
                }
                call.end()
            }, fail: call.fail)
        case 1:
            let call = ledger.begin("total")
            manager.getTotalUnreadMessageCount(succ: { _ in
                _ = (legacy.getConversationList() ?? []).reduce(0) { $0 + $1.getUnReadMessageNum() }
                call.end()
            }, fail: call.fail)
        case 2:
            let call = ledger.begin("get conversation")
            manager.getConversation(conversationID: "c2c_\(peer)", succ: { _ in call.end() }, fail: call.fail)
        case 3:
            state.withLock { $0.directCalls += 2 }
            let list = legacy.getConversationList() ?? []
            _ = list.reduce(0) { $0 + $1.getUnReadMessageNum() }
        case 4:
            state.withLock { $0.directCalls += 4 }
            let conversation = legacy.getConversation(.GROUP, receiver: "g")
            _ = conversation?.getUnReadMessageNum()
            _ = conversation?.getLastMsg()
            _ = conversation?.getGroupAtInfoList()
            _ = conversation?.getDraft()
        case 5:
            let call = ledger.begin("mark c2c read")
            manager.markC2CMessage(asRead: peer, succ: call.succ, fail: call.fail)
        case 6:
            let call = ledger.begin("legacy read")
            let conversation = random.chance(50)
                ? legacy.getConversation(.C2C, receiver: peer) : legacy.getConversation(.GROUP, receiver: "g")
            conversation?.setReadMessage(nil, succ: call.succ, fail: call.fail)
        case 7:
            let call = ledger.begin("mark group read")
            manager.markGroupMessage(asRead: "g", succ: call.succ, fail: call.fail)
        case 8:
            let call = ledger.begin("pin contended")
            manager.pinConversation(conversationID: "c2c_\(peer)", isPinned: random.chance(50), succ: call.succ, fail: call.fail)
        case 9:
            let call = ledger.begin("read group up to a sequence")
            manager.cleanConversationUnreadMessageCount(conversationID: "group_g", cleanTimestamp: 0,
                                                        cleanSequence: UInt64.random(in: 1...40, using: &random),
                                                        succ: call.succ, fail: call.fail)
        case 10:
            if random.chance(50) {
                state.withLock { $0.directCalls += 1 }
                _ = legacy.deleteConversation(.C2C, receiver: peer)
            } else {
                let call = ledger.begin("delete contended")
                manager.deleteConversation(conversation: "c2c_\(peer)", succ: call.succ, fail: call.fail)
            }
        default:
            let call = ledger.begin("filtered page")
            let filter = V2TIMConversationListFilter()
            filter.hasUnreadCount = true
            manager.getConversationListByFilter(filter: filter, nextSeq: 0, count: 10, succ: { _, _, _ in call.end() },
                                                fail: call.fail)
        }
    }
}
