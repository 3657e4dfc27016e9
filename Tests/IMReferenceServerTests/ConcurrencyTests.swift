import Foundation
import IMCore
import IMReferenceServer
import XCTest

final class ConcurrencyTests: ServerTestCase {
    func test_concurrentSenders_getUniqueSequences_andEachConnectionSeesThemInOrder() throws {
        try server.createGroup("g", members: ["alice", "bob", "carol"])
        let sink = RecordingSink()
        _ = try connect("bob", sink: sink)
        let perSender = 200
        let seqs = ResultBox<[UInt64]>()
        let server = server
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let sender = index == 0 ? "alice" : "carol"
            for _ in 0..<perSender {
                if let seq = try? server.sendText("x", from: sender, toGroup: "g") {
                    seqs.modify { $0 = ($0 ?? []) + [seq] }
                }
            }
        }
        wait(for: [sink.expectPushes(2 * perSender)], timeout: 10)
        XCTAssertEqual(Set(seqs.value ?? []).count, 2 * perSender, "no sequence was given twice")
        let pushed = sink.pushes.compactMap { push -> UInt64? in
            if case .newMessage(let message, _) = push { return message.seq }
            return nil
        }
        XCTAssertEqual(pushed, Array(1...UInt64(2 * perSender)), "pushes arrive in sequence order")
    }

    func test_closeDuringConcurrentSends_nothingArrivesAfterCloseReturns() throws {
        for round in 0..<20 {
            let sink = RecordingSink()
            let closing = try connect("bob", sink: sink)
            let observerSink = RecordingSink()
            let observer = try connect("bob", sink: observerSink)
            let sending = DispatchGroup()
            DispatchQueue.global().async(group: sending) { [server] in
                for _ in 0..<200 {
                    _ = try? server.sendText("x", from: "alice", toUser: "bob")
                }
            }
            closing.close()
            let countAtClose = sink.pushes.count
            sending.wait()
            drain(observer)
            XCTAssertEqual(sink.pushes.count, countAtClose, "round \(round)")
            observer.close()
        }
    }
}
