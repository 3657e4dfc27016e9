import IMSQLite
import Foundation
import IMCore

/// Peak memory of one subject, measured in a process of its own.
///
/// The benchmark runs its own program again as `imsdk bench --memory-probe <subject> --scales N
/// [--messages-per-conversation K]`; that process streams the workload (K messages per
/// conversation on average, 2 unless told) into the one subject (nothing pre-built), walks its list
/// once and prints its peak resident set size. Each figure is then one subject's process, not the
/// benchmark's accumulated garbage; it includes the program itself (see `.none`).
enum MemoryProbe {
    /// Which subject a probe process holds.
    enum Subject: String, CaseIterable, Sendable {
        /// Nothing: the program's own footprint, for reading the others.
        case none
        /// Our engine with its store on disk, as a session with local storage keeps it: a
        /// `ConversationStore` whose messages stay in its database, 1,000 messages per batch, each
        /// batch written in one transaction.
        case engine
        /// B1, the app-side array.
        case array
        /// B2 on disk: a SQLite file in WAL mode, 1,000 messages per transaction.
        case sql
    }

    /// The line a probe prints before its figure.
    static let outputPrefix = "peak-resident-bytes "

    /// Runs the probe for `subject` in this process, with `perConversation` messages per
    /// conversation on average, and prints its peak resident bytes.
    static func run(_ subject: Subject, conversations n: Int, perConversation: Int = 2, console: Console) throws {
        let workload = BenchWorkload(conversations: n, count: perConversation * n)
        switch subject {
        case .none:
            break
        case .engine:
            let directory = try BenchFiles()
            let database = try ConversationDatabase.open(at: directory.path("engine.sqlite"), logger: .silent)
            var store = ConversationStore(selfUserID: BenchWorkload.selfUserID)
            try store.keepMessages(in: database, logger: .silent)
            var messages = workload.makeIterator()
            var more = true
            while more {
                for _ in 0..<1_000 {
                    guard let message = messages.next() else { more = false; break }
                    store.receive(message)
                }
                try IMClient.write(store.commitBatch(), to: database)
                store.noteWritten(batchLogFolded: database.isLogFolded)
            }
            // The whole list page by page, as an app scrolls it (B1 sums its array, B2 walks its pages).
            var next: UInt64 = 0
            var unread = 0
            while true {
                let page = store.page(after: next, count: 50)
                unread += page.conversations.reduce(0) { $0 + $1.unreadCount }
                if page.isFinished { break }
                next = page.nextSeq
            }
            blackHole(unread)
        case .array:
            var array = ArrayBaseline()
            array.absorb(workload)
            blackHole(array.totalUnread)
        case .sql:
            let directory = try BenchFiles()
            let sql = try SQLBaseline(path: directory.path("probe.sqlite"))
            var messages = workload.makeIterator()
            var more = true
            while more {
                try sql.transaction { () throws(PersistenceError) in
                    for _ in 0..<1_000 {
                        guard let message = messages.next() else { more = false; return }
                        try sql.receive(message)
                    }
                }
            }
            blackHole(try sql.list(pageSize: ScaleBench.sqlListPageSize(n)))
        }
        console.out(outputPrefix + String(peakResidentBytes()))
    }

    /// Runs `program` as a probe of `subject` and returns the peak resident bytes it reports.
    static func measure(_ subject: Subject, conversations n: Int, perConversation: Int = 2, program: URL) throws -> Double {
        let process = Process()
        process.executableURL = program
        process.arguments = ["bench", "--memory-probe", subject.rawValue, "--scales", String(n),
                             "--messages-per-conversation", String(perConversation)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(outputPrefix) }),
              let bytes = Double(String(line.dropFirst(outputPrefix.count))) else {  // Double(Substring): macOS 11
            throw BenchError.probeFailed(subject: subject.rawValue, status: process.terminationStatus, output: text)
        }
        return bytes
    }

    /// The peak resident set size of this process, in bytes.
    ///
    /// On Linux this is `VmHWM` from `/proc/self/status`: `getrusage`'s `ru_maxrss` survives
    /// `execve`, so a probe would report its parent's peak when that was higher.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1_024
        }
        return 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }
}
