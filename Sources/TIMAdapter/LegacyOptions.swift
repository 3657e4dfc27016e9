import Dispatch
import IMCore
import IMTransportKit

/// What the legacy `TIMSdkConfig` says, in the adapter's terms.
package struct LegacySDKOptions: Sendable {
    package var appID: Int32
    package var logger: IMLogger
    package var transport: (any IMTransport)?
    package var callbackQueue: DispatchQueue?
    /// The directory of the databases (`TIMSdkConfig.dbPath`); nil: the per-user default.
    package var databaseDirectory: String?

    package init(
        appID: Int32, logger: IMLogger, transport: (any IMTransport)?, callbackQueue: DispatchQueue?,
        databaseDirectory: String?
    ) {
        self.appID = appID
        self.logger = logger
        self.transport = transport
        self.callbackQueue = callbackQueue
        self.databaseDirectory = databaseDirectory
    }
}

/// What the legacy `TIMUserConfig` says that changes behaviour, copied at login.
package struct LegacyUserOptions: Sendable, Equatable {
    /// false (the legacy default): messages this device receives count as read on the server.
    package var disableAutoReport = false
    package var enableReadReceipt = false
    package var disableStorage = false

    package init(disableAutoReport: Bool = false, enableReadReceipt: Bool = false, disableStorage: Bool = false) {
        self.disableAutoReport = disableAutoReport
        self.enableReadReceipt = enableReadReceipt
        self.disableStorage = disableStorage
    }

    /// Who owns the read cursors under these options.
    package var readPolicy: ReadPolicy { disableAutoReport ? .roaming : .autoReport }
}
