import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import XCTest

/// What a client reports when its disk refuses a write: one `.syncFailed` with error 6022 and one
/// error line per failure episode, then a line when the retry wrote the waiting changes.
final class StorageFailureEventTests: XCTestCase {
    private final class Recorder: @unchecked Sendable {
        let events = Locked<[ClientEvent]>([])
        let lines = Locked<[(IMLogger.Level, String)]>([])
        var logger: IMLogger {
            IMLogger(minimumLevel: .debug) { level, line in self.lines.withLock { $0.append((level, line)) } }
        }

        var syncFailures: [IMError] {
            events.withLock { $0.compactMap { if case .syncFailed(let error) = $0 { return error } else { return nil } } }
        }

        func lines(at level: IMLogger.Level, containing text: String) -> [String] {
            lines.withLock { $0.filter { $0.0 == level && $0.1.contains(text) }.map(\.1) }
        }
    }

    func test_aFailureEpisode_isReportedOnceWith6022_loggedOnce_andItsRecoveryLogged() async throws {
        let directory = try TemporaryDirectory(prefix: "storage-events")
        defer { directory.remove() }
        let server = IMReferenceServer()
        for user in ["me", "a"] { try server.registerUser(user) }
        try server.sendText("hi", from: "a", toUser: "me")
        let recorder = Recorder()
        let queue = DispatchQueue(label: "StorageFailureEventTests")
        let session = IMSession()
        XCTAssertTrue(session.initialize(appID: 1_400_000_001, IMSession.Options(
            transport: server, callbackQueue: queue, checksInvariants: true, storage: .disk(directory: directory.path),
            logger: recorder.logger)))
        session.addObserver { _, event in recorder.events.withLock { $0.append(event) } }
        try await withCheckedThrowingContinuation { continuation in
            session.login(userID: "me", userSig: "sig") { continuation.resume(with: $0) }
        }
        let client = try XCTUnwrap(session.loggedInClient().client)
        defer { session.unInitialize() }

        session.injectStorageFaultForTesting(.readOnly)
        for text in ["one", "two", "three"] {
            XCTAssertThrowsError(try client.saveDraft(.c2c("a"), text, creating: false)) { error in
                XCTAssertEqual((error as? IMError)?.code, .ioOperationFailed)
            }
        }
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        XCTAssertEqual(recorder.syncFailures.map(\.code), [.ioOperationFailed])
        XCTAssertTrue(recorder.syncFailures.first?.message.contains("readonly") == true, "\(recorder.syncFailures)")
        XCTAssertEqual(recorder.lines(at: .error, containing: "writing a change to the local database failed").count, 1)
        XCTAssertEqual(client.read { $0.conversation(.c2c("a"))?.draft?.text }, "three")

        session.injectStorageFaultForTesting(nil)
        for _ in 0..<500 where recorder.lines(at: .info, containing: "writable again").isEmpty {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertEqual(recorder.lines(at: .info, containing: "writable again: wrote the changes of 3 batches").count, 1)
        try client.saveDraft(.c2c("a"), "four", creating: false)
        XCTAssertEqual(recorder.syncFailures.count, 1, "a recovered disk reports nothing more")
    }
}
