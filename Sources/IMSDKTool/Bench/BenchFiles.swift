import Foundation

/// A private temporary directory for the benchmark's databases, removed when the value goes away.
final class BenchFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("imsdk-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
