import Foundation
import IMReferenceServer

/// Waiting for devices to show what the server holds, and counting the new-message events they
/// heard: the checks of the convergence tests and of `imsdk converge`.
package enum Convergence {
    /// Polls every `poll` seconds until each device's `CloudSummary` equals the server's for
    /// `userID`, or `timeout` seconds pass.
    ///
    /// - Returns: the seconds it took, or nil when a device still differed at the end.
    package static func wait(
        for devices: [V2TestSession], server: IMReferenceServer, userID: String, timeout: Double, poll: Double = 0.02
    ) async throws -> Double? {
        let start = Date()
        while true {
            if try await agree(devices, server: server, userID: userID) { return Date().timeIntervalSince(start) }
            if Date().timeIntervalSince(start) >= timeout { return nil }
            try await Task.sleep(nanoseconds: UInt64(poll * 1_000_000_000))
        }
    }

    /// Whether each device's `CloudSummary` equals the server's for `userID` now.
    package static func agree(
        _ devices: [V2TestSession], server: IMReferenceServer, userID: String
    ) async throws -> Bool {
        let expected = try CloudSummary.server(server, userID: userID)
        for device in devices where try await CloudSummary.device(device) != expected { return false }
        return true
    }

    /// How many of the server's conversations of `userID` `device` shows differently or not at all
    /// (and how many it shows that the server does not have).
    package static func differing(
        _ device: V2TestSession, server: IMReferenceServer, userID: String
    ) async throws -> Int {
        let expected = Set(try CloudSummary.server(server, userID: userID))
        let shown = Set(try await CloudSummary.device(device))
        let id = { (line: String) in line.prefix { $0 != " " } }
        return Set(expected.symmetricDifference(shown).map(id)).count
    }

    /// How many times each message was announced to `onRecvNewMessage`, by `"<conversation>#<seq>"`.
    package static func heard(_ received: [ReceivedMessage]) -> [String: Int] {
        received.reduce(into: [:]) { counts, message in
            counts[key(message.conversationID, message.seq), default: 0] += 1
        }
    }

    /// The key of message `seq` of V2 conversation `conversationID` in `heard(_:)`.
    package static func key(_ conversationID: String, _ seq: UInt64) -> String { "\(conversationID)#\(seq)" }
}
