import Dispatch
import Foundation
import IMReferenceServer
import ImSDK_Plus

/// A page of 50 as an app gets it: `V2TIMManager.getConversationList(nextSeq:count:succ:fail:)`,
/// objects made (`V2TIMConversation`, each with its `V2TIMMessage`), answered on the SDK's callback
/// queue.
///
/// A V2 session (in memory, on the in-process reference server) gets one message from each of N
/// peers as pushes; the bench waits until its total unread count is N, walks the whole list
/// through the public call (it must list N conversations, each with one unread message), then
/// times the page at the top, in the middle and at the end: each call until its answer arrives
/// (the hop to the callback queue included), the mean of repeated calls, and reports the slowest
/// of the three. It also times the round trip of a call that does next to no work
/// (`getTotalUnreadMessageCount`, a counter read), the same way: the SDK's lock, the answer's hop
/// to the callback queue and the wake-up of the waiting caller, which every public call pays and
/// no page through the public API can beat. Above `limit` conversations it is not measured
/// (sending a million pushes through the session takes a minute).
struct PublicPageBench {
    /// The most conversations measured.
    static let limit = 100_000
    static let pageSize: Int32 = 50
    static let userID = "bench-me"

    let conversations: Int
    /// Each position's calls run for at least this many seconds.
    let repeatSeconds: Double

    /// Mean seconds per call.
    struct Figures {
        /// At the slowest of the first, middle and last page.
        let page: Double
        /// Of `getTotalUnreadMessageCount`.
        let roundTrip: Double
    }

    func run() throws -> Figures {
        let server = try BenchSession.tickingServer(users: [Self.userID] + (0..<conversations).map(Self.peer))
        guard let manager = BenchSession.manager(on: server, storage: .memory, label: "imsdk.bench.public-page", logLevel: .LOG_WARN)
        else { throw BenchError.publicPage("initSDK failed") }
        defer { manager.unInitSDK() }
        try Self.wait("login") { succ, fail in manager.login(userID: Self.userID, userSig: "sig", succ: { succ(()) }, fail: fail) }
        for peer in 0..<conversations { _ = try server.sendText("hello", from: Self.peer(peer), toUser: Self.userID) }
        let deadline = Date().addingTimeInterval(600)
        while try Self.total(manager) < UInt64(conversations) {
            guard Date() < deadline else { throw BenchError.publicPage("the messages did not all arrive") }
            Thread.sleep(forTimeInterval: 0.005)
        }

        // The whole list, paged; the cursor each page starts at.
        var cursors: [UInt64] = []
        var listed = 0
        var next: UInt64 = 0
        while true {
            cursors.append(next)
            let page = try Self.page(manager, after: next)
            guard page.conversations.allSatisfy({ $0.unreadCount == 1 && $0.lastMessage != nil }) else {
                throw BenchError.publicPage("a conversation without its one unread message and last message")
            }
            listed += page.conversations.count
            if page.isFinished { break }
            next = page.nextSeq
        }
        guard listed == conversations else {
            throw BenchError.publicPage("the list holds \(listed) conversations, not \(conversations)")
        }
        let page = try [cursors[0], cursors[cursors.count / 2], cursors[cursors.count - 1]].map { cursor in
            try Stopwatch.mean(minimum: repeatSeconds) { blackHole(try Self.page(manager, after: cursor).conversations) }
        }.max()!
        let roundTrip = try Stopwatch.mean(minimum: repeatSeconds) { blackHole(try Self.total(manager)) }
        return Figures(page: page, roundTrip: roundTrip)
    }

    private static func peer(_ index: Int) -> String { "bench-peer\(index)" }

    private static func total(_ manager: V2TIMManager) throws -> UInt64 {
        try wait("getTotalUnreadMessageCount") { succ, fail in manager.getTotalUnreadMessageCount(succ: succ, fail: fail) }
    }

    private static func page(_ manager: V2TIMManager, after cursor: UInt64) throws
        -> (conversations: [V2TIMConversation], nextSeq: UInt64, isFinished: Bool) {
        try wait("getConversationList") { succ, fail in
            manager.getConversationList(nextSeq: cursor, count: pageSize, succ: { list, next, finished in
                succ((list ?? [], next, finished))
            }, fail: fail)
        }
    }

    /// Runs `call` and blocks until it answers (on the SDK's callback queue, never this thread).
    private static func wait<Value>(
        _ what: String, _ call: (@escaping (Value) -> Void, @escaping V2TIMFail) -> Void
    ) throws -> Value {
        let answer = Answer<Value>()
        call({ value in
            answer.result = .success(value)
            answer.done.signal()
        }, { code, message in
            answer.result = .failure(BenchError.publicPage("\(what) failed: \(code) \(message ?? "")"))
            answer.done.signal()
        })
        guard answer.done.wait(timeout: .now() + 60) == .success, let result = answer.result else {
            throw BenchError.publicPage("\(what) did not answer within 60 s")
        }
        return try result.get()
    }

    /// One call's answer. `@unchecked Sendable`: `result` is written once, before `done` is
    /// signalled, and read only after `wait` returns (the semaphore orders the two).
    private final class Answer<Value>: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var result: Result<Value, BenchError>?
    }
}
