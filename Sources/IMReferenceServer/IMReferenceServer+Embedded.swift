import Foundation
import IMSQLite
import IMTransportKit

/// The embedded default of an app that keeps its local store on disk: a server per app ID that
/// keeps its state next to the stores, as the vendor's cloud keeps an app's.
extension IMReferenceServer {
    /// The embedded server the SDK talks to when an app with app ID `appID` configures no transport
    /// and keeps its local store on disk in `directory` (nil: the SDK's default directory): use it
    /// to register users, create groups and send messages before and while such an app runs.
    ///
    /// Its state lives in `DIRECTORY/imserver_APPID.sqlite`: an app started again finds its cloud
    /// as it left it, under the same epoch, so its store resumes incrementally. One instance per
    /// file in a process (later calls return it); one process per file (see
    /// `init(persistingAt:clock:loginPolicy:logger:)`). With storage in memory the SDK uses the
    /// in-memory `shared` instead.
    /// - Throws: `ioOperationFailed` (6022) when another process uses the file or it cannot be
    ///   written; `databaseFailure` (6019) when it is not a server's file.
    public static func embedded(appID: Int32, directory: String? = nil) throws(IMError) -> IMReferenceServer {
        let path = embeddedDataPath(appID: appID, directory: directory)
        return try embeddedServers.withLock { servers throws(IMError) in
            if let server = servers[path] { return server }
            let server = try IMReferenceServer(persistingAt: path)
            servers[path] = server
            return server
        }
    }

    /// The file of the embedded server of `appID` in `directory` (nil: the default directory).
    public static func embeddedDataPath(appID: Int32, directory: String? = nil) -> String {
        URL(fileURLWithPath: directory ?? DataDirectory.defaultPath(), isDirectory: true)
            .appendingPathComponent("imserver_\(appID).sqlite").path
    }
}

/// The embedded servers opened in this process, by file path.
private let embeddedServers = Locked<[String: IMReferenceServer]>([:])
