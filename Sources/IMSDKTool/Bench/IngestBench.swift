import IMCore
import IMTransportKit

/// `imsdk bench --ingest`: only the in-memory incoming-message rows of the scales (`ScaleBench`),
/// each measured on several fresh stores.
///
/// A single run's figure on a shared machine moves with the machine by up to 1.5x; the fastest of
/// several rounds moves with the code, so this is the measurement to compare two builds of the
/// store's receive path with. Each round gives a new store (recording no storage delta, as in a
/// session without local storage) the scale's workload: one message to each conversation, then as
/// many to existing ones, each a `receive` and a `commitBatch` (`receiveEach`).
struct IngestBench {
    let conversations: Int
    let rounds: Int

    /// Seconds per message of every round, fastest first.
    struct Report: Encodable, Equatable {
        let conversations: Int
        let newConversation: [Double]
        let existingConversation: [Double]
    }

    /// - Precondition: `conversations >= 1`, `rounds >= 1`.
    func run() -> Report {
        precondition(conversations >= 1 && rounds >= 1, "an ingest bench needs a conversation and a round")
        let all = Array(BenchWorkload(conversations: conversations))
        let creations = all[..<conversations], updates = all[conversations...]
        var new: [Double] = [], existing: [Double] = []
        for _ in 0..<rounds {
            var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
            new.append(Self.receiveEach(creations, into: &store) / Double(creations.count))
            existing.append(Self.receiveEach(updates, into: &store) / Double(updates.count))
        }
        return Report(conversations: conversations, newConversation: new.sorted(), existingConversation: existing.sorted())
    }

    /// Seconds for `store` to take each of `messages` as its own batch (`receive`, `commitBatch`).
    static func receiveEach(_ messages: ArraySlice<Message>, into store: inout ConversationStore) -> Double {
        Stopwatch.time {
            for message in messages {
                store.receive(message)
                blackHole(store.commitBatch())
            }
        }
    }
}
