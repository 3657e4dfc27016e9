import IMSQLite
import Foundation
import IMCore
import IMTransportKit

/// One scale of `imsdk bench`: our engine, B1 (`ArrayBaseline`) and B2 (`SQLBaseline`) given the
/// same events, timed, and their lists compared.
///
/// Every subject gets the workload's messages (first one per conversation, then the skewed rest),
/// then the same read reports and pins. What is timed:
/// - incoming messages: ours is `receive` + `commitBatch` per message, on a store that records no
///   storage delta (as in a session without local storage); B2 in memory is one upsert
///   per message (autocommit) on `:memory:`. B1 takes milliseconds per event at 100k, so it builds
///   the new conversations untimed (`absorb`, one sort) and times the messages to existing
///   conversations only until its sample budget runs out; the rest is applied untimed. Reads and
///   pins are sampled the same way. Means over the sample are reported with its size.
/// - persisted: `PersistedBench`; both with 1,000 messages per transaction for the whole workload
///   (ours then folds its batch log, as a logout does: a row of its own includes it), then one per
///   transaction for more messages (up to 5,000).
/// - memory: each subject alone in a process (`MemoryProbe`), ours and B2 on disk, with the
///   workload's two messages per conversation and with twenty (`heavyPerConversation`; up to
///   `heavyProbeLimit` conversations).
/// - pages, walks and totals: means of repeated runs on the warm in-memory subjects (B2 pages by
///   OFFSET on its in-memory database; its full walk only up to `sqlWalkLimit` conversations). In
///   the full walk ours and B1 drop each page as it comes; B2's walk keeps each row's ID, unread
///   count and pin (its list, compared), work it has decoded already.
/// - the public page: `PublicPageBench` (a V2 session's `getConversationList`, objects made, up to
///   `PublicPageBench.limit` conversations), the slowest of the first, middle and last page, beside
///   B1's slowest slice; and, as a row of ours alone, the round trip of a public call that does no
///   work (the floor under any public page).
/// - filtered pages: after the reads and pins, every 100th conversation is starred; each subject
///   walks the starred ones in pages of 50 (ours `page(after:count:filter:)`, B1 filters its array
///   and slices, B2 adds `WHERE marks & 1 != 0`), and the mean per page over the walk is reported.
/// - cold start: the median of three opens of the persisted database (warm OS cache), first page
///   and total.
struct ScaleBench {
    /// How long repeated and sampled measurements may run.
    struct Budget: Sendable {
        /// Repeated measurements run for at least this many seconds in total.
        let repeatSeconds: Double
        /// Each of B1's samples (messages, reads, pins) runs for about this many seconds.
        let arraySampleSeconds: Double

        static let full = Budget(repeatSeconds: 0.1, arraySampleSeconds: 0.3)
        static let smoke = Budget(repeatSeconds: 0.002, arraySampleSeconds: 0.01)
    }

    let conversations: Int
    let budget: Budget
    /// The `imsdk` program for memory probes; nil: memory is not measured.
    let program: URL?

    /// Ours, B1's and B2's figure of one metric (nil where a subject has none).
    private typealias Figures = (ours: Double?, array: Double?, sql: Double?)

    static let pageSize = 50
    /// Above this many conversations B2's full walk in pages of 50 by OFFSET (quadratic: minutes at
    /// 1M) is not timed, and B2 reads its list for the comparisons in larger pages (`sqlListPageSize`).
    static let sqlWalkLimit = 100_000

    /// The page size B2 reads its whole list in at `conversations`: 50 up to `sqlWalkLimit`, above
    /// it 5,000 (a hundredth of the queries; still small beside the list, so a memory probe's
    /// figure is the list's, not a page's).
    static func sqlListPageSize(_ conversations: Int) -> Int {
        conversations <= sqlWalkLimit ? pageSize : 5_000
    }
    /// Messages per conversation of the heavy workload, whose peak memory is measured too.
    static let heavyPerConversation = 20
    /// Above this many conversations the heavy workload's memory is not measured: at 1M its 20M
    /// messages take over half an hour through our persisted ingest alone.
    static let heavyProbeLimit = 100_000
    static let reads = 2_000
    /// Pins toggle ten conversations; the count leaves the first five pinned at the end.
    static let pins = 2_005

    func run() throws -> ScaleReport {
        let n = conversations
        let extra = min(5_000, n)
        let all = Array(BenchWorkload(conversations: n, count: 2 * n + extra))
        let creations = all[0..<n], updates = all[n..<(2 * n)], singles = all[(2 * n)...]
        var generator = SplitMix64(seed: UInt64(n))
        let readTargets = (0..<Self.reads).map { _ in BenchWorkload.conversationID(Int(generator.next() % UInt64(n))) }
        let pinTargets = (0..<10).map { BenchWorkload.conversationID($0 * n / 10 + 1) }
        let pinOperations = (0..<Self.pins).map { (pinTargets[$0 % 10], ($0 / 10) % 2 == 0) }
        var results: [BenchMetric: Figures] = [:]

        // Messages, in memory: a store as a session without local storage keeps it (no storage delta).
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
        let oursNew = IngestBench.receiveEach(creations, into: &store)
        let oursExisting = IngestBench.receiveEach(updates, into: &store)
        var array = ArrayBaseline()
        array.absorb(creations)
        let arrayMessages = sample(updates) { array.receive($0) }
        array.absorb(updates.dropFirst(arrayMessages.count))
        let sql = try SQLBaseline(path: nil)
        let sqlNew = try Stopwatch.time { for message in creations { try sql.receive(message) } }
        let sqlExisting = try Stopwatch.time { for message in updates { try sql.receive(message) } }
        results[.incomingNew] = (oursNew / Double(n), nil, sqlNew / Double(n))
        results[.incomingExisting] = (oursExisting / Double(n), arrayMessages.mean, sqlExisting / Double(n))

        // Pages, walks and totals, warm; B2's timed walk is also its list compared after the messages.
        let order = store.allInOrder()
        for position in PageBench.positions(order) {
            results[position.metric] = (
                repeated { PageBench.page(&store, at: position) },
                repeated { PageBench.slice(&array, at: position) },
                try repeated { blackHole(try sql.page(offset: position.offset, count: Self.pageSize)) })
        }
        if n <= PublicPageBench.limit {
            // Against B1's slowest slice of the three (B1 has no objects to make).
            let slice = [BenchMetric.firstPage, .middlePage, .lastPage].compactMap { results[$0]?.array }.max()
            let publicFigures = try PublicPageBench(conversations: n, repeatSeconds: budget.repeatSeconds).run()
            results[.publicPage] = (publicFigures.page, slice, nil)
            results[.publicCall] = (publicFigures.roundTrip, nil, nil)
        }
        // Ours and B1 page through and drop each page; ours' list to compare is read untimed after
        // (making the entries allocates a string per conversation, which B1's walk does not do).
        var sqlWalk: [ListEntry] = []
        results[.pageWalk] = (
            repeated { PageBench.walk(&store) },
            repeated { PageBench.walk(&array) },
            n <= Self.sqlWalkLimit ? try repeated { sqlWalk = try sql.list(pageSize: Self.pageSize) } : nil)
        if n > Self.sqlWalkLimit { sqlWalk = try sql.list(pageSize: Self.sqlListPageSize(n)) }
        try compare(ours: store.benchList(pageSize: Self.pageSize), store, array, sql: sqlWalk, sql, phase: "after the messages")
        results[.totalUnread] = (
            repeated { clobber(&store); blackHole(store.counters.totalUnread) },
            repeated { clobber(&array); blackHole(array.totalUnread) },
            try repeated { blackHole(try sql.totalUnread()) })

        // Reads and pins.
        let oursRead = Stopwatch.time {
            for id in readTargets {
                store.markRead(id, upTo: .max)
                blackHole(store.commitBatch())
            }
        }
        let oursPin = try Stopwatch.time {
            for (id, pinned) in pinOperations {
                try store.setPinned(id, pinned)
                blackHole(store.commitBatch())
            }
        }
        let arrayReads = sample(readTargets) { array.markRead($0) }
        for id in readTargets.dropFirst(arrayReads.count) { array.apply(read: id, resorting: false) }
        array.resort()
        let arrayPins = sample(pinOperations) { array.setPinned($0.0, $0.1) }
        for (id, pinned) in pinOperations.dropFirst(arrayPins.count) { array.apply(pin: id, pinned, resorting: false) }
        array.resort()
        let sqlRead = try Stopwatch.time { for id in readTargets { try sql.markRead(id) } }
        let sqlPin = try Stopwatch.time { for (id, pinned) in pinOperations { try sql.setPinned(id, pinned) } }
        results[.readReport] = (oursRead / Double(Self.reads), arrayReads.mean, sqlRead / Double(Self.reads))
        results[.pin] = (oursPin / Double(Self.pins), arrayPins.mean, sqlPin / Double(Self.pins))
        try compare(ours: store.benchList(), store, array, sql: try sql.list(pageSize: Self.sqlListPageSize(n)), sql, phase: "after the reads and pins")
        try measureFilteredPages(&store, &array, sql, into: &results)

        // On disk.
        let files = try BenchFiles()
        let oursPath = files.path("engine.sqlite"), sqlPath = files.path("sql.sqlite")
        try measurePersisted(all: all, singles: singles, oursPath: oursPath, sqlPath: sqlPath, into: &results)
        try measureColdStart(oursPath: oursPath, sqlPath: sqlPath, into: &results)

        // Memory, one process per subject.
        var baselineBytes: Double?
        if let program {
            baselineBytes = try MemoryProbe.measure(.none, conversations: n, program: program)
            for (metric, perConversation) in [(BenchMetric.peakMemory, 2), (.peakMemoryHeavy, Self.heavyPerConversation)]
            where metric == .peakMemory || n <= Self.heavyProbeLimit {
                results[metric] = (
                    try MemoryProbe.measure(.engine, conversations: n, perConversation: perConversation, program: program),
                    try MemoryProbe.measure(.array, conversations: n, perConversation: perConversation, program: program),
                    try MemoryProbe.measure(.sql, conversations: n, perConversation: perConversation, program: program))
            }
        }

        return ScaleReport(
            conversations: n, messages: 2 * n, heavyMessages: Self.heavyPerConversation * n, listsAgree: true,
            arraySampledMessages: arrayMessages.count, arraySampledReads: arrayReads.count, arraySampledPins: arrayPins.count,
            reads: Self.reads, pins: Self.pins, processBaselineBytes: baselineBytes,
            metrics: BenchMetric.allCases.map { metric in
                let figures = results[metric] ?? (nil, nil, nil)
                return MetricResult(metric: metric, ours: figures.ours, array: figures.array, sql: figures.sql)
            })
    }

    /// A filtered walk: every 100th conversation starred (1%), walked in pages of 50 by each subject;
    /// the mean per page, and the three walks compared.
    private func measureFilteredPages(
        _ store: inout ConversationStore, _ array: inout ArrayBaseline, _ sql: SQLBaseline,
        into results: inout [BenchMetric: Figures]
    ) throws {
        let starred = stride(from: 0, to: conversations, by: 100).map(BenchWorkload.conversationID)
        for id in starred {
            try store.setMarks(id, .star, enable: true)
            try sql.setMarks(id, ConversationMarks.star.rawValue)
        }
        blackHole(store.commitBatch())
        array.star(starred)
        let filter = ConversationFilter(marks: .star)
        var ours: (entries: [ListEntry], pages: Int) = ([], 1)
        var arrays: (entries: [ListEntry], pages: Int) = ([], 1)
        var sqls: (entries: [ListEntry], pages: Int) = ([], 1)
        let oursWalk = repeated { clobber(&store); ours = store.benchList(pageSize: Self.pageSize, filter: filter) }
        let arrayWalk = repeated { clobber(&array); arrays = array.starredList(pageSize: Self.pageSize) }
        let sqlWalk = try repeated { sqls = try sql.markedList(ConversationMarks.star.rawValue, pageSize: Self.pageSize) }
        results[.filteredPage] = (
            oursWalk / Double(ours.pages), arrayWalk / Double(arrays.pages), sqlWalk / Double(sqls.pages))
        let total = { (list: [ListEntry]) in list.reduce(0) { $0 + $1.unread } }
        try ListComparison.check(
            .init(subject: "our engine", list: ours.entries, totalUnread: total(ours.entries)),
            against: [
                .init(subject: "B1 (array)", list: arrays.entries, totalUnread: total(arrays.entries)),
                .init(subject: "B2 (SQL)", list: sqls.entries, totalUnread: total(sqls.entries)),
            ],
            phase: "\(conversations) conversations, the starred ones")
        guard ours.entries.count == starred.count else {
            throw BenchError.listsDisagree("\(conversations) conversations: \(ours.entries.count) starred listed, \(starred.count) starred")
        }
    }

    /// Ingest to disk (`PersistedBench`): the whole workload at 1,000 messages per transaction, the
    /// batch log folded, then `singles` one per transaction, for ours and B2.
    private func measurePersisted(
        all: [Message], singles: ArraySlice<Message>, oursPath: String, sqlPath: String,
        into results: inout [BenchMetric: Figures]
    ) throws {
        let figures = try PersistedBench(batched: all[..<(2 * conversations)], singles: singles)
            .run(oursPath: oursPath, sqlPath: sqlPath)
        results[.persistedBatched] = (figures.batched, nil, figures.sqlBatched)
        results[.persistedBatchedFolded] = (figures.batchedFolded, nil, figures.sqlBatched)
        results[.persistedSingle] = (figures.single, nil, figures.sqlSingle)
    }

    /// Cold start: open the persisted database, read the first page and the total; ours without
    /// loading every conversation (the login path), and its full load for comparison.
    private func measureColdStart(
        oursPath: String, sqlPath: String,
        into results: inout [BenchMetric: Figures]
    ) throws {
        var oursOpen: [Double] = []
        let oursCold = try Stopwatch.median(of: 3) {
            let start = Stopwatch.now()
            let (database, _) = try ConversationDatabase.openOrRecover(at: oursPath, logger: .silent, verifying: false)
            oursOpen.append(Stopwatch.seconds(since: start))
            guard let stored = try database.loadCounters() else { throw BenchError.noCounters }
            let store = ConversationStore(
                selfUserID: BenchWorkload.selfUserID, counters: stored.counters, orderCounter: stored.orderCounter,
                syncVersion: stored.syncVersion, serverEpoch: stored.serverEpoch, source: ColdSource { try? database.stored($0) })
            blackHole(try database.page(below: nil, limit: Self.pageSize))
            blackHole(store.counters.totalUnread)
        }
        var sqlOpen: [Double] = []
        let sqlCold = try Stopwatch.median(of: 3) {
            let start = Stopwatch.now()
            let sql = try SQLBaseline(path: sqlPath)
            sqlOpen.append(Stopwatch.seconds(since: start))
            blackHole(try sql.page(offset: 0, count: Self.pageSize))
            blackHole(try sql.totalUnread())
        }
        let fullLoad = try Stopwatch.median(of: 3) {
            let database = try ConversationDatabase.open(at: oursPath, logger: .silent, verifying: false)
            blackHole(try IMClient.loadStore(from: database, userID: BenchWorkload.selfUserID, logger: .silent))
        }
        results[.coldStart] = (oursCold, nil, sqlCold)
        results[.coldOpen] = (oursOpen.sorted()[1], nil, sqlOpen.sorted()[1])
        results[.fullLoad] = (fullLoad, nil, nil)
    }

    /// Mean seconds of `body` over repeated runs (at least the repeat budget in total).
    private func repeated(_ body: () throws -> Void) rethrows -> Double {
        try Stopwatch.mean(minimum: budget.repeatSeconds, body)
    }

    /// Runs `body` on the first elements of `items` until B1's sample budget is spent (at least one).
    /// - Returns: how many it ran and the mean seconds per element.
    private func sample<C: Collection>(_ items: C, _ body: (C.Element) -> Void) -> (count: Int, mean: Double) {
        let start = Stopwatch.now()
        var count = 0
        for item in items {
            body(item)
            count += 1
            if Stopwatch.seconds(since: start) >= budget.arraySampleSeconds { break }
        }
        return (count, Stopwatch.seconds(since: start) / Double(max(count, 1)))
    }

    /// Compares the three subjects' lists (ours and B2's as page walks give them) and totals;
    /// throws `listsDisagree` when they differ.
    private func compare(
        ours: [ListEntry], _ store: ConversationStore, _ array: ArrayBaseline, sql sqlList: [ListEntry], _ sql: SQLBaseline,
        phase: String
    ) throws {
        try ListComparison.check(
            .init(subject: "our engine", list: ours, totalUnread: store.counters.totalUnread),
            against: [
                .init(subject: "B1 (array)", list: array.list, totalUnread: array.totalUnread),
                .init(subject: "B2 (SQL)", list: sqlList, totalUnread: try sql.totalUnread()),
            ],
            phase: "\(conversations) conversations, \(phase)")
    }
}
