import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

final class ConnectionTests: ServerTestCase {
    func test_connect_unknownUser_failsWithUnknownUser() {
        guard case .failure(let error)? = connectResult("nobody") else { return XCTFail("connected") }
        XCTAssertEqual(error.code, .unknownUser)
        XCTAssertEqual(error.code.rawValue, 20003)
    }

    func test_connect_emptyUserSig_failsWithUserSigExpired() {
        guard case .failure(let error)? = connectResult("alice", userSig: "") else { return XCTFail("connected") }
        XCTAssertEqual(error.code, .userSigExpired)
        XCTAssertEqual(error.code.rawValue, 6206)
    }

    func test_connect_emptyUserID_failsWithInvalidParameters() {
        guard case .failure(let error)? = connectResult("") else { return XCTFail("connected") }
        XCTAssertEqual(error.code, .invalidParameters)
    }

    func test_connect_registeredUser_returnsConnectionForThatUser() throws {
        let connection = try connect("alice")
        XCTAssertEqual(connection.userID, "alice")
    }

    func test_connect_completion_runsOnAnotherThread() throws {
        let callingThread = ObjectIdentifier(Thread.current)
        let completionThread = ResultBox<ObjectIdentifier>()
        let done = expectation(description: "connected")
        server.connect(IMLoginInfo(userID: "alice", userSig: "sig"), sink: RecordingSink()) { _ in
            completionThread.value = ObjectIdentifier(Thread.current)
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        XCTAssertNotEqual(completionThread.value, callingThread, "the completion did not run inside connect")
    }

    func test_connect_sameUserTwice_bothDevicesReceivePushes() throws {
        let first = RecordingSink(), second = RecordingSink()
        _ = try connect("bob", sink: first)
        _ = try connect("bob", sink: second)
        try server.sendText("hi", from: "alice", toUser: "bob")
        wait(for: [first.expectPushes(1), second.expectPushes(1)], timeout: 5)
        XCTAssertEqual(first.pushes, second.pushes)
    }

    func test_close_stopsPushes_whileTheUsersOtherConnectionKeepsReceiving() throws {
        let closedSink = RecordingSink(), openSink = RecordingSink()
        let closing = try connect("bob", sink: closedSink)
        let open = try connect("bob", sink: openSink)
        try server.sendText("before", from: "alice", toUser: "bob")
        wait(for: [closedSink.expectPushes(1)], timeout: 5)
        closing.close()
        try server.sendText("after", from: "alice", toUser: "bob")
        try server.sendText("after", from: "alice", toUser: "bob")
        wait(for: [openSink.expectPushes(3)], timeout: 5)
        drain(open)
        XCTAssertEqual(closedSink.pushes.count, 1, "nothing arrives after close() returned")
    }

    func test_send_afterClose_failsWithNetworkFailure() throws {
        let connection = try connect("alice")
        connection.close()
        XCTAssertEqual(error(of: .syncChanges(since: 0), on: connection), .networkFailure)
        XCTAssertEqual(
            error(of: .sendMessage(OutgoingMessage(id: "m", receiver: .user("bob"), content: .text("x"))), on: connection),
            .networkFailure)
        let bob = try connect("bob")
        XCTAssertEqual(try sync(bob).count, 0, "the request on the closed connection changed nothing")
    }

    func test_close_fromInsideItsOwnSink_returnsAndStopsLaterPushes() throws {
        let sink = RecordingSink()
        let connection = try connect("bob", sink: sink)
        sink.onReceive = { _ in connection.close() }
        let observer = RecordingSink()
        let other = try connect("bob", sink: observer)
        try server.sendText("1", from: "alice", toUser: "bob")
        try server.sendText("2", from: "alice", toUser: "bob")
        // Each connection delivers on its own queue: the sink's first push may come after the
        // observer's second, so wait for both.
        wait(for: [observer.expectPushes(2), sink.expectPushes(1)], timeout: 5)
        drain(other)
        XCTAssertEqual(sink.pushes.count, 1, "the sink closed its connection on the first push")
    }

    func test_deliveries_arriveInTheOrderTheServerProducedThem() throws {
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        for text in ["1", "2", "3"] {
            try server.sendText(text, from: "alice", toUser: "bob")
        }
        let answered = expectation(description: "answered")
        bob.send(.markRead(.c2c("alice"), upTo: .max)) { _ in
            sink.note("response")
            answered.fulfill()
        }
        try server.sendText("4", from: "alice", toUser: "bob")
        wait(for: [answered, sink.expectPushes(5)], timeout: 5)
        let order = sink.events.map { event -> String in
            switch event {
            case .note(let text): return text
            case .push(.newMessage(let message, _)): return message.content.text ?? "?"
            case .push(let other): return "\(other)"
            }
        }
        XCTAssertEqual(order, ["1", "2", "3", "readCursor(c2c:alice, seq: 3)", "response", "4"],
                       "the reading device gets its own read as a numbered push, before the response")
        XCTAssertEqual(sink.versions, [2, 3, 4, 5, 6], "one unbroken sequence of versions per user")
    }

    func test_requestsOnOneConnection_areAnsweredInOrder() throws {
        let alice = try connect("alice")
        let answers = ResultBox<[UInt64]>()
        let done = expectation(description: "all answered")
        done.expectedFulfillmentCount = 20
        for index in 0..<20 {
            alice.send(.sendMessage(OutgoingMessage(id: "m\(index)", receiver: .user("bob"), content: .text("x")))) { result in
                if case .success(.message(let message)) = result {
                    answers.modify { $0 = ($0 ?? []) + [message.seq] }
                }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(answers.value, Array(1...20))
    }

    func test_reset_closesEveryConnection() throws {
        let sink = RecordingSink()
        let alice = try connect("alice", sink: sink)
        server.reset()
        try server.registerUser("alice")
        try server.registerUser("bob")
        let observerSink = RecordingSink()
        let observer = try connect("alice", sink: observerSink)
        try server.sendText("x", from: "bob", toUser: "alice")
        wait(for: [observerSink.expectPushes(1)], timeout: 5)
        drain(observer)
        XCTAssertTrue(sink.pushes.isEmpty)
        XCTAssertEqual(error(of: .syncChanges(since: 0), on: alice), .networkFailure)
    }
}
