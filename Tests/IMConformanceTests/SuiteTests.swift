import XCTest
import IMConformance

/// The whole suite against the real SDK: every scenario agrees in every mode.
final class SuiteTests: XCTestCase {
    func test_suite_everyScenarioAgreesInEveryMode_inUnderThirtySeconds() async {
        let reports = await SuiteRun.reports()
        let elapsed = await SuiteRun.elapsed()

        XCTAssertEqual(reports.map(\.scenario.name), Scenario.suite.map(\.name))
        for report in reports {
            XCTAssertTrue(report.agrees, """
                "\(report.scenario.name)" does not agree:
                \(report.discrepancies.map { "  - \($0)" }.joined(separator: "\n"))
                """)
        }
        XCTAssertLessThan(elapsed, 30)
    }

    func test_suite_coversTheRequiredBehaviours() {
        let steps = Scenario.suite.flatMap(\.steps)
        func has(_ matches: (Step) -> Bool) -> Bool { steps.contains(where: matches) }
        XCTAssertTrue(has { if case .receive = $0 { true } else { false } }, "C2C messages")
        XCTAssertTrue(has { if case .receiveInGroup = $0 { true } else { false } }, "group messages")
        XCTAssertTrue(has { if case .read = $0 { true } else { false } }, "partial reads")
        XCTAssertTrue(has { if case .readAll = $0 { true } else { false } }, "full reads")
        XCTAssertTrue(has { if case .pin = $0 { true } else { false } }, "pins")
        XCTAssertTrue(has { if case .unpin = $0 { true } else { false } }, "unpins")
        XCTAssertTrue(has { if case .setDraft = $0 { true } else { false } }, "drafts")
        XCTAssertTrue(has { if case .clearDraft = $0 { true } else { false } }, "cleared drafts")
        XCTAssertTrue(has { if case .mute = $0 { true } else { false } }, "mute")
        XCTAssertTrue(has { if case .delete = $0 { true } else { false } }, "delete")
        for mention in [Step.Mention.me, .all] {
            XCTAssertTrue(has { if case .receiveMention(from: _, group: _, mentioning: mention) = $0 { true } else { false } },
                          "@\(mention)")
        }
        XCTAssertTrue(has { if case .send = $0 { true } else { false } }, "own messages")
        XCTAssertTrue(has { if case .relogin = $0 { true } else { false } }, "relogin")
        XCTAssertTrue(has { if case .peerRevokes = $0 { true } else { false } }, "a peer's revoke")
        XCTAssertTrue(has { if case .revokeMine(.c2c) = $0 { true } else { false } }, "my C2C revoke")
        XCTAssertTrue(has { if case .revokeMine(.group) = $0 { true } else { false } }, "my group revoke")
        XCTAssertTrue(has { if case .peerReads = $0 { true } else { false } }, "read receipts")
        XCTAssertTrue(has { if case .peerModifies = $0 { true } else { false } }, "changed messages")
        XCTAssertTrue(has { if case .deleteNewest = $0 { true } else { false } }, "a deleted message")
        XCTAssertTrue(has { if case .clearHistory = $0 { true } else { false } }, "a cleared conversation")
        XCTAssertTrue(has { if case .mark = $0 { true } else { false } }, "marks")
        XCTAssertTrue(has { if case .setCustomData = $0 { true } else { false } }, "custom data")
        XCTAssertTrue(has { if case .createConversationGroup = $0 { true } else { false } }, "conversation groups created")
        XCTAssertTrue(has { if case .renameConversationGroup = $0 { true } else { false } }, "renamed")
        XCTAssertTrue(has { if case .addToConversationGroup = $0 { true } else { false } }, "added to")
        XCTAssertTrue(has { if case .removeFromConversationGroup = $0 { true } else { false } }, "removed from")
        XCTAssertTrue(has { if case .deleteConversationGroup = $0 { true } else { false } }, "deleted")
        XCTAssertEqual(Scenario.suite.filter { $0.legacyLogin == .autoReport }.count, 1, "one auto-report scenario")
    }

    func test_revokesReceiptsDeletionsAndClears_areObservedInEveryMode_notJustAgreedOnEmpty() async throws {
        let reports = await SuiteRun.reports()
        func observations(_ name: String) throws -> [Observation] {
            let report = try XCTUnwrap(reports.first { $0.scenario.name == name })
            return Mode.allCases.compactMap { try? report.results[$0]?.get() }
        }
        for observation in try observations("revoked messages") {
            XCTAssertEqual(observation.snapshots[1][.revokeEvents], ["server-2"], "a's revoke is announced")
            XCTAssertEqual(observation.snapshots[1][.revoked], ["c2c_a=revoked"])
            XCTAssertEqual(observation.snapshots[1][.unread], ["c2c_a=1"])
            XCTAssertEqual(observation.snapshots[5][.revoked].sorted(), ["c2c_a=revoked", "c2c_b=revoked"])
            XCTAssertEqual(observation.snapshots[5][.revokeEvents], [], "my own revoke is not announced to me")
            XCTAssertEqual(observation.snapshots[7][.revoked].sorted(), ["c2c_a=revoked", "c2c_b=revoked", "group_g=revoked"])
        }
        for observation in try observations("read receipts") {
            XCTAssertEqual(observation.snapshots[2][.receiptEvents], ["a"])
            XCTAssertEqual(observation.snapshots[2][.peerRead], ["c2c_a=peer-read"])
            XCTAssertEqual(observation.snapshots[3][.peerRead], [], "the last message is a's now")
            XCTAssertEqual(observation.snapshots[5][.peerRead], ["c2c_a=peer-read"])
            XCTAssertEqual(observation.snapshots[6][.receiptEvents], [], "a read that goes no further sends none")
        }
        for observation in try observations("changed messages") {
            XCTAssertEqual(observation.snapshots[1][.modifyEvents], ["a-2, corrected"], "the change is announced")
            XCTAssertEqual(observation.snapshots[1][.lastMessage], ["c2c_a=a: a-2, corrected"])
            XCTAssertEqual(observation.snapshots[1][.unread], ["c2c_a=2"], "a change is no new message")
            XCTAssertEqual(observation.snapshots[2][.modifyEvents], ["a-1, corrected"])
            XCTAssertEqual(observation.snapshots[2][.lastMessage], ["c2c_a=a: a-2, corrected"], "not the last message")
            XCTAssertEqual(observation.snapshots[4][.modifyEvents], ["hi a (quoted)"], "a's change of my message")
            XCTAssertEqual(observation.snapshots[4][.lastMessage], ["c2c_a=me: hi a (quoted)"])
            XCTAssertEqual(observation.snapshots[5][.lastMessage], ["c2c_a=me: hi a (quoted)"], "after a new login")
        }
        for observation in try observations("delete a message and clear a conversation") {
            XCTAssertEqual(observation.snapshots[1][.unread], ["c2c_a=2"])
            XCTAssertEqual(observation.snapshots[1][.lastMessage], ["c2c_a=a: a-2"])
            XCTAssertEqual(observation.snapshots[4][.lastMessage], ["group_g=-", "c2c_a=a: a-2"])
            XCTAssertEqual(observation.snapshots[4][.atInfos], [])
            XCTAssertEqual(observation.snapshots[4][.history], ["c2c_a=2", "group_g=0"])
        }
    }

    func test_everyMode_walksTheSameSteps_andSeesTheSameListAfterEachStep() async {
        for report in await SuiteRun.reports() {
            let observations = Mode.allCases.compactMap { try? report.results[$0]?.get() }
            XCTAssertEqual(observations.count, 4, report.scenario.name)
            for observation in observations {
                XCTAssertEqual(observation.snapshots.map(\.title), report.scenario.steps.map(\.title), report.scenario.name)
            }
            let orders = Set(observations.map { $0.snapshots.map { $0[.order] } })
            XCTAssertEqual(orders.count, 1, "\(report.scenario.name): list order depends on the mode")
        }
    }
}

/// The suite's reports, run once for all tests of this target (runs drive the process-wide SDK, so
/// they must not overlap; XCTest runs tests one at a time).
enum SuiteRun {
    private static let task = Task {
        let start = DispatchTime.now().uptimeNanoseconds
        let reports = await ConformanceRunner().run()
        return (reports: reports, elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    static func reports() async -> [ScenarioReport] { await task.value.reports }

    /// How long the whole suite took, in seconds.
    static func elapsed() async -> Double { await task.value.elapsed }

    /// The report of the suite scenario named `name`.
    static func report(_ name: String) async throws -> ScenarioReport {
        let reports = await reports()
        return try XCTUnwrap(reports.first { $0.scenario.name == name }, "no scenario \(name)")
    }
}
