import Foundation
import IMTransportKit

/// Settings for `initSDK(_:config:)`.
///
/// The vendor's `logLevel` plus this package's own knobs: which server to talk to, which queue
/// callbacks run on, where the local store is kept, and whether drafts roam.
open class V2TIMSDKConfig: NSObject {
    /// Log verbosity.
    public var logLevel: V2TIMLogLevel = .LOG_INFO
    /// The server to talk to (`import IMTransportKit` to write one); nil uses the embedded server:
    /// with `storage` on disk `IMReferenceServer.embedded(appID:directory:)`, which keeps its state
    /// next to the stores, in memory `IMReferenceServer.shared`.
    public var transport: (any IMTransport)?
    /// The serial queue every callback and listener runs on. Nil: the main queue on Apple
    /// platforms (as the vendor SDK does), a queue owned by the SDK on Linux, where nothing may be
    /// running the main queue.
    public var callbackQueue: DispatchQueue?
    /// Recount every counter after every change and stop on a mismatch (this package's tests; O(n)).
    package var checksInvariants = false
    /// Seconds between the heartbeats that notice a lost push (this package's tests shorten it);
    /// nil: 30 seconds.
    package var heartbeatInterval: Double?
    /// Sync drafts across the user's devices, the newest winning (this package's opt-in; the vendor
    /// SDK keeps drafts on the device that saved them, which stays the default).
    public var syncsDrafts = false
    /// Where conversations, messages, read state and drafts are kept between runs: one SQLite
    /// database per (app ID, user) in a directory (nil: the per-user default, see README), or
    /// nothing kept (`.memory`).
    public var storage: V2TIMStorage = .disk(directory: nil)
    /// The platform this device logs in as (this package's): the server lets one login per user and
    /// platform stay online and kicks the older one (`onKickedOffline`). Nil: this OS's
    /// (`IMPlatform.current`); give a second device in one process (`makeInstance()`) another one.
    public var platform: IMPlatform?

    public override init() {}
}

/// Where the SDK keeps its local store.
public enum V2TIMStorage: Sendable, Hashable {
    /// A database file per (app ID, user) in `directory`; nil: the per-user default directory
    /// (`Application Support/ImSDK` on Apple platforms, `$XDG_DATA_HOME/ImSDK` or
    /// `~/.local/share/ImSDK` elsewhere).
    case disk(directory: String?)
    /// Nothing is written; every login starts empty and syncs from the server.
    case memory
}
