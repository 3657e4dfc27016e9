import Foundation

/// What the benchmark measures, for our engine and the baselines that have it.
enum BenchMetric: String, CaseIterable, Codable, Sendable {
    case incomingNew
    case incomingExisting
    case persistedBatched
    case persistedBatchedFolded
    case persistedSingle
    case firstPage
    case middlePage
    case lastPage
    case publicPage
    case publicCall
    case pageWalk
    case filteredPage
    case totalUnread
    case readReport
    case pin
    case coldStart
    case coldOpen
    case fullLoad
    case peakMemory
    case peakMemoryHeavy

    /// How a value is read: seconds per operation, or bytes.
    enum Unit: String, Codable, Sendable {
        case seconds
        case bytes
    }

    var unit: Unit { self == .peakMemory || self == .peakMemoryHeavy ? .bytes : .seconds }

    /// The row title of the table.
    var title: String {
        switch self {
        case .incomingNew: return "incoming message, new conversation"
        case .incomingExisting: return "incoming message, existing conversation"
        case .persistedBatched: return "incoming message, persisted, 1,000/txn"
        case .persistedBatchedFolded: return "  the same, its batch log folded after"
        case .persistedSingle: return "incoming message, persisted, 1/txn"
        case .firstPage: return "first page of 50"
        case .middlePage: return "page of 50 in the middle"
        case .lastPage: return "last page of 50 (deepest offset)"
        case .publicPage: return "page of 50, public V2 call, objects made"
        case .publicCall: return "  a public call's round trip alone"
        case .pageWalk: return "full page walk, pages of 50"
        case .filteredPage: return "filtered page of 50, 1% selected (mean)"
        case .totalUnread: return "total unread"
        case .readReport: return "read report"
        case .pin: return "pin or unpin"
        case .coldStart: return "cold start to first page and total"
        case .coldOpen: return "  of which opening the database"
        case .fullLoad: return "loading every conversation (comparison)"
        case .peakMemory: return "peak resident memory (own process)"
        case .peakMemoryHeavy: return "  with 20 messages per conversation"
        }
    }

    /// The title on its own, where no row above it gives a sub-row's context (the plot's panels).
    var standaloneTitle: String {
        switch self {
        case .coldOpen: return "cold start: opening the database"
        case .publicCall: return "a public V2 call's round trip, no work (total unread)"
        case .persistedBatchedFolded: return "incoming message, persisted, 1,000/txn, batch log folded after"
        case .peakMemoryHeavy: return "peak resident memory, 20 messages per conversation"
        default: return title.trimmingCharacters(in: .whitespaces)
        }
    }
}

/// One measured metric at one scale: ours and each baseline's figure, and how many times better ours is.
struct MetricResult: Encodable, Sendable {
    let metric: BenchMetric
    /// Seconds per operation, or bytes; nil when the subject has no such figure (or it was not measured).
    let ours: Double?
    let array: Double?
    let sql: Double?

    /// B1's figure divided by ours: how many times faster (or smaller) ours is.
    var arrayRatio: Double? { Self.ratio(array, ours) }
    /// B2's figure divided by ours.
    var sqlRatio: Double? { Self.ratio(sql, ours) }

    private static func ratio(_ baseline: Double?, _ ours: Double?) -> Double? {
        guard let baseline, let ours, ours > 0 else { return nil }
        return baseline / ours
    }

    private enum CodingKeys: String, CodingKey {
        case metric, title, unit, ours, array, sql, arrayRatio, sqlRatio
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(metric, forKey: .metric)
        try container.encode(metric.title.trimmingCharacters(in: .whitespaces), forKey: .title)
        try container.encode(metric.unit, forKey: .unit)
        try container.encode(ours, forKey: .ours)
        try container.encode(array, forKey: .array)
        try container.encode(sql, forKey: .sql)
        try container.encode(arrayRatio, forKey: .arrayRatio)
        try container.encode(sqlRatio, forKey: .sqlRatio)
    }
}

/// Everything measured at one scale.
struct ScaleReport: Encodable, Sendable {
    let conversations: Int
    /// Messages of the in-memory workload (two per conversation).
    let messages: Int
    /// Messages of the heavy workload of the memory probes (`ScaleBench.heavyPerConversation` per
    /// conversation).
    let heavyMessages: Int
    /// Whether B1's, B2's and our lists (order, unread, pins) and totals were equal after the
    /// messages and after the reads and pins; a run where they are not fails before reporting.
    let listsAgree: Bool
    /// How many of the messages to existing conversations B1 handled in the timed sample.
    let arraySampledMessages: Int
    /// How many of the reads and of the pins B1 handled in its timed samples.
    let arraySampledReads: Int
    let arraySampledPins: Int
    /// Reads and pins each subject applied.
    let reads: Int
    let pins: Int
    /// Peak resident memory of a process that ran no subject, in bytes (nil without probes).
    let processBaselineBytes: Double?
    let metrics: [MetricResult]

    /// The result of `metric`.
    subscript(metric: BenchMetric) -> MetricResult? { metrics.first { $0.metric == metric } }
}
