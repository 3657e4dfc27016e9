/// Which API a scenario's calls go through ("writes") and which API its observations are read
/// through ("reads").
///
/// Writes are the calls a scenario makes (login, sends, reads, drafts, deletes); reads are the
/// conversation list, the conversations' fields, history and the listeners' events.
package struct Mode: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    package var writes: API
    package var reads: API

    package init(writes: API, reads: API) {
        self.writes = writes
        self.reads = reads
    }

    /// Legacy writes, legacy reads: what the legacy API alone shows (the "legacy result").
    package static let legacy = Mode(writes: .legacy, reads: .legacy)
    /// V2 writes, V2 reads: what the V2 API alone shows (the "V2 result").
    package static let v2 = Mode(writes: .v2, reads: .v2)
    /// Legacy writes, V2 reads.
    package static let legacyWritesV2Reads = Mode(writes: .legacy, reads: .v2)
    /// V2 writes, legacy reads.
    package static let v2WritesLegacyReads = Mode(writes: .v2, reads: .legacy)

    /// The four modes, the two single-API ones first.
    package static let allCases: [Mode] = [.legacy, .v2, .legacyWritesV2Reads, .v2WritesLegacyReads]

    package var description: String { "\(writes) writes/\(reads) reads" }
}
