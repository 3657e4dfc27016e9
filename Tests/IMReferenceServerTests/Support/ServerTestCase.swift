import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

/// A box for a value set on another thread and read after a wait.
final class ResultBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in one step (a read and a write under one lock).
    func modify(_ body: (inout Value?) -> Void) {
        lock.withLock { body(&stored) }
    }
}

/// A base for server tests: a fresh server with a fixed clock and users "alice", "bob" and "carol",
/// plus synchronous helpers around the asynchronous connection API.
///
/// The server lets any number of connections of one user stay open (the tests open several devices
/// of a user on one platform); tests of the login policy set it.
class ServerTestCase: XCTestCase {
    /// The server time every message gets.
    static let now: UInt64 = 1_700_000_000
    var server = IMReferenceServer(clock: { ServerTestCase.now }, loginPolicy: .unlimited)

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = IMReferenceServer(clock: { ServerTestCase.now }, loginPolicy: .unlimited)
        try server.registerUser("alice", nickname: "Alice", faceURL: "https://face/alice")
        try server.registerUser("bob", nickname: "Bob", faceURL: "https://face/bob")
        try server.registerUser("carol")
    }

    /// Connects `userID` and waits for the outcome.
    func connectResult(
        _ userID: String, userSig: String = "sig", platform: IMPlatform = .current, sink: RecordingSink = RecordingSink()
    ) -> Result<any IMConnection, IMError>? {
        let done = expectation(description: "connect \(userID)")
        let box = ResultBox<Result<any IMConnection, IMError>>()
        server.connect(IMLoginInfo(userID: userID, userSig: userSig, platform: platform), sink: sink) { result in
            box.value = result
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        return box.value
    }

    /// Connects `userID`, failing the test when that fails.
    func connect(
        _ userID: String, userSig: String = "sig", platform: IMPlatform = .current, sink: RecordingSink = RecordingSink(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> any IMConnection {
        let result = try XCTUnwrap(connectResult(userID, userSig: userSig, platform: platform, sink: sink), file: file, line: line)
        return try result.get()
    }

    /// Sends `request` on `connection` and waits for the answer.
    func send(_ request: IMRequest, on connection: any IMConnection) -> Result<IMResponse, IMError> {
        let done = expectation(description: "\(request)")
        let box = ResultBox<Result<IMResponse, IMError>>()
        connection.send(request) { result in
            box.value = result
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        return box.value ?? .failure(IMError(.networkFailure, "no answer"))
    }

    /// Sends `request` and returns the response, failing the test on an error.
    func answer(_ request: IMRequest, on connection: any IMConnection) throws -> IMResponse {
        try send(request, on: connection).get()
    }

    /// The error `request` fails with, or `nil` when it succeeds.
    func error(of request: IMRequest, on connection: any IMConnection) -> IMError.Code? {
        if case .failure(let error) = send(request, on: connection) { return error.code }
        return nil
    }

    /// The conversations a fresh sync returns for `connection`'s user, by ID.
    func sync(_ connection: any IMConnection) throws -> [ConversationID: ServerConversation] {
        guard case .changes(let changes) = try answer(.syncChanges(since: 0), on: connection) else {
            XCTFail("not a conversation list")
            return [:]
        }
        return Dictionary(uniqueKeysWithValues: changes.conversations.map { ($0.id, $0) })
    }

    /// Waits until every delivery the server produced so far for `connection` has run (its queue is
    /// serial, so the answer to a later request comes after them).
    func drain(_ connection: any IMConnection) {
        _ = send(.profiles([]), on: connection)
    }

    /// Asserts that `body` throws an `IMError` with `code`.
    func assertThrows<T>(
        _ code: IMError.Code, file: StaticString = #filePath, line: UInt = #line, _ body: () throws(IMError) -> T
    ) {
        do {
            _ = try body()
            XCTFail("expected error \(code.rawValue)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
        }
    }
}
