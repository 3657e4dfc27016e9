import ConversationListKit
import Dispatch
import Foundation
import ImSDK_Plus

/// The running interactive demo: reads keys, runs the model's actions and redraws the screen after
/// every change the model reports.
///
/// - Thread safety: `run()` may be called from any task. Everything else happens on `queue`, the
///   SDK's callback queue: the model's `onChange` runs there, and so do the key and signal handlers
///   and the completions of actions.
final class InteractiveSession: @unchecked Sendable {
    // Invariant: `screen`, `sources`, `nextInjection`, `finish`, `draft` and the terminal are used on
    // `queue` only.

    /// A message `n` can inject through the server's admin API.
    struct Injection: Sendable {
        /// What the status line says once it is sent.
        let summary: String
        /// Sends the given text.
        let send: @Sendable (String) throws -> Void
    }

    private let terminal: InteractiveTerminal
    private let queue: DispatchQueue
    private let model: ConversationListModel
    private let injections: [Injection]
    private var screen = InteractiveScreen()
    private var sources: [any DispatchSourceProtocol] = []
    private var nextInjection = 0
    private var finish: CheckedContinuation<Void, Never>?
    /// The draft being typed after `e`: the conversation, its title and the text so far.
    private var draft: (conversationID: String, title: String, text: String)?
    /// Tells the title line about the connection.
    private var connectionWatcher: ConnectionWatcher?

    /// - Parameters:
    ///   - queue: the SDK's callback queue, which the model reports on.
    ///   - injections: what `n` sends, in turn; at least one.
    init(terminal: InteractiveTerminal, queue: DispatchQueue, model: ConversationListModel, injections: [Injection]) {
        precondition(!injections.isEmpty, "n needs something to send")
        self.terminal = terminal
        self.queue = queue
        self.model = model
        self.injections = injections
    }

    /// Takes over the terminal, shows the list and returns once `q` was pressed (or input ended),
    /// with the terminal restored.
    func run() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { self.start(continuation) }
        }
    }

    // MARK: - On the queue

    private func start(_ continuation: CheckedContinuation<Void, Never>) {
        finish = continuation
        terminal.enter()
        for signal in [SIGINT, SIGTERM] { watch(signal) { self.terminal.restore(); exit(128 + signal) } }
        watch(SIGWINCH) { self.draw() }
        let keys = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        keys.setEventHandler { self.readKeys() }
        keys.resume()
        sources.append(keys)

        // Changes happen on this queue only: none can slip in between these rows and the handler.
        screen.apply(.reset, rows: model.rows)
        model.onChange = { diff, rows in
            self.screen.apply(diff, rows: rows)
            self.draw()
        }
        model.onTotalUnreadChange = { total in
            self.screen.totalUnread = total
            self.draw()
        }
        screen.totalUnread = model.totalUnread
        let watcher = ConnectionWatcher { state in
            self.queue.async {
                self.screen.connection = state
                self.draw()
            }
        }
        connectionWatcher = watcher
        model.manager.addIMSDKListener(listener: watcher)
        screen.connection = model.manager.getLoginStatus() == .STATUS_LOGINED ? "connected" : "offline"
        draw()
        Task { await self.loadEverything() }
    }

    /// Handles `signal` on the queue instead of the default action.
    private func watch(_ signal: Int32, _ handler: @escaping @Sendable () -> Void) {
        Foundation.signal(signal, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        sources.append(source)
    }

    private func readKeys() {
        let bytes = terminal.read()
        guard !bytes.isEmpty else { return quit() }
        for key in InteractiveKey.parse(bytes) where finish != nil { handle(key) }
    }

    private func handle(_ key: InteractiveKey) {
        if draft != nil { return edit(key) }
        switch key {
        case .up, .character("k"): screen.moveSelection(by: -1)
        case .down, .character("j"): screen.moveSelection(by: 1)
        case .character("p"): act("pin") { model, row in try await model.pin(row.conversationID, !row.isPinned) }
        case .character("m"): act("mute") { model, row in try await model.mute(row.conversationID, !row.isMuted) }
        case .character("r"): act("mark read") { model, row in try await model.markRead(row.conversationID) }
        case .character("u"): act("mark unread") { model, row in try await model.markUnread(row.conversationID) }
        case .character("d"): act("delete") { model, row in try await model.delete(row.conversationID) }
        case .character("e"): startDraft()
        case .character("n"): inject()
        case .character("q"): return quit()
        case .character, .enter, .backspace, .escape: return
        }
        draw()
    }

    /// Starts typing a draft for the selected row (its current draft is not loaded: the text
    /// replaces it; an empty one clears it).
    private func startDraft() {
        guard let row = screen.selectedRow else {
            screen.status = "draft: no conversation selected"
            return
        }
        screen.holdSelection()
        draft = (row.conversationID, row.title, "")
        showDraft()
    }

    /// A key while typing a draft: text, Backspace, Enter saves, Escape cancels.
    private func edit(_ key: InteractiveKey) {
        guard let current = draft else { return }
        switch key {
        case .character(let character):
            draft?.text.append(character)
            showDraft()
        case .backspace:
            if !current.text.isEmpty { draft?.text.removeLast() }
            showDraft()
        case .escape:
            draft = nil
            show("draft cancelled")
        case .enter:
            draft = nil
            let what = current.text.isEmpty ? "clear the draft of \(current.title)" : "save the draft of \(current.title)"
            show("\(what)...")
            let manager = model.manager
            Task {
                let status: String
                do {
                    try await manager.setConversationDraft(conversationID: current.conversationID, draftText: current.text)
                    status = "done: \(what)"
                } catch {
                    status = "could not \(what): \(error)"
                }
                self.queue.async { self.show(status) }
            }
        case .up, .down:
            return
        }
    }

    private func showDraft() {
        guard let draft else { return }
        show("draft for \(draft.title): \(draft.text)_   (Enter saves, Esc cancels)")
    }

    /// Runs `action` on the selected row; its outcome shows in the status line.
    private func act(
        _ name: String,
        _ action: @escaping @Sendable (ConversationListModel, ConversationRowViewData) async throws -> Void
    ) {
        guard let row = screen.selectedRow else {
            screen.status = "\(name): no conversation selected"
            return
        }
        screen.holdSelection()
        let verb = name == "pin" && row.isPinned ? "unpin" : name == "mute" && row.isMuted ? "unmute" : name
        let what = "\(verb) \(row.title)"
        screen.status = "\(what)..."
        let model = model
        Task {
            let status: String
            do {
                try await action(model, row)
                status = "done: \(what)"
            } catch {
                status = "could not \(what): \(error)"
            }
            self.queue.async { self.show(status) }
        }
    }

    /// Sends the next injection through the server's admin API.
    private func inject() {
        let injection = injections[nextInjection % injections.count]
        nextInjection += 1
        let text = "Message #\(nextInjection)"
        Task {
            let status: String
            do {
                try injection.send(text)
                status = "\(injection.summary): \(text)"
            } catch {
                status = "could not send \(text): \(error)"
            }
            self.queue.async { self.show(status) }
        }
    }

    private func loadEverything() async {
        do {
            while try await model.loadNextPage() {}
            queue.async {
                self.screen.hasLoaded = true
                self.draw()
            }
        } catch {
            queue.async { self.show("could not load the list: \(error)") }
        }
    }

    private func show(_ status: String) {
        screen.status = status
        draw()
    }

    private func draw() {
        guard finish != nil else { return }
        let size = terminal.size
        let (lines, selected) = screen.render(width: size.columns, height: size.lines)
        let drawn = lines.indices.map { index in
            let line = lines[index] + InteractiveTerminal.Escape.clearToEndOfLine
            return index == selected ? InteractiveTerminal.Escape.reverse + line + InteractiveTerminal.Escape.normal : line
        }
        terminal.write(
            InteractiveTerminal.Escape.home + drawn.joined(separator: "\r\n") + InteractiveTerminal.Escape.clearToEndOfScreen)
    }

    private func quit() {
        guard let finish else { return }
        self.finish = nil
        model.onChange = nil
        model.onTotalUnreadChange = nil
        if let connectionWatcher { model.manager.removeIMSDKListener(listener: connectionWatcher) }
        connectionWatcher = nil
        sources.forEach { $0.cancel() }
        sources = []
        for signal in [SIGINT, SIGTERM, SIGWINCH] { Foundation.signal(signal, SIG_DFL) }
        terminal.restore()
        finish.resume()
    }
}

/// Turns the SDK listener's connection events into the words the title line shows.
private final class ConnectionWatcher: NSObject, V2TIMSDKListener, @unchecked Sendable {
    // Invariant: immutable.
    private let report: @Sendable (String) -> Void

    init(report: @escaping @Sendable (String) -> Void) {
        self.report = report
    }

    func onConnecting() { report("connecting") }
    func onConnectSuccess() { report("connected") }
    func onConnectFailed(_ code: Int32, err: String?) { report("offline: \(code)") }
    func onKickedOffline() { report("kicked offline") }
    func onUserSigExpired() { report("signature expired") }
}
