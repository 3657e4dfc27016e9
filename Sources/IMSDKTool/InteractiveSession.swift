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
    // Invariant: `screen`, `sources`, `nextInjection`, `finish` and the terminal are used on `queue` only.

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
        switch key {
        case .up, .character("k"): screen.moveSelection(by: -1)
        case .down, .character("j"): screen.moveSelection(by: 1)
        case .character("p"): act("pin") { model, row in try await model.pin(row.conversationID, !row.isPinned) }
        case .character("m"): act("mute") { model, row in try await model.mute(row.conversationID, !row.isMuted) }
        case .character("r"): act("mark read") { model, row in try await model.markRead(row.conversationID) }
        case .character("u"): act("mark unread") { model, row in try await model.markUnread(row.conversationID) }
        case .character("d"): act("delete") { model, row in try await model.delete(row.conversationID) }
        case .character("n"): inject()
        case .character("q"): return quit()
        case .character: return
        }
        draw()
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
        let lines = screen.lines(width: size.columns, height: size.lines)
        terminal.write(
            InteractiveTerminal.Escape.home
                + lines.map { $0 + InteractiveTerminal.Escape.clearToEndOfLine }.joined(separator: "\r\n")
                + InteractiveTerminal.Escape.clearToEndOfScreen)
    }

    private func quit() {
        guard let finish else { return }
        self.finish = nil
        model.onChange = nil
        model.onTotalUnreadChange = nil
        sources.forEach { $0.cancel() }
        sources = []
        for signal in [SIGINT, SIGTERM, SIGWINCH] { Foundation.signal(signal, SIG_DFL) }
        terminal.restore()
        finish.resume()
    }
}
