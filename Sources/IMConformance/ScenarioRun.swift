import Dispatch
import IMReferenceServer
import ImSDK
import ImSDK_Plus

/// One run of one scenario in one mode, against a fresh private server.
///
/// The run uses the process-wide SDK (both faces of the one session): it uninitialises it first,
/// initialises it through the writes API with its own server and serial callback queue, attaches
/// the reads API's listeners, logs in, then for each step makes the call, waits until everything it
/// caused has reached the listeners, and reads a snapshot. It uninitialises the SDK when done.
struct ScenarioRun: Sendable {
    let scenario: Scenario
    let mode: Mode

    /// Runs the scenario; the observation, or why it could not be run.
    func run() async -> Result<Observation, RunError> {
        do {
            return .success(try await observe())
        } catch let error as RunError {
            return .failure(error)
        } catch {
            return .failure(RunError("\(error)"))
        }
    }

    private func observe() async throws -> Observation {
        let clock = ServerClock()
        let server = IMReferenceServer(clock: { clock.now() })
        try prepare(server)
        let callbackQueue = DispatchQueue(label: "IMConformance.callbacks")
        let writer: any Writer = mode.writes == .legacy ? LegacyWriter() : V2Writer()
        let reader: any Reader = mode.reads == .legacy ? LegacyReader() : V2Reader()
        TIMManager.sharedInstance().unInit()
        defer {
            reader.detach()
            TIMManager.sharedInstance().unInit()
        }
        try writer.initialise(server: server, callbackQueue: callbackQueue, legacyLogin: scenario.legacyLogin)
        reader.attach()
        let login = await writer.login()
        guard login == .ok else { throw RunError("login failed: \(login)") }
        await settle(callbackQueue)
        _ = reader.events.drain()

        var texts = MessageTexts()
        var snapshots: [Snapshot] = []
        for step in scenario.steps {
            let outcome = try await perform(step, writer: writer, server: server, texts: &texts)
            await settle(callbackQueue)
            let state = try await reader.state(of: scenario.targets)
            snapshots.append(Snapshot(title: step.title, outcome: outcome, state: state, events: reader.events.drain()))
        }
        return Observation(snapshots: snapshots)
    }

    /// Registers the scenario's users and creates its groups.
    private func prepare(_ server: IMReferenceServer) throws {
        do {
            for user in scenario.users { try server.registerUser(user) }
            for (groupID, members) in scenario.groups.sorted(by: { $0.key < $1.key }) {
                try server.createGroup(groupID, groupType: Scenario.groupType(of: groupID), members: members)
            }
        } catch {
            throw RunError("setting up the server failed: \(error)")
        }
    }

    /// Makes the step's call (or the server's sends) and returns its outcome.
    private func perform(
        _ step: Step, writer: any Writer, server: IMReferenceServer, texts: inout MessageTexts
    ) async throws -> StepOutcome {
        let me = Scenario.me
        switch step {
        case .receive(from: let from, count: let count):
            for _ in 0..<count {
                let text = texts.next(in: .c2c(from))
                try onServer(step) { try server.sendText(text, from: from, toUser: me) }
            }
            return .ok
        case .receiveInGroup(from: let from, group: let group, count: let count):
            for _ in 0..<count {
                let text = texts.next(in: .group(group))
                try onServer(step) { try server.sendText(text, from: from, toGroup: group) }
            }
            return .ok
        case .receiveMention(from: let from, group: let group, mentioning: let mention):
            let text = texts.next(in: .group(group)) + " @" + mention.words
            try onServer(step) {
                try server.sendText(text, from: from, toGroup: group, atUserIDs: mention == .all ? [] : [me],
                                    atAll: mention != .me)
            }
            return .ok
        case .send(let text, let target): return try await writer.send(text, to: target)
        case .read(let target, let n): return try await writer.read(target, upToMessage: n)
        case .readAll(let target): return try await writer.readAll(target)
        case .pin(let target): return await V2Writer().pin(target, true)
        case .unpin(let target): return await V2Writer().pin(target, false)
        case .setDraft(let target, let text): return try await writer.setDraft(text, for: target)
        case .clearDraft(let target): return try await writer.setDraft(nil, for: target)
        case .mute(let group): return await writer.setGroupReceiveOption(muted: true, group: group)
        case .block(let group): return await writer.setGroupReceiveOption(muted: false, group: group)
        case .delete(let target): return try await writer.delete(target)
        case .logout: return await writer.logout()
        case .login: return await writer.login()
        case .relogin:
            let logout = await writer.logout()
            guard logout == .ok else { return logout }
            return await writer.login()
        case .peerRevokes(let from, let seq):
            try onServer(step) { try server.revokeMessage(seq: seq, from: from, toUser: me) }
            return .ok
        case .peerReads(let from):
            try onServer(step) { try server.markC2CRead(reader: from, peer: me) }
            return .ok
        case .peerModifies(let from, let seq, let text):
            try onServer(step) { try server.modifyMessage(seq: seq, from: from, toUser: me, text: text) }
            return .ok
        case .revokeMine(let target): return try await writer.revokeMine(target)
        case .deleteNewest(let target): return try await writer.deleteNewest(target)
        case .clearHistory(let target): return try await writer.clearHistory(target)
        case .mark(let target, let mark, let enable): return await V2Writer().mark(target, mark, enable)
        case .setCustomData(let target, let text): return await V2Writer().setCustomData(text, for: target)
        case .createConversationGroup(let name, let targets): return await V2Writer().createConversationGroup(name, targets)
        case .renameConversationGroup(let name, let newName): return await V2Writer().renameConversationGroup(name, to: newName)
        case .addToConversationGroup(let name, let targets): return await V2Writer().addToConversationGroup(name, targets)
        case .removeFromConversationGroup(let name, let targets):
            return await V2Writer().removeFromConversationGroup(name, targets)
        case .deleteConversationGroup(let name): return await V2Writer().deleteConversationGroup(name)
        }
    }

    /// Runs a server admin call of `step`; its error (a mistake in the scenario) becomes a `RunError`.
    private func onServer(_ step: Step, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw RunError("the server refused '\(step.title)': \(error)")
        }
    }

    /// Waits until every push the server produced so far is applied and every callback and listener
    /// call queued so far has run: a round trip through the connection (the server answers after
    /// the pushes it queued before), then a hop through the callback queue.
    private func settle(_ callbackQueue: DispatchQueue) async {
        if let client = V2TIMManager.sharedInstance().currentClient {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                client.perform(.profiles([])) { _ in continuation.resume() }
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callbackQueue.async { continuation.resume() }
        }
    }
}

/// The texts of scripted messages: the conversation's name and a running number (`a-1`, `g-2`).
private struct MessageTexts {
    private var counts: [Target: Int] = [:]

    mutating func next(in target: Target) -> String {
        counts[target, default: 0] += 1
        return "\(target.receiver)-\(counts[target]!)"
    }
}
