import Dispatch
import IMReferenceServer

/// Makes a scenario's calls through one API ("writes").
///
/// Each call returns the API's outcome; a harness problem (a message to read up to that does not
/// exist) throws a `RunError`.
protocol Writer: Sendable {
    /// Initialises the shared SDK against `server`, with callbacks on `callbackQueue`. `legacyLogin`
    /// configures legacy logins; V2 logins have no such setting (they never auto report).
    func initialise(server: IMReferenceServer, callbackQueue: DispatchQueue, legacyLogin: Scenario.LegacyLogin) throws
    func login() async -> StepOutcome
    func logout() async -> StepOutcome
    func send(_ text: String, to target: Target) async throws -> StepOutcome
    /// Reads `target` up to its `n`-th message (1-based, oldest first, from the cloud history).
    func read(_ target: Target, upToMessage n: Int) async throws -> StepOutcome
    func readAll(_ target: Target) async throws -> StepOutcome
    /// Saves `text` as the draft of `target`; nil clears it.
    func setDraft(_ text: String?, for target: Target) async throws -> StepOutcome
    func delete(_ target: Target) async throws -> StepOutcome
    /// Revokes my newest message of `target` (from its cloud history).
    func revokeMine(_ target: Target) async throws -> StepOutcome
    /// Deletes the newest message of `target` (from its cloud history), here and in the cloud.
    func deleteNewest(_ target: Target) async throws -> StepOutcome
    /// Deletes every message of `target` (legacy: from local storage; V2: also in the cloud).
    func clearHistory(_ target: Target) async throws -> StepOutcome
    /// Sets how group `groupID`'s messages are received: receive without notifying (`muted`) or
    /// not at all (legacy `TIMGroupManager.modifyReceiveMessageOpt`; V2 `setGroupReceiveMessageOpt`).
    func setGroupReceiveOption(muted: Bool, group groupID: String) async -> StepOutcome
}

extension Writer {
    /// The app ID every run initialises the SDK with.
    static var appID: Int32 { 1_400_000_001 }

    /// The error for a message to revoke or delete that the history does not have.
    static func noMessage(to act: String, in target: Target) -> RunError {
        RunError("\(target.conversationID) has no message to \(act)")
    }

    /// The error for a read up to a message the history does not have.
    static func noMessage(_ n: Int, in target: Target, count: Int) -> RunError {
        RunError("\(target.conversationID) has \(count) messages, no message \(n) to read up to")
    }
}
