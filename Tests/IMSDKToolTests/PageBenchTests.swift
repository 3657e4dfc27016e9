import Foundation
import IMCore
@testable import IMSDKTool
import XCTest

/// `imsdk bench --pages`: the core's pages against B1's slices alone.
final class PageBenchTests: XCTestCase {
    func test_positions_areTheTopMiddleAndEnd_andEachKeyIsThePageBeforesLast() {
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
        _ = IngestBench.receiveEach(Array(BenchWorkload(conversations: 300))[...], into: &store)
        let order = store.allInOrder()
        let positions = PageBench.positions(order)
        XCTAssertEqual(positions.map(\.metric), [.firstPage, .middlePage, .lastPage])
        XCTAssertEqual(positions.map(\.offset), [0, 150, 250])
        XCTAssertEqual(positions[0].key, 0, "the first page starts from the top")
        for position in positions.dropFirst() {
            // Resuming after the key gives the conversations from the offset on: the walk a list makes.
            let page = store.page(after: position.key, count: ScaleBench.pageSize).conversations
            XCTAssertEqual(page.map(\.id), order[position.offset..<(position.offset + ScaleBench.pageSize)].map(\.id))
        }
    }

    /// The full walk's timed body pages through the whole list, as B1's walk slices it.
    func test_benchPageThrough_walksEveryPageOfTheList() {
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
        _ = IngestBench.receiveEach(Array(BenchWorkload(conversations: 300))[...], into: &store)
        XCTAssertEqual(store.benchPageThrough(pageSize: 50), 6, "the sixth page is full and the last")
        XCTAssertEqual(store.benchPageThrough(pageSize: 7), 43, "42 full pages and one of 6")
        XCTAssertEqual(store.benchPageThrough(pageSize: 300), 1)
        XCTAssertEqual(store.benchList(pageSize: 7).count, 300, "the list compared is read the same way")
    }

    /// The walk's timed bodies page through the whole list, ours and B1's alike.
    func test_walks_pageThroughTheWholeList() {
        let all = Array(BenchWorkload(conversations: 300))
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
        _ = IngestBench.receiveEach(all[...], into: &store)
        XCTAssertEqual(PageBench.walk(&store), 6)
        var array = ArrayBaseline()
        array.absorb(all[...])
        XCTAssertEqual(PageBench.walk(&array), 300, "B1's walk copies every row once")
    }

    func test_run_timesEveryRoundAtEveryPosition_fastestFirst() throws {
        let report = try PageBench(conversations: 300, rounds: 3, repeatSeconds: 0.001).run()
        XCTAssertEqual(report.conversations, 300)
        XCTAssertEqual(report.positions.map(\.position), ["first", "middle", "last", "walk"])
        for figures in report.positions {
            for times in [figures.ours, figures.array] {
                XCTAssertEqual(times.count, 3, "one figure a round")
                XCTAssertEqual(times, times.sorted(), "fastest first")
                XCTAssertTrue(times.allSatisfy { $0 > 0 }, "\(times)")
            }
        }
    }

    func test_smokeRun_table_namesEveryPosition_andJSON_carriesThem() throws {
        let table = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200], smoke: true, pagesOnly: true), console: table.console).runPages()
        for position in ["first", "middle", "last", "walk"] {
            XCTAssertTrue(table.outLines.contains { $0.hasPrefix("200 ") && $0.contains(position) && $0.hasSuffix("x") },
                          "\(table.outLines)")
        }

        let json = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200, 400], json: true, smoke: true, pagesOnly: true), console: json.console).runPages()
        let reports = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.outLines.joined(separator: "\n").utf8)) as? [[String: Any]])
        XCTAssertEqual(reports.map { $0["conversations"] as? Int }, [200, 400])
        let positions = try XCTUnwrap(reports.first?["positions"] as? [[String: Any]])
        XCTAssertEqual(positions.map { $0["position"] as? String }, ["first", "middle", "last", "walk"])
        XCTAssertEqual((positions.first?["ours"] as? [Double])?.count, 1, "one round with --smoke")
    }

    func test_pagesOption_parses_andRoutes_andRefusesTheOtherMeasurements() throws {
        XCTAssertEqual(try BenchOptions.parse(["--pages"]), BenchOptions(pagesOnly: true))
        XCTAssertEqual(try BenchOptions.parse(["--pages", "--scales", "1000"]), BenchOptions(scales: [1_000], pagesOnly: true))
        for other in [["--ingest"], ["--persisted"], ["--flood"], ["--login-burst"], ["--svg", "plot.svg"]] {
            XCTAssertThrowsError(try BenchOptions.parse(["--pages"] + other), "\(other)")
        }
        XCTAssertEqual(try Command.parse(["bench", "--pages"]), .bench(BenchOptions(pagesOnly: true)))
    }
}
