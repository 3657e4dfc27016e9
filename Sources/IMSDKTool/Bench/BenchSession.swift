import Dispatch
import IMReferenceServer
import IMTransportKit
import ImSDK_Plus

/// What the benchmarks that go through the public V2 API share: the in-process server and a new
/// SDK instance on it.
enum BenchSession {
    /// A reference server with `users` registered, whose clock ticks one second per reading (so
    /// messages sent in one burst still order by time), any number of logins per user online.
    static func tickingServer(users: some Sequence<String>) throws -> IMReferenceServer {
        let time = Locked<UInt64>(1_700_000_000)
        let server = IMReferenceServer(clock: { time.withLock { now in now += 1; return now } }, loginPolicy: .unlimited)
        for user in users { try server.registerUser(user) }
        return server
    }

    /// A new SDK instance (a device of its own) on `server`, initialized, not logged in, answering
    /// on a queue of its own labelled `label`; nil when `initSDK` refuses.
    static func manager(
        on server: IMReferenceServer, storage: V2TIMStorage, label: String, logLevel: V2TIMLogLevel? = nil
    ) -> V2TIMManager? {
        let manager = V2TIMManager.makeInstance()
        let config = V2TIMSDKConfig()
        config.transport = server
        config.callbackQueue = DispatchQueue(label: label)
        config.storage = storage
        if let logLevel { config.logLevel = logLevel }
        return manager.initSDK(Int32(UserSigCommand.defaultSDKAppID), config: config) ? manager : nil
    }
}
