import Foundation
import IMCore
import XCTest

/// Keeps the test run out of the user's data directory, and fails a test that writes where the
/// SDK's default store lives.
///
/// When the test bundle loads (`CIMTestSandbox`), `XDG_DATA_HOME` is pointed at a directory of
/// the run's own under the system temporary directory (created only by whatever writes there): the
/// SDK's default directory (`ConversationDatabase.defaultDirectory()`, `$XDG_DATA_HOME/ImSDK` on
/// every platform) is then inside it. Every test gets a teardown block that fails it, naming the
/// files, when something appeared in that directory since the previous check; a test has to give
/// its sessions a directory of its own (or `.memory`). What appears after the last test's check
/// fails the run at the end. The sandbox is deleted when the run finishes.
///
/// A test that needs the default directory itself points `XDG_DATA_HOME` at its own temporary
/// directory and restores the previous value afterwards (`SnippetTestCase` does).
/// - Thread safety: thread-safe (one lock); XCTest calls it from the thread that runs the tests.
final class DataHomeSandbox: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = DataHomeSandbox()

    // Invariant: `state` is only touched while `lock` is held.
    private let lock = NSLock()
    private var state: (home: String, directory: String, known: Set<String>)?

    /// Points `XDG_DATA_HOME` at the sandbox and registers for XCTest's events; once.
    func install() {
        lock.lock()
        defer { lock.unlock() }
        guard state == nil else { return }
        let home = FileManager.default.temporaryDirectory
            .appendingPathComponent("imsdk-tests-data-home-\(UUID().uuidString)").path
        setenv("XDG_DATA_HOME", home, 1)
        let directory = ConversationDatabase.defaultDirectory()
        precondition(directory.hasPrefix(home + "/"),
                     "the SDK's default directory ignores XDG_DATA_HOME: tests would write into the user's")
        state = (home, directory, [])
        XCTestObservationCenter.shared.addTestObserver(self)
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        testCase.addTeardownBlock { [self] in
            let (directory, written) = newEntries()
            if !written.isEmpty {
                XCTFail("""
                    wrote into the SDK's default data directory (\(directory), a sandbox during tests), \
                    during this test or the previous test's tearDown: \(written.joined(separator: ", ")). \
                    Give the session a directory of the test's own, or .memory.
                    """)
            }
        }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        let (_, written) = newEntries()
        lock.lock()
        if let home = state?.home { try? FileManager.default.removeItem(atPath: home) }
        lock.unlock()
        if !written.isEmpty {
            FileHandle.standardError.write(Data("""
                error: a test wrote into the SDK's default data directory after the last test's check: \
                \(written.joined(separator: ", "))

                """.utf8))
            exit(EXIT_FAILURE)
        }
    }

    /// The sandbox's default directory (where it was at `install()`: a test may move `XDG_DATA_HOME`
    /// for a while), and what is in it now and was not at the previous call, as paths relative to
    /// it, sorted; the directory itself is "./", named only when it appeared empty.
    private func newEntries() -> (directory: String, written: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard let (_, directory, known) = state else { return ("", []) }
        var entries: Set<String> = []
        if FileManager.default.fileExists(atPath: directory) {
            entries.insert("./")
            entries.formUnion(FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
        }
        state?.known = entries
        var new = entries.subtracting(known)
        if new.count > 1 { new.remove("./") }
        return (directory, new.sorted())
    }
}

/// Called by `CIMTestSandbox` when the test bundle loads.
@_cdecl("imsdk_install_test_sandbox")
public func imsdkInstallTestSandbox() {
    DataHomeSandbox.shared.install()
}
