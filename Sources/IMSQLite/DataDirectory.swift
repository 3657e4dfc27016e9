import Foundation

/// Where the SDK keeps its files when the app names no directory: the local stores and the
/// embedded server's data.
package enum DataDirectory {
    /// The per-user default directory.
    ///
    /// `$XDG_DATA_HOME/ImSDK` when that is set to an absolute path; otherwise
    /// `Application Support/ImSDK` on Apple platforms and `~/.local/share/ImSDK` elsewhere.
    package static func defaultPath() -> String {
        let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"] ?? ""
        #if canImport(Darwin)
        let platform = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first?.path
            ?? NSHomeDirectory() + "/Library/Application Support"
        #else
        let platform = NSHomeDirectory() + "/.local/share"
        #endif
        let base = xdg.hasPrefix("/") ? xdg : platform
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("ImSDK", isDirectory: true).path
    }
}
