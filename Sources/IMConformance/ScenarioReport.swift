/// The verdict on one scenario: what each mode observed, and every way they fail to agree.
///
/// Agreement means:
/// - reads never matter: with the same writes, legacy reads and V2 reads observe the same rows;
/// - legacy writes and V2 writes observe the same rows (legacy/legacy against V2/V2), except in
///   the aspects of the scenario's expected differences;
/// - in those aspects, each mode's final rows are the documented ones for its writes;
/// - no step's API call fails.
package struct ScenarioReport: Sendable {
    package let scenario: Scenario
    /// What each mode observed, or why it could not run.
    package let results: [Mode: Result<Observation, RunError>]
    /// Every disagreement found; empty when the scenario agrees.
    package let discrepancies: [Discrepancy]

    /// Compares `results` as the type's summary describes.
    /// - Complexity: O(total size of the observations).
    package init(scenario: Scenario, results: [Mode: Result<Observation, RunError>]) {
        self.scenario = scenario
        self.results = results
        self.discrepancies = Self.discrepancies(of: scenario, in: results)
    }

    /// Whether every mode agrees.
    package var agrees: Bool { discrepancies.isEmpty }

    /// The digest of what the legacy API alone (legacy writes, legacy reads) observed.
    package var legacyDigest: String { digest(of: .legacy) }

    /// The digest of what the V2 API alone (V2 writes, V2 reads) observed.
    package var v2Digest: String { digest(of: .v2) }

    /// The digest of `mode`'s observation, showing the aspects of the expected differences.
    package func digest(of mode: Mode) -> String {
        switch results[mode] {
        case .success(let observation)?: return observation.digest(showing: scenario.expectedDifferences.map(\.aspect))
        case .failure?: return "(could not run)"
        case nil: return "(not run)"
        }
    }

    private static func discrepancies(
        of scenario: Scenario, in results: [Mode: Result<Observation, RunError>]
    ) -> [Discrepancy] {
        var found: [Discrepancy] = []
        var observations: [Mode: Observation] = [:]
        for mode in Mode.allCases {
            switch results[mode] {
            case .success(let observation)?: observations[mode] = observation
            case .failure(let error)?: found.append(.runFailed(mode, error))
            case nil: found.append(.runFailed(mode, RunError("not run")))
            }
        }
        let documented = Set(scenario.expectedDifferences.map(\.aspect))
        let pairs: [(Mode, Mode, ignoring: Set<Aspect>)] = [
            (.legacy, .legacyWritesV2Reads, []),
            (.v2, .v2WritesLegacyReads, []),
            (.legacy, .v2, documented),
        ]
        for (left, right, ignored) in pairs {
            guard let leftObservation = observations[left], let rightObservation = observations[right] else { continue }
            found += compare(leftObservation, left, rightObservation, right, ignoring: ignored)
        }
        for difference in scenario.expectedDifferences {
            if difference.legacy == difference.v2 { found.append(.notADifference(difference.aspect)) }
            for mode in Mode.allCases {
                guard let final = observations[mode]?.snapshots.last else { continue }
                let expected = difference.rows(for: mode.writes)
                if final[difference.aspect] != expected {
                    found.append(.expectationUnmet(mode, aspect: difference.aspect, expected: expected,
                                                   actual: final[difference.aspect]))
                }
            }
        }
        if !documented.contains(.result) {
            for mode in Mode.allCases {
                let snapshots = observations[mode]?.snapshots ?? []
                for (index, snapshot) in snapshots.enumerated() where snapshot[.result] != ["ok"] {
                    found.append(.stepFailed(mode, step: index + 1, title: snapshot.title,
                                             outcome: snapshot[.result].joined(separator: " ")))
                }
            }
        }
        return found
    }

    /// Every step and aspect (outside `ignored`) where two observations differ.
    private static func compare(
        _ left: Observation, _ leftMode: Mode, _ right: Observation, _ rightMode: Mode, ignoring ignored: Set<Aspect>
    ) -> [Discrepancy] {
        var found: [Discrepancy] = []
        if left.snapshots.count != right.snapshots.count {
            found.append(.stepCountsDiffer(leftMode, left.snapshots.count, rightMode, right.snapshots.count))
        }
        for (index, (leftSnapshot, rightSnapshot)) in zip(left.snapshots, right.snapshots).enumerated() {
            for aspect in leftSnapshot.differingAspects(from: rightSnapshot, ignoring: ignored) {
                found.append(.differs(step: index + 1, title: leftSnapshot.title, aspect: aspect,
                                      leftMode, leftSnapshot[aspect], rightMode, rightSnapshot[aspect]))
            }
        }
        return found
    }
}
