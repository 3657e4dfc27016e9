/// One target of issues #7 and #18 checked against a run: the figure and whether it was met.
struct BenchTarget: Encodable, Sendable {
    /// What is promised, e.g. "total unread < 1 us".
    let target: String
    /// The measured value, formatted; "not measured" when the run had no such figure.
    let figure: String
    /// nil when not measured.
    let met: Bool?

    /// The scale the targets are stated for.
    static let scale = 100_000

    /// The targets checked at `report`'s scale.
    static func evaluate(_ report: ScaleReport) -> [BenchTarget] {
        func ours(_ metric: BenchMetric) -> Double? { report[metric]?.ours }
        func time(_ target: String, _ value: Double?, below limit: Double) -> BenchTarget {
            BenchTarget(target: target, figure: value.map(BenchFormat.time) ?? "not measured", met: value.map { $0 < limit })
        }
        func ratio(_ target: String, _ value: Double?, atLeast limit: Double) -> BenchTarget {
            BenchTarget(target: target, figure: value.map(BenchFormat.ratio) ?? "not measured", met: value.map { $0 >= limit })
        }
        let incoming = [ours(.incomingNew), ours(.incomingExisting)].compactMap { $0 }.max()
        let page = [ours(.firstPage), ours(.middlePage), ours(.lastPage)].compactMap { $0 }.max()
        let throughput = ours(.persistedBatched).map { 1 / $0 }
        let memory = ours(.peakMemory)
        let heavyGrowth = ours(.peakMemoryHeavy).flatMap { heavy in memory.map { heavy / $0 } }
        // B1's slice against our page at each position, the worst of the three.
        let pageAgainstSlice = [report[.firstPage], report[.middlePage], report[.lastPage]]
            .compactMap { $0?.arrayRatio }.min()
        return [
            time("incoming message, core in memory <= 1.2 us (slowest of new/existing)", incoming, below: 1.2e-6 + 1e-12),
            ratio("B1 / ours per incoming message >= 1000x", report[.incomingExisting]?.arrayRatio, atLeast: 1_000),
            time("page of 50 anywhere in the walk < 50 us warm (slowest of first/middle/last)", page, below: 50e-6),
            ratio("page of 50 no slower than B1's slice (B1 / ours >= 1, worst of first/middle/last)",
                  pageAgainstSlice, atLeast: 1),
            ratio("page of 50 through the public V2 call no slower than B1's slice (B1 / ours >= 1)",
                  report[.publicPage]?.arrayRatio, atLeast: 1),
            ratio("B2 at the deepest offset / ours >= 100x", report[.lastPage]?.sqlRatio, atLeast: 100),
            time("total unread < 1 us", ours(.totalUnread), below: 1e-6),
            BenchTarget(
                target: "persisted ingest >= 200,000 msg/s, 1,000 per transaction",
                figure: throughput.map(BenchFormat.throughput) ?? "not measured", met: throughput.map { $0 >= 200_000 }),
            ratio("persisted ingest, 1 per transaction, ahead of B2 (B2 / ours > 1)",
                  report[.persistedSingle]?.sqlRatio, atLeast: 1 + 1e-9),
            time("cold start to first page < 20 ms", ours(.coldStart), below: 20e-3),
            BenchTarget(
                target: "peak resident memory < 150 MB", figure: memory.map(BenchFormat.bytes) ?? "not measured",
                met: memory.map { $0 < 150 * 1_048_576 }),
            BenchTarget(
                target: "peak resident memory, store on disk, below B1's (B1 / ours > 1)",
                figure: report[.peakMemory]?.arrayRatio.map(BenchFormat.ratio) ?? "not measured",
                met: report[.peakMemory]?.arrayRatio.map { $0 > 1 }),
            BenchTarget(
                target: "peak memory with 20 messages/conversation <= 1.1x that with 2",
                figure: heavyGrowth.map(BenchFormat.ratio) ?? "not measured", met: heavyGrowth.map { $0 <= 1.1 }),
        ]
    }
}
