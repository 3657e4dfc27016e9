import Foundation
import IMCore

/// Settings for `initSDK(_:config:)`.
///
/// The vendor's `logLevel` plus this package's own knobs: which server to talk to, which queue
/// callbacks run on, and a debug check.
public class V2TIMSDKConfig {
    /// Log verbosity.
    public var logLevel: V2TIMLogLevel = .LOG_INFO
    /// The server to talk to; nil uses the embedded `IMReferenceServer.shared`.
    public var transport: (any IMTransport)?
    /// The serial queue every callback and listener runs on. Nil: the main queue on Apple
    /// platforms (as the vendor SDK does), a queue owned by the SDK on Linux, where nothing may be
    /// running the main queue.
    public var callbackQueue: DispatchQueue?
    /// Recount every counter after every change and stop on a mismatch (tests and debugging; O(n)).
    public var checksInvariants = false

    public init() {}
}
