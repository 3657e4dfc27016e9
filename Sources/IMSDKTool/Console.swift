import Foundation

/// Where the tool writes: standard output and standard error, or a recorder in tests.
///
/// Each call writes one line. Both closures may be called from any thread.
struct Console: Sendable {
    let out: @Sendable (String) -> Void
    let err: @Sendable (String) -> Void

    /// The process's standard output and standard error, unbuffered: a line is out once written.
    static let standard = Console(
        out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
        err: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
}
