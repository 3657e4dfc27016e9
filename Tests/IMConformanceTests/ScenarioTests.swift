import XCTest
@testable import IMConformance

/// Scenario data: what a scenario derives from its steps, and how reports are rendered.
final class ScenarioTests: XCTestCase {
    func test_scenario_derivesUsersGroupsAndTargetsFromItsSteps() {
        let scenario = Scenario("x", steps: [
            .receive(from: "a", count: 1),
            .receiveInGroup(from: "b", group: "g", count: 1),
            .receiveMention(from: "c", group: "g", mentioning: .all),
            .send("hi", to: .c2c("d")),
            .send("hi", to: .group("h")),
            .pin(.c2c("a")),
        ])
        XCTAssertEqual(scenario.users, ["a", "b", "c", "d", "me"])
        XCTAssertEqual(scenario.groups, ["g": ["b", "c", "me"], "h": ["me"]])
        XCTAssertEqual(scenario.targets.map(\.conversationID), ["c2c_a", "c2c_d", "group_g", "group_h"])
    }

    func test_target_conversationIDsRoundTrip_andShortNamesMarkGroups() {
        for target in [Target.c2c("a"), .group("g"), .c2c("group_x")] {
            XCTAssertEqual(Target(conversationID: target.conversationID), target)
        }
        XCTAssertNil(Target(conversationID: "system"))
        XCTAssertEqual(Target.c2c("a").shortName, "a")
        XCTAssertEqual(Target.group("g").shortName, "#g")
    }

    func test_digest_listsConversationsInOrder_withMarkers_totalAndExtraAspects() {
        let observation = Observation(snapshots: [Snapshot(title: "t", rows: [
            .result: ["ok"],
            .order: ["group_g", "c2c_a", "c2c_b"],
            .unread: ["group_g=2", "c2c_a=1", "c2c_b=0"],
            .drafts: ["c2c_b=later"],
            .atInfos: ["group_g=3:me"],
            .history: ["c2c_a=4", "group_g=2"],
        ])])
        XCTAssertEqual(observation.digest(), "#g:2@ a:1 b:0~ total:3")
        XCTAssertEqual(observation.digest(showing: [.unread, .history]), "#g:2@ a:1 b:0~ total:3 | history a=4 #g=2")
        XCTAssertEqual(Observation(snapshots: [Snapshot(title: "t", rows: [.result: ["ok"], .order: Snapshot.loggedOut])])
            .digest(), "logged out")
        XCTAssertEqual(Observation(snapshots: []).digest(), "(no steps)")
    }

    func test_reportTable_alignsColumns_numbersNotes_andListsDisagreements() {
        let agreeing = Scenario("short", steps: [.receive(from: "a", count: 1)])
        let documented = Scenario("with a documented difference", steps: [.receive(from: "a", count: 1)],
                                  expectedDifferences: [ExpectedDifference(.history, legacy: ["c2c_a=1"], v2: ["c2c_a=0"],
                                                                           because: "because")])
        func result(_ rows: [Aspect: [String]]) -> Result<Observation, RunError> {
            .success(Observation(snapshots: [Snapshot(title: "a sends 1", rows: rows)]))
        }
        let base: [Aspect: [String]] = [.result: ["ok"], .order: ["c2c_a"], .unread: ["c2c_a=1"]]
        var legacyRows = base
        legacyRows[.history] = ["c2c_a=1"]
        var v2Rows = base
        v2Rows[.history] = ["c2c_a=0"]
        let reports = [
            ScenarioReport(scenario: agreeing, results: Dictionary(uniqueKeysWithValues: Mode.allCases.map {
                ($0, result(base))
            })),
            ScenarioReport(scenario: documented, results: Dictionary(uniqueKeysWithValues: Mode.allCases.map {
                ($0, result($0.writes == .legacy ? legacyRows : v2Rows))
            })),
            ScenarioReport(scenario: agreeing, results: [.legacy: result(base)]),
        ]
        let lines = ReportTable.lines(for: reports)
        XCTAssertEqual(Array(lines.prefix(4)), [
            "Scenario                          Legacy                     V2                         Agree",
            "short                             a:1 total:1                a:1 total:1                yes",
            "with a documented difference [1]  a:1 total:1 | history a=1  a:1 total:1 | history a=0  yes",
            "short                             a:1 total:1                (not run)                  NO",
        ])
        XCTAssertEqual(lines[5], "[1] expected difference in history: because.")
        XCTAssertEqual(lines[7], "short: does not agree")
        XCTAssertEqual(lines[8], "  - V2 writes/V2 reads: could not run: not run")
    }
}
