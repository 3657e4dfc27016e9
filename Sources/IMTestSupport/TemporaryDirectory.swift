import Foundation

/// A fresh, empty directory of a test's own under the system temporary directory.
///
/// `init` creates it as `<prefix>-<UUID>`; `remove()` deletes it with everything in it, and so does
/// `deinit` when a test stopped before its `remove()`. A test touches no file outside it.
/// - Thread safety: immutable; `remove()` may be called from any thread, any number of times.
package final class TemporaryDirectory: Sendable {
    /// The directory.
    package let url: URL

    /// The directory's path.
    package var path: String { url.path }

    /// Creates the directory.
    /// - Parameter prefix: The start of its name, saying which test it belongs to.
    /// - Throws: The file system's error if the directory cannot be created (or already exists).
    package init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit { remove() }

    /// The path of `name` (a file or a relative path) inside the directory; nothing is created.
    package func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the directory and everything in it; does nothing if it is gone already.
    package func remove() { try? FileManager.default.removeItem(at: url) }
}
