import ConversationListKit
import Dispatch
import IMReferenceServer
import ImSDK_Plus

/// `imsdk demo --interactive`: the demo's cast and first messages, then a full-screen conversation
/// list that `ConversationListModel` drives and the keys act on.
struct InteractiveCommand: Sendable {
    private let console: Console
    private let server: IMReferenceServer

    /// The users and the group, as in the scripted demo.
    private typealias Cast = DemoCast

    /// - Parameters:
    ///   - console: where errors go before and after the full screen.
    ///   - server: the server to talk to (the embedded default `IMReferenceServer.shared` unless given).
    init(console: Console, server: IMReferenceServer = .shared) {
        self.console = console
        self.server = server
    }

    /// Runs the session until `q`; fails without a terminal on standard input and output.
    func run() async -> ExitStatus {
        guard let terminal = InteractiveTerminal() else {
            console.err("imsdk demo: --interactive needs a terminal (standard input is not a TTY)")
            return .failure
        }
        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let queue = DispatchQueue(label: "imsdk.interactive.callbacks")
        do {
            try Cast.register(on: server)
            let config = V2TIMSDKConfig()
            if server !== IMReferenceServer.shared { config.transport = server }
            config.callbackQueue = queue
            config.storage = .memory  // the embedded server starts empty every run: keep no local store
            guard manager.initSDK(1_400_000_001, config: config) else { throw DemoError.initFailed }
        } catch {
            console.err("imsdk demo: \(error)")
            return .failure
        }
        defer { manager.unInitSDK() }
        do {
            try await manager.login(userID: Cast.me, userSig: "demo")
            try Cast.sendFirstMessages(on: server)
        } catch {
            console.err("imsdk demo: \(error)")
            return .failure
        }
        let model = ConversationListModel(manager: manager)
        let session = InteractiveSession(
            terminal: terminal, queue: queue, model: model, injections: injections())
        await session.run()
        model.stop()
        try? await manager.logout()
        return .success
    }

    /// What `n` sends, in turn: each sender writes to Alice and to the group.
    private func injections() -> [InteractiveSession.Injection] {
        let server = server
        return [
            .init(summary: "bob wrote to you") { try server.sendText($0, from: Cast.bob, toUser: Cast.me) },
            .init(summary: "carol wrote in Weekend Hike") { try server.sendText($0, from: Cast.carol, toGroup: Cast.group) },
            .init(summary: "carol wrote to you") { try server.sendText($0, from: Cast.carol, toUser: Cast.me) },
            .init(summary: "bob wrote in Weekend Hike") { try server.sendText($0, from: Cast.bob, toGroup: Cast.group) },
        ]
    }
}
