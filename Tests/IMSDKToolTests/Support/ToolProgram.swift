import Foundation
import XCTest

/// The `imsdk` program SwiftPM builds next to this test bundle, for tests that run it as a process.
enum ToolProgram {
    /// Its location; throws `XCTSkip` when it was not built (e.g. `swift test --filter` on a
    /// partial build).
    static func url() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("imsdk") }
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("the imsdk program is not built next to the tests: \(candidates.map(\.path))")
        }
        return tool
    }

    private final class BundleMarker {}
}
