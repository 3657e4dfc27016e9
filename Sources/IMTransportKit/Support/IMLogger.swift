import Foundation

/// Where the SDK's log lines go: a level filter and a sink, both chosen by the facade's config.
///
/// - Thread safety: a value type; the sink must be safe to call from any thread.
package struct IMLogger: Sendable {
    /// How important a line is; larger is more important (the raw values of the vendor's log
    /// levels, in both API generations).
    package enum Level: Int, Sendable, Comparable {
        case debug = 3
        case info = 4
        case warning = 5
        case error = 6

        package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The least important level that is written; nil writes nothing.
    package var minimumLevel: Level?
    private let sink: @Sendable (Level, String) -> Void

    /// A logger writing lines at `minimumLevel` or above to `sink`.
    package init(minimumLevel: Level?, sink: @escaping @Sendable (Level, String) -> Void) {
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    /// A logger that writes nothing.
    package static let silent = IMLogger(minimumLevel: nil) { _, _ in }

    /// A logger that writes `[ImSDK] <level>: <message>` lines to standard error.
    package static func standardError(minimumLevel: Level?) -> IMLogger {
        IMLogger(minimumLevel: minimumLevel) { level, message in
            FileHandle.standardError.write(Data("[ImSDK] \(level): \(message)\n".utf8))
        }
    }

    /// Writes `message` when `level` passes the filter.
    package func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard let minimumLevel, level >= minimumLevel else { return }
        sink(level, message())
    }
}
