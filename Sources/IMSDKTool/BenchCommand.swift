import Foundation
import IMCore

/// The options of `imsdk bench`.
struct BenchOptions: Equatable, Sendable {
    /// Conversation counts to measure at.
    var scales = [1_000, 10_000, 100_000]
    /// Print JSON instead of a table.
    var json = false

    /// Parses the arguments after `bench`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> BenchOptions? {
        var options = BenchOptions()
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--json":
                options.json = true
            case "--smoke":
                options.scales = [1_000]
            case "--scales":
                guard let value = rest.popFirst() else { throw UsageError("--scales needs a value") }
                let scales = value.split(separator: ",").compactMap { Int($0) }
                guard !scales.isEmpty, scales.count == value.split(separator: ",").count, scales.allSatisfy({ $0 >= 100 }) else {
                    throw UsageError("--scales needs comma-separated counts of at least 100, not '\(value)'")
                }
                options.scales = scales
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        return options
    }
}

/// `imsdk bench`: the engine's costs at several scales, in memory and on disk.
///
/// The workload: N conversations get one message each, then N more messages arrive with a skew
/// (80% of them in 1% of the conversations). Times are medians or means of many repetitions.
struct BenchCommand {
    let options: BenchOptions
    let console: Console

    /// One measured row: a name, a unit and a value per scale.
    struct Row: Codable {
        let metric: String
        let unit: String
        var values: [Double]
    }

    func run() throws {
        var rows: [Row] = []
        for (index, scale) in options.scales.enumerated() {
            let results = try measure(conversations: scale)
            for (offset, result) in results.enumerated() {
                if index == 0 { rows.append(Row(metric: result.metric, unit: result.unit, values: [])) }
                rows[offset].values.append(result.value)
            }
        }
        if options.json {
            struct Report: Codable { let cores: Int; let scales: [Int]; let rows: [Row] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(Report(cores: ProcessInfo.processInfo.activeProcessorCount, scales: options.scales, rows: rows))
            console.out(String(decoding: data, as: UTF8.self))
            return
        }
        console.out("imsdk bench: \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let header = ["metric".padding(toLength: 44, withPad: " ", startingAt: 0)]
            + options.scales.map { "n=\($0)".leftPadded(12) }
        console.out(header.joined())
        for row in rows {
            let name = "\(row.metric) (\(row.unit))".padding(toLength: 44, withPad: " ", startingAt: 0)
            console.out(name + row.values.map { Self.format($0).leftPadded(12) }.joined())
        }
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 1 ? String(format: "%.2f", value) : String(format: "%.3f", value)
    }

    private func measure(conversations n: Int) throws -> [(metric: String, unit: String, value: Double)] {
        let messages = Self.workload(conversations: n)
        var results: [(String, String, Double)] = []

        // Core, in memory: every message updates the order, the counters and builds its batch.
        var store = ConversationStore(selfUserID: "me")
        let ingest = Self.time {
            for message in messages {
                store.receive(message)
                _ = store.commitBatch()
            }
        }
        results.append(("incoming message, core in memory", "us", ingest / Double(messages.count) * 1e6))

        let firstPage = Self.time(repeating: 2_000) { _ = store.page(after: 0, count: 50) }
        results.append(("first page of 50, warm", "us", firstPage * 1e6))
        let middle = store.allInOrder()[n / 2].sortKey
        let deepPage = Self.time(repeating: 2_000) { _ = store.page(after: middle, count: 50) }
        results.append(("page of 50 in the middle, warm", "us", deepPage * 1e6))
        let walk = Self.time(repeating: 3) {
            var next: UInt64 = 0
            while true {
                let page = store.page(after: next, count: 50)
                if page.isFinished { break }
                next = page.nextSeq
            }
        }
        results.append(("full page walk", "ms", walk * 1e3))
        // The reader is chosen at run time, so the optimiser cannot fold the loop away.
        let reader: (ConversationStore) -> Int = CommandLine.arguments.contains("--no-such-flag")
            ? { _ in 0 } : { $0.counters.totalUnread }
        var sink = 0
        let total = Self.time(repeating: 1_000_000) { sink &+= reader(store) }
        results.append(("total unread", "ns", total * 1e9))
        if sink == Int.min { console.err("") }
        var generator = SplitMix64(seed: UInt64(n))
        let ids = Array(Set(messages.map { $0.conversationID(selfUserID: "me") }))
        let read = Self.time(repeating: 2_000) {
            let id = ids[Int(generator.next() % UInt64(ids.count))]
            store.markRead(id, upTo: .max)
            _ = store.commitBatch()
        }
        results.append(("read report, core", "us", read * 1e6))
        var pinned = false
        let pin = Self.time(repeating: 2_000) {
            pinned.toggle()
            try? store.setPinned(ids[0], pinned)
            _ = store.commitBatch()
        }
        results.append(("pin or unpin, core", "us", pin * 1e6))

        // On disk: batches of 1,000 messages per transaction, then one per transaction.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imsdk-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bench.sqlite").path
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            var persisted = ConversationStore(selfUserID: "me")
            let batched = try Self.timeThrowing {
                for chunk in stride(from: 0, to: messages.count, by: 1_000) {
                    for message in messages[chunk..<min(chunk + 1_000, messages.count)] { persisted.receive(message) }
                    try IMClient.write(persisted.commitBatch(), to: database)
                }
            }
            results.append(("persisted ingest, 1,000 per transaction", "msg/s", Double(messages.count) / batched))
            let single = min(5_000, messages.count)
            var extra = Self.workload(conversations: single, seqOffset: 1_000_000).prefix(single).makeIterator()
            let unbatched = try Self.timeThrowing {
                while let message = extra.next() {
                    persisted.receive(message)
                    try IMClient.write(persisted.commitBatch(), to: database)
                }
            }
            results.append(("persisted ingest, 1 per transaction", "msg/s", Double(single) / unbatched))
        }
        var openTime = 0.0
        let cold = try Self.timeThrowing {
            let start = DispatchTime.now().uptimeNanoseconds
            let (database, _) = try ConversationDatabase.openOrRecover(at: path, logger: .silent, verifying: false)
            openTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard let stored = try database.loadCounters() else { throw BenchError.noCounters }
            let coldStore = ConversationStore(
                selfUserID: "me", counters: stored.counters, orderCounter: stored.orderCounter,
                syncVersion: stored.syncVersion, source: ColdSource { try? database.stored($0) })
            _ = try database.page(below: nil, limit: 50)
            _ = coldStore.counters.totalUnread
        }
        results.append(("cold start to first page and total", "ms", cold * 1e3))
        results.append(("  of which opening the database", "ms", openTime * 1e3))
        let full = try Self.timeThrowing {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            _ = try IMClient.loadStore(from: database, userID: "me", logger: .silent)
        }
        results.append(("full load of the store (for comparison)", "ms", full * 1e3))
        results.append(("peak resident memory of the process", "MB", Self.peakResidentMegabytes()))
        return results
    }

    enum BenchError: Error { case noCounters }


    /// N conversations with one message each, then N messages with 80% in 1% of them.
    static func workload(conversations n: Int, seqOffset: UInt64 = 0) -> [Message] {
        var generator = SplitMix64(seed: 42)
        var seqs = [UInt64](repeating: seqOffset, count: n)
        var messages: [Message] = []
        messages.reserveCapacity(2 * n)
        let hot = max(1, n / 100)
        for index in 0..<(2 * n) {
            let peer: Int
            if index < n {
                peer = index
            } else {
                let roll = generator.next() % 10
                peer = roll < 8 ? Int(generator.next() % UInt64(hot)) : Int(generator.next() % UInt64(n))
            }
            seqs[peer] += 1
            messages.append(Message(
                id: "m\(seqOffset)-\(index)", seq: seqs[peer], timestamp: 1_700_000_000 + UInt64(index / 100),
                sender: "u\(peer)", receiver: .user("me"), content: .text("message \(index)")))
        }
        return messages
    }

    /// Wall time of one run of `body`, in seconds.
    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func timeThrowing(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Mean wall time of `body` over `count` runs, in seconds.
    private static func time(repeating count: Int, _ body: () -> Void) -> Double {
        time { for _ in 0..<count { body() } } / Double(count)
    }

    private static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1_024
        #endif
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
