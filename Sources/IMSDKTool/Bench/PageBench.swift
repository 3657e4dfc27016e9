import IMCore
import IMTransportKit

/// `imsdk bench --pages`: only the core's pages of 50 at the top, in the middle and at the end of
/// the list, against B1's slices at the same offsets, and the full walk of the list in pages of 50
/// (per page) against B1's walk of slices, on one store and one array that took the scale's workload
/// (`ScaleBench`'s pages and walk, measured alone).
///
/// Each round takes the mean of repeated calls at each position, for ours and for B1 in turn; the
/// report keeps every round, fastest first. A page takes microseconds, so a single mean moves with
/// the machine; the fastest of several rounds moves with the code, which is what two builds are
/// compared by. Before timing, the pages are checked against B1's slices (the same conversations,
/// in the same order).
struct PageBench {
    let conversations: Int
    let rounds: Int
    /// Each position's calls run for at least this many seconds per round.
    let repeatSeconds: Double

    /// One page position: where B1 slices and the cursor our walk resumes from.
    struct Position {
        let metric: BenchMetric
        /// "first", "middle" or "last", as the report names it.
        let name: String
        let offset: Int
        /// The position to page from: the sort key of the conversation before `offset` (0 for the
        /// first page), as the page before would have returned it.
        let key: UInt64
    }

    /// Seconds per page of every round, fastest first, per position; the last, "walk", is the mean
    /// per page of a full walk.
    struct Report: Encodable, Equatable {
        struct Figures: Encodable, Equatable {
            /// "first", "middle", "last" or "walk".
            let position: String
            let ours: [Double]
            let array: [Double]
        }
        let conversations: Int
        let positions: [Figures]
    }

    /// The first, middle and last page of a list in `order` (the store's order, top first).
    static func positions(_ order: [Conversation]) -> [Position] {
        let n = order.count, size = ScaleBench.pageSize
        let middle = n / 2, last = max(0, n - size)
        return [(BenchMetric.firstPage, "first", 0), (.middlePage, "middle", middle), (.lastPage, "last", last)].map {
            metric, name, offset in
            Position(metric: metric, name: name, offset: offset, key: offset == 0 ? 0 : order[offset - 1].sortKey)
        }
    }

    /// One timed page of ours: the core's page of 50 after `position`, kept from the optimiser.
    static func page(_ store: inout ConversationStore, at position: Position) {
        clobber(&store)
        blackHole(store.page(after: position.key, count: ScaleBench.pageSize))
    }

    /// One timed slice of B1's: its 50 rows from `position`, copied out as an app holds them.
    static func slice(_ array: inout ArrayBaseline, at position: Position) {
        clobber(&array)
        blackHole(Array(array.page(offset: position.offset, count: ScaleBench.pageSize)))
    }

    /// One timed walk of ours: the whole list, a page of 50 at a time, each page dropped.
    /// - Returns: the number of pages.
    @discardableResult
    static func walk(_ store: inout ConversationStore) -> Int {
        clobber(&store)
        return store.benchPageThrough(pageSize: ScaleBench.pageSize)
    }

    /// One timed walk of B1's: its slices of 50, each copied out and dropped.
    /// - Returns: the number of rows copied.
    @discardableResult
    static func walk(_ array: inout ArrayBaseline) -> Int {
        clobber(&array)
        var copied = 0
        for offset in stride(from: 0, to: array.rows.count, by: ScaleBench.pageSize) {
            let slice = Array(array.page(offset: offset, count: ScaleBench.pageSize))
            copied += slice.count
            blackHole(slice)
        }
        return copied
    }

    /// - Precondition: `conversations >= ScaleBench.pageSize`, `rounds >= 1`.
    func run() throws -> Report {
        precondition(conversations >= ScaleBench.pageSize && rounds >= 1, "a page bench needs a page and a round")
        let all = Array(BenchWorkload(conversations: conversations))
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
        _ = IngestBench.receiveEach(all[...], into: &store)
        var array = ArrayBaseline()
        array.absorb(all[...])
        let positions = Self.positions(store.allInOrder())
        for position in positions {
            let ours = store.page(after: position.key, count: ScaleBench.pageSize).conversations.map { ListEntry.key($0.id) }
            let slice = array.page(offset: position.offset, count: ScaleBench.pageSize).map(\.id)
            guard ours == Array(slice) else {
                throw BenchError.listsDisagree("the \(position.metric.title) differs from B1's slice")
            }
        }
        let pages = Double(Self.walk(&store))
        var ours = Array(repeating: [Double](), count: positions.count + 1)
        var slices = ours
        for _ in 0..<rounds {
            for (index, position) in positions.enumerated() {
                ours[index].append(Stopwatch.mean(minimum: repeatSeconds) { Self.page(&store, at: position) })
                slices[index].append(Stopwatch.mean(minimum: repeatSeconds) { Self.slice(&array, at: position) })
            }
            ours[positions.count].append(Stopwatch.mean(minimum: repeatSeconds) { Self.walk(&store) } / pages)
            slices[positions.count].append(Stopwatch.mean(minimum: repeatSeconds) { Self.walk(&array) } / pages)
        }
        let names = positions.map(\.name) + ["walk"]
        return Report(conversations: conversations, positions: names.indices.map { index in
            .init(position: names[index], ours: ours[index].sorted(), array: slices[index].sorted())
        })
    }
}
