import Dispatch
import IMCore
import IMReferenceServer
import ImSDK
import ImSDK_Plus

/// `imsdk demo`: a scripted V2 session against the embedded server.
///
/// Registers a cast on the server, logs in as Alice and walks through a few steps (messages
/// arrive, she replies, pins, mutes, saves a draft, reads), printing the conversation list after
/// each. After every step it waits until the conversation list shows the step's effect, so the
/// output is the same on every run.
struct DemoCommand: Sendable {
    /// How long a step may take to show up in the conversation list, in seconds.
    static let stepTimeout: Double = 5

    private let console: Console
    private let server: IMReferenceServer
    private let usesEmbeddedServer: Bool
    /// Tables are indented under their step title and still fit 80 columns.
    private static let tableIndent = "  "
    private let table = ConversationTable(width: 80 - tableIndent.count)

    /// - Parameters:
    ///   - console: where the transcript goes.
    ///   - server: a server to use instead of the embedded default `IMReferenceServer.shared`
    ///     (tests pass a private one).
    init(console: Console, server: IMReferenceServer? = nil) {
        self.console = console
        self.server = server ?? .shared
        self.usesEmbeddedServer = server == nil
    }

    /// The line printed for a total unread count.
    static func totalLine(_ total: UInt64) -> String { "  total unread: \(total)" }

    private typealias Cast = DemoCast

    /// One scripted step: what it does and how the conversation list shows that it is done.
    private struct Step {
        let title: String
        let action: () async throws -> Void
        let isApplied: ([V2TIMConversation]) -> Bool
    }

    /// Runs the session and logs out. Throws the first error of the SDK or the server, or
    /// `DemoError.stepTimedOut` when a step does not show up in time.
    func run() async throws {
        try Cast.register(on: server)
        console.out("imsdk demo: a V2 session against the embedded IMReferenceServer")
        console.out("")
        console.out("Users:  alice \"Alice\" (you), bob \"Bob Li\", carol \"Carol Wu\"")
        console.out("        (your friend remark for carol: \"Carol (design)\")")
        console.out("Group:  hike \"Weekend Hike\" with alice, bob and carol")
        console.out("")

        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let config = V2TIMSDKConfig()
        if !usesEmbeddedServer { config.transport = server }
        config.callbackQueue = DispatchQueue(label: "imsdk.demo.callbacks")
        config.storage = .memory  // the embedded server starts empty every run: keep no local store
        guard manager.initSDK(1_400_000_001, config: config) else { throw DemoError.initFailed }
        defer { manager.unInitSDK() }

        try await manager.login(userID: Cast.me, userSig: "demo")
        let listener = TotalUnreadPrinter(console: console)
        manager.addConversationListener(listener: listener)
        defer { manager.removeConversationListener(listener: listener) }
        console.out("Logged in as alice. The listener prints every new total unread count.")
        console.out(Self.totalLine(try await manager.getTotalUnreadMessageCount()) + " (getTotalUnreadMessageCount)")

        let steps = makeSteps(manager)
        for (number, step) in steps.enumerated() {
            console.out("")
            console.out("[\(number + 1)/\(steps.count)] \(step.title)")
            try await step.action()
            let list = try await waitForList(manager, step: number + 1, until: step.isApplied)
            console.out("")
            table.lines(for: list.map(ConversationRow.init)).forEach { console.out(Self.tableIndent + $0) }
            console.out(try await Self.totals(manager))
        }
        try await secondDevice(phone: manager, config: config)
        try await manager.logout()
    }

    /// The two APIs' totals on the same session: V2's leaves muted conversations out; the legacy API
    /// has no total, so apps summed `getUnReadMessageNum()` over the list.
    static func totals(_ manager: V2TIMManager) async throws -> String {
        let v2 = try await manager.getTotalUnreadMessageCount()
        let legacy = (TIMManager.sharedInstance().getConversationList() ?? []).reduce(Int32(0)) {
            $0 + $1.getUnReadMessageNum()
        }
        return "  V2 total: \(v2)   legacy sum of getUnReadMessageNum(): \(legacy)"
    }

    /// Alice's tablet: a second SDK instance logs in as Alice, reads Bob's conversation, and both
    /// devices' lists are printed side by side (pins, mutes and reads roam; drafts stay local).
    private func secondDevice(phone: V2TIMManager, config phoneConfig: V2TIMSDKConfig) async throws {
        console.out("")
        console.out("Second device: Alice's tablet logs in and reads Bob's conversation;")
        console.out("the read reaches the phone (drafts stay on the phone)")
        let tablet = V2TIMManager.makeInstance()
        let config = V2TIMSDKConfig()
        config.transport = phoneConfig.transport
        config.callbackQueue = DispatchQueue(label: "imsdk.demo.tablet")
        config.storage = .memory
        guard tablet.initSDK(1_400_000_001, config: config) else { throw DemoError.initFailed }
        defer { tablet.unInitSDK() }
        // Another platform: under the vendor's login policy a second login on the phone's platform
        // would kick the phone off.
        tablet.session.setPlatform(.iPad)
        try await tablet.login(userID: Cast.me, userSig: "demo")
        _ = try await waitForList(tablet, step: 7) { $0.count == 3 }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            tablet.markC2CMessage(asRead: Cast.bob, succ: { continuation.resume() },
                                  fail: { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
        }
        let phoneList = try await waitForList(phone, step: 7) { $0[Cast.bobConversation]?.unreadCount == 0 }
        let tabletList = try await waitForList(tablet, step: 7) { $0[Cast.bobConversation]?.unreadCount == 0 }
        console.out("")
        for line in Self.sideBySide(phone: phoneList.map(ConversationRow.init), tablet: tabletList.map(ConversationRow.init)) {
            console.out(Self.tableIndent + line)
        }
        try await tablet.logout()
    }

    /// Two compact lists next to each other: name, unread badge, markers.
    static func sideBySide(phone: [ConversationRow], tablet: [ConversationRow]) -> [String] {
        func cell(_ row: ConversationRow?) -> String {
            guard let row else { return "" }
            let badge = row.unreadCount > 0 ? "(\(row.unreadCount))" : ""
            return row.name.truncated(to: 15).padded(toRight: 15) + " " + badge.padded(toRight: 4) + " "
                + row.markers.joined(separator: " ")
        }
        var lines = ["phone".padded(toRight: 38) + "tablet"]
        for index in 0..<max(phone.count, tablet.count) {
            let left = cell(index < phone.count ? phone[index] : nil)
            lines.append(left.truncated(to: 37).padded(toRight: 38) + cell(index < tablet.count ? tablet[index] : nil))
        }
        return lines
    }

    private func makeSteps(_ manager: V2TIMManager) -> [Step] {
        [
            Step(title: "Bob, Carol and the group write; Carol @-mentions you in the group") {
                try Cast.sendFirstMessages(on: server)
            } isApplied: { list in
                list[Cast.bobConversation]?.unreadCount == 1 && list[Cast.carolConversation]?.unreadCount == 2
                    && list[Cast.groupConversation]?.unreadCount == 2
                    && list[Cast.groupConversation]?.groupAtInfolist?.isEmpty == false
            },
            Step(title: "You reply to Bob: your own message adds no unread") {
                _ = try await manager.sendMessage(
                    message: manager.createTextMessage(text: "Noon works for me"), receiver: Cast.bob, groupID: nil)
            } isApplied: { list in
                list[Cast.bobConversation]?.lastMessage?.isSelf == true
            },
            Step(title: "Pin Carol: pinned conversations come first") {
                try await manager.pinConversation(conversationID: Cast.carolConversation, isPinned: true)
            } isApplied: { list in
                list[Cast.carolConversation]?.isPinned == true
            },
            Step(title: "Mute the group: the total drops, the row keeps its count") {
                try await manager.setGroupReceiveMessageOpt(groupID: Cast.group, opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
            } isApplied: { list in
                list[Cast.groupConversation]?.recvOpt == .RECEIVE_NOT_NOTIFY_MESSAGE
            },
            Step(title: "Save a draft for Bob: it replaces the preview") {
                try await manager.setConversationDraft(conversationID: Cast.bobConversation, draftText: "Shall I book a table?")
            } isApplied: { list in
                list[Cast.bobConversation]?.draftText == "Shall I book a table?"
            },
            Step(title: "Read Carol's conversation") {
                try await manager.cleanConversationUnreadMessageCount(
                    conversationID: Cast.carolConversation, cleanTimestamp: 0, cleanSequence: 0)
            } isApplied: { list in
                list[Cast.carolConversation]?.unreadCount == 0
            },
        ]
    }

    /// Pages through the whole list until `condition` holds, and returns that list.
    ///
    /// Pushes from the server are applied asynchronously; polling the list the app would show is
    /// the plain way to know a step has landed. Every listener call for the changes the list shows
    /// has run by the time the page arrives (both run on the callback queue, in order).
    private func waitForList(
        _ manager: V2TIMManager, step: Int, until condition: ([V2TIMConversation]) -> Bool
    ) async throws -> [V2TIMConversation] {
        let start = Stopwatch.now()
        while true {
            let list = try await conversationList(manager)
            if condition(list) { return list }
            guard Stopwatch.seconds(since: start) < Self.stepTimeout else { throw DemoError.stepTimedOut(step: step) }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }

    /// The whole conversation list, paged 50 at a time.
    private func conversationList(_ manager: V2TIMManager) async throws -> [V2TIMConversation] {
        var list: [V2TIMConversation] = []
        var nextSeq: UInt64 = 0
        while true {
            let page = try await manager.getConversationList(nextSeq: nextSeq, count: 50)
            list += page.conversationList
            if page.isFinished { return list }
            nextSeq = page.nextSeq
        }
    }
}

extension Array where Element == V2TIMConversation {
    /// The conversation with `conversationID`, if the list holds it.
    subscript(conversationID: String) -> V2TIMConversation? {
        first { $0.conversationID == conversationID }
    }
}
