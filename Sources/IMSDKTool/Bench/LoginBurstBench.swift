import Foundation
import IMCore
import IMReferenceServer
import IMTransportKit
import ImSDK_Plus

/// A login after a burst: a device that was offline while `messages` messages arrived in
/// `conversations` conversations logs in; how long until its sync finished and until its first page
/// is right, against the same messages reaching the device online, one push each.
///
/// Each of the two runs has a fresh in-process reference server, whose clock advances one second at
/// each reading (every message has a timestamp of its own, so the server's order of the
/// conversations is unambiguous), and a device (`V2TIMManager.makeInstance()`) keeping its store on
/// disk in a directory of its own, as an app does. First each of `conversations` peers sends the
/// device one message while it is online (the user had these conversations). Then:
/// - burst: the app quits (`unInitSDK`); the peers send the messages (the first one to each
///   conversation, the rest to conversations drawn at random, seeded), timed: the server's share;
///   the app starts again (a new instance over the same directory, `initSDK`) and calls `login`.
///   Timed from that call: `onSyncServerFinish`, the login's `succ` (the SDK answers a login after
///   its sync), and the first `getConversationList(nextSeq: 0, count: 50)` equal to the server's
///   first 50 (`serverList`).
/// - pushes: the device stays online and the peers send the same messages; timed from the first
///   send until the total unread count (`onTotalUnreadMessageCountChanged`) reaches the server's.
/// - burst with small sync pages: the burst again on a server whose sync pages cover
///   `smallSyncPage` changes (the default until 2026-11-27) instead of the server's default
///   (`IMReferenceServer.syncPageLimit`): how much of the login is the number of pages.
///
/// The three runs are made `rounds` times, each in directories of its own, and each figure is the
/// median of its rounds. After each run the device's whole list (paged through the V2 API: each conversation's ID, unread
/// count and last message) must equal the server's, or the run throws `BenchError.loginBurst`.
struct LoginBurstBench: Sendable {
    let conversations: Int
    let messages: Int
    /// How many times the three runs are made; each figure reported is the median of its rounds
    /// (the lower middle one for an even count).
    var rounds = 1

    static let pageSize = 50
    /// The sync page size (changes per page) of the third run.
    static let smallSyncPage = 500
    static let userID = "me"

    /// What one measurement found; times in seconds.
    struct Report: Encodable, Sendable {
        let conversations: Int
        let messages: Int
        /// The server taking the burst while the device was offline.
        let serverSeconds: Double
        /// From the call to `login` to `onSyncServerFinish`.
        let syncFinishedSeconds: Double
        /// From the call to `login` to its `succ`.
        let loginSeconds: Double
        /// From the call to `login` to the return of the first right first page.
        let firstPageSeconds: Double
        /// From the first send to the last message applied, the device online.
        let pushesSeconds: Double
        /// The burst again with sync pages of `smallSyncPage` changes: from the call to `login` to
        /// `onSyncServerFinish`, and to the first right first page.
        let smallPagesSyncFinishedSeconds: Double
        let smallPagesFirstPageSeconds: Double
        /// Rows of the first page (the server's first `pageSize`, or fewer conversations).
        let firstPageRows: Int
        /// The total unread count the device showed, equal to the server's.
        let totalUnread: Int
        /// How many rounds the figures are the medians of.
        let rounds: Int
        /// The lowest and the highest `pushesOverBurst` of a round.
        let pushesOverBurstRange: [Double]

        /// How many times longer the pushes took than the login to a right first page (of the
        /// medians).
        var pushesOverBurst: Double { pushesSeconds / firstPageSeconds }
    }

    /// One row of a list as compared: the public conversation ID, its unread count, its last
    /// message's ID.
    struct Row: Equatable, Sendable, CustomStringConvertible {
        let id: String
        let unread: Int
        let lastMessageID: String?

        var description: String { "\(id) unread \(unread) last \(lastMessageID ?? "none")" }
    }

    /// Makes the runs `rounds` times with their stores in `directory` (which must exist); each
    /// figure is the median of its rounds.
    func run(in directory: URL) async throws -> Report {
        var reports: [Report] = []
        for round in 0..<max(1, rounds) {
            reports.append(try await runOnce(in: directory.appendingPathComponent("round-\(round)")))
        }
        func median(_ figure: (Report) -> Double) -> Double {
            let sorted = reports.map(figure).sorted()
            return sorted[(sorted.count - 1) / 2]
        }
        return Report(
            conversations: conversations, messages: messages, serverSeconds: median(\.serverSeconds),
            syncFinishedSeconds: median(\.syncFinishedSeconds), loginSeconds: median(\.loginSeconds),
            firstPageSeconds: median(\.firstPageSeconds), pushesSeconds: median(\.pushesSeconds),
            smallPagesSyncFinishedSeconds: median(\.smallPagesSyncFinishedSeconds),
            smallPagesFirstPageSeconds: median(\.smallPagesFirstPageSeconds),
            firstPageRows: reports[0].firstPageRows, totalUnread: reports[0].totalUnread, rounds: reports.count,
            pushesOverBurstRange: [reports.map(\.pushesOverBurst).min()!, reports.map(\.pushesOverBurst).max()!])
    }

    /// The three runs once, with their stores in `directory`.
    private func runOnce(in directory: URL) async throws -> Report {
        let burst = try await measureBurst(in: directory.appendingPathComponent("burst"), syncPageLimit: nil)
        let pushes = try await measurePushes(in: directory.appendingPathComponent("pushes"))
        let small = try await measureBurst(in: directory.appendingPathComponent("small"), syncPageLimit: Self.smallSyncPage)
        guard burst.expected == pushes.expected, burst.expected == small.expected else {
            throw BenchError.loginBurst("the runs' servers ended in different states")
        }
        return Report(
            conversations: conversations, messages: messages, serverSeconds: burst.serverSeconds,
            syncFinishedSeconds: burst.syncFinished, loginSeconds: burst.login, firstPageSeconds: burst.firstPage,
            pushesSeconds: pushes.seconds, smallPagesSyncFinishedSeconds: small.syncFinished,
            smallPagesFirstPageSeconds: small.firstPage, firstPageRows: min(Self.pageSize, burst.expected.count),
            totalUnread: burst.expected.reduce(0) { $0 + $1.unread }, rounds: 1,
            pushesOverBurstRange: [pushes.seconds / burst.firstPage, pushes.seconds / burst.firstPage])
    }

    // MARK: - The two runs

    /// The burst on a server with sync pages of `syncPageLimit` changes (nil: the default).
    private func measureBurst(in directory: URL, syncPageLimit: Int?) async throws
        -> (serverSeconds: Double, syncFinished: Double, login: Double, firstPage: Double, expected: [Row]) {
        let server = try makeServer()
        if let syncPageLimit { server.syncPageLimit = syncPageLimit }
        let before = Listener()
        let first = try await device(on: server, directory: directory, listener: before)
        try await first.login(userID: Self.userID, userSig: "sig")
        try await sendGreetings(server, to: first)
        first.unInitSDK()

        let serverSeconds = try Stopwatch.time { try sendBurst(server) }
        let expected = try serverList(server)

        let listener = Listener()
        let device = try await device(on: server, directory: directory, listener: listener)
        defer { device.unInitSDK() }
        let start = Stopwatch.now()
        try await device.login(userID: Self.userID, userSig: "sig")
        let login = Stopwatch.seconds(since: start)
        let firstPage = try await firstRightPage(device, expected: Array(expected.prefix(Self.pageSize)), since: start)
        guard let finished = listener.syncFinishedAt else {
            throw BenchError.loginBurst("the login succeeded without onSyncServerFinish")
        }
        try await checkWholeList(device, expected: expected, run: "after the login")
        return (serverSeconds, Double(finished - start) / 1e9, login, firstPage, expected)
    }

    private func measurePushes(in directory: URL) async throws -> (seconds: Double, expected: [Row]) {
        let server = try makeServer()
        let listener = Listener()
        let device = try await device(on: server, directory: directory, listener: listener)
        defer { device.unInitSDK() }
        try await device.login(userID: Self.userID, userSig: "sig")
        try await sendGreetings(server, to: device)
        // Announced from now on: the total after the burst.
        listener.expectTotal(UInt64(conversations + messages))
        _ = try await device.getTotalUnreadMessageCount()

        let start = Stopwatch.now()
        try sendBurst(server)
        let deadline = Date().addingTimeInterval(600)
        while listener.totalReachedAt == nil {
            guard Date() < deadline else { throw BenchError.loginBurst("the pushes did not all arrive") }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        let seconds = Double(listener.totalReachedAt! - start) / 1e9
        let expected = try serverList(server)
        let page = try await firstPage(device)
        guard page == Array(expected.prefix(Self.pageSize)) else {
            throw BenchError.loginBurst("after the pushes the first page is \(page), the server's \(expected.prefix(Self.pageSize))")
        }
        try await checkWholeList(device, expected: expected, run: "after the pushes")
        return (seconds, expected)
    }

    // MARK: - Server and messages

    /// A server with the user and the peers, whose clock ticks one second per reading.
    private func makeServer() throws -> IMReferenceServer {
        try BenchSession.tickingServer(users: [Self.userID] + (0..<conversations).map(Self.peer))
    }

    private static func peer(_ index: Int) -> String { "peer\(index)" }

    /// One message from each peer while `device` is online, then waits until it has them all.
    private func sendGreetings(_ server: IMReferenceServer, to device: V2TIMManager) async throws {
        for peer in 0..<conversations { try server.sendText("hello", from: Self.peer(peer), toUser: Self.userID) }
        let deadline = Date().addingTimeInterval(120)
        while try await device.getTotalUnreadMessageCount() < UInt64(conversations) {
            guard Date() < deadline else { throw BenchError.loginBurst("the first messages did not arrive") }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// The burst: one message to each conversation, the rest to conversations drawn at random.
    private func sendBurst(_ server: IMReferenceServer) throws {
        var generator = SplitMix64(seed: 18)
        for index in 0..<messages {
            let peer = index < conversations ? index : Int(generator.next() % UInt64(conversations))
            try server.sendText("burst \(index)", from: Self.peer(peer), toUser: Self.userID)
        }
    }

    /// The user's conversations as the server holds them, in the list's order: pinned first, then
    /// the newest last message first.
    private func serverList(_ server: IMReferenceServer) throws -> [Row] {
        try server.conversations(of: Self.userID).sorted { a, b in
            if a.isPinned != b.isPinned { return a.isPinned }
            return (a.lastMessage?.timestamp ?? 0, a.lastSeq) > (b.lastMessage?.timestamp ?? 0, b.lastSeq)
        }.map { Row(id: ListEntry.key($0.id), unread: $0.unreadCount, lastMessageID: $0.lastMessage?.id) }
    }

    // MARK: - The device

    /// A new SDK instance (the app started) over `directory`, with `listener`, not logged in.
    private func device(on server: IMReferenceServer, directory: URL, listener: Listener) async throws -> V2TIMManager {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let manager = BenchSession.manager(
            on: server, storage: .disk(directory: directory.path), label: "imsdk.bench.login-burst", logLevel: .LOG_WARN)
        else { throw BenchError.loginBurst("initSDK failed") }
        manager.addConversationListener(listener: listener)
        return manager
    }

    /// The first page through the V2 API.
    private func firstPage(_ device: V2TIMManager) async throws -> [Row] {
        let page = try await device.getConversationList(nextSeq: 0, count: Int32(Self.pageSize))
        return page.conversationList.map(Self.row)
    }

    private static func row(_ conversation: V2TIMConversation) -> Row {
        Row(id: conversation.conversationID ?? "", unread: Int(conversation.unreadCount),
            lastMessageID: conversation.lastMessage?.msgID)
    }

    /// Asks for the first page until it equals `expected` (for up to 10 seconds); seconds from
    /// `start` to that answer.
    private func firstRightPage(_ device: V2TIMManager, expected: [Row], since start: UInt64) async throws -> Double {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let page = try await firstPage(device)
            if page == expected { return Stopwatch.seconds(since: start) }
            guard Date() < deadline else {
                throw BenchError.loginBurst("after the login the first page is \(page), the server's \(expected)")
            }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// Throws unless the device's whole list, paged, equals the server's.
    private func checkWholeList(_ device: V2TIMManager, expected: [Row], run: String) async throws {
        var rows: [Row] = []
        var next: UInt64 = 0
        while true {
            let page = try await device.getConversationList(nextSeq: next, count: Int32(Self.pageSize))
            rows += page.conversationList.map(Self.row)
            if page.isFinished { break }
            next = page.nextSeq
        }
        guard rows == expected else {
            let index = rows.indices.first { $0 >= expected.count || rows[$0] != expected[$0] } ?? rows.count
            let device = index < rows.count ? "\(rows[index])" : "nothing", server = index < expected.count ? "\(expected[index])" : "nothing"
            throw BenchError.loginBurst("\(run) the device lists \(rows.count) conversations, the server \(expected.count); "
                + "at position \(index) the device has \(device), the server \(server)")
        }
    }

    /// Notes when the sync finished and when the total unread count reached the one expected.
    private final class Listener: V2TIMConversationListener, Sendable {
        private struct State: Sendable {
            var syncFinishedAt: UInt64?
            var expectedTotal: UInt64?
            var totalReachedAt: UInt64?
        }

        private let state = Locked(State())

        /// `Stopwatch.now()` at the first `onSyncServerFinish`.
        var syncFinishedAt: UInt64? { state.withLock { $0.syncFinishedAt } }
        /// `Stopwatch.now()` when the total first reached `expectTotal`'s value.
        var totalReachedAt: UInt64? { state.withLock { $0.totalReachedAt } }

        func expectTotal(_ total: UInt64) { state.withLock { $0.expectedTotal = total } }

        func onSyncServerFinish() {
            let now = Stopwatch.now()
            state.withLock { state in if state.syncFinishedAt == nil { state.syncFinishedAt = now } }
        }

        func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {
            let now = Stopwatch.now()
            state.withLock { state in
                if state.totalReachedAt == nil, totalUnreadCount == state.expectedTotal { state.totalReachedAt = now }
            }
        }
    }
}
