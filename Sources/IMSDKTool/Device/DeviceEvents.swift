import Foundation
import IMTransportKit
import ImSDK_Plus

/// What `imsdk device` hears from the SDK: it prints each connection event and announced message
/// as an `event ...` line, and remembers what `wait-for` asks about.
///
/// Called on the SDK's callback queue; the state it keeps is behind a lock, for the command loop.
final class DeviceEvents: V2TIMSDKListener, V2TIMAdvancedMsgListener, @unchecked Sendable {
    private let console: Console
    private let state = Locked<State>(State())

    private struct State {
        var connected = true
        /// `<conversation> <text>` of every message announced so far.
        var heard: Set<String> = []
    }

    init(console: Console) {
        self.console = console
    }

    /// Whether the last connection event said connected (true from the login on).
    var isConnected: Bool { state.withLock { $0.connected } }

    /// Whether a message with `text` was announced in conversation `id`.
    func heard(_ text: String, in id: ConversationID) -> Bool {
        state.withLock { $0.heard.contains("\(id.v2Name) \(text)") }
    }

    func onConnecting() {
        state.withLock { $0.connected = false }
        console.out("event connecting")
    }

    func onConnectSuccess() {
        state.withLock { $0.connected = true }
        console.out("event connected")
    }

    func onConnectFailed(_ code: Int32, err: String!) {
        console.out("event connect-failed \(code) \(err ?? "")")
    }

    func onKickedOffline() {
        state.withLock { $0.connected = false }
        console.out("event kicked-offline")
    }

    func onUserSigExpired() {
        state.withLock { $0.connected = false }
        console.out("event user-sig-expired")
    }

    func onRecvNewMessage(msg: V2TIMMessage) {
        let id: ConversationID = if let groupID = msg.groupID, !groupID.isEmpty { .group(groupID) } else { .c2c(msg.userID ?? "") }
        let line = "\(id.v2Name) \(msg.textElem?.text ?? "")"
        state.withLock { _ = $0.heard.insert(line) }
        console.out("event heard \(line)")
    }
}
