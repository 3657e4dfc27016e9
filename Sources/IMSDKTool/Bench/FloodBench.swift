import Foundation
import IMCore
import IMReferenceServer
import IMTransportKit
import ImSDK_Plus

/// Answers under a flood: how long a device waits for its own calls while peers flood it with
/// messages.
///
/// A device with a store on disk logs in to a fresh embedded server, gets one message in each of
/// `conversations` conversations, then peers send it `messages` more as fast as the server takes
/// them while the device pins, unpins, marks read and deletes conversations one call after the
/// other (at least `calls` calls, and on until the last message is sent), each call timed from the
/// call to its `succ`. The user's second device (in memory) and one idle user are online too, as
/// on a real server, where one device's backlog must not hold up another's answers. Reported: the latency of those calls, and how long the device took to apply
/// every message of the flood.
struct FloodBench: Sendable {
    let conversations: Int
    let messages: Int
    /// Calls timed at least (more while the flood lasts).
    let calls: Int

    struct Report: Sendable {
        let conversations: Int
        let messages: Int
        /// Seconds from the first message of the flood until the device applied the last one.
        let applySeconds: Double
        /// Latencies of the calls made during the flood, in seconds, sorted.
        let latencies: [Double]

        func percentile(_ p: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            return latencies[min(latencies.count - 1, Int((Double(latencies.count) * p).rounded(.up)) - 1)]
        }
    }

    func run(in directory: URL) async throws -> Report {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        let peers = (0..<conversations).map { "peer\($0)" }
        for user in ["me", "idle"] + peers { try server.registerUser(user) }
        let device = try await online("me", on: server, storage: .disk(directory: directory.path))
        defer { device.unInitSDK() }
        let others = try await [online("me", on: server, storage: .memory), online("idle", on: server, storage: .memory)]
        defer { others.forEach { $0.unInitSDK() } }

        for peer in peers { try server.sendText("hello", from: peer, toUser: "me") }
        try await waitForTotal(device, UInt64(conversations))

        let start = Date()
        let flood = Thread {
            for index in 0..<messages {
                _ = try? server.sendText("flood \(index)", from: peers[index % peers.count], toUser: "me")
            }
        }
        flood.start()

        var latencies: [Double] = []
        var call = 0
        while call < calls || !flood.isFinished {
            defer { call += 1 }
            let peer = peers[(call / 4) % peers.count]
            let began = DispatchTime.now().uptimeNanoseconds
            switch call % 4 {
            case 0: try await device.pinConversation(conversationID: "c2c_\(peer)", isPinned: true)
            case 1: try await device.pinConversation(conversationID: "c2c_\(peer)", isPinned: false)
            case 2: try await device.markC2CMessage(asRead: peer)
            default: try await device.deleteConversation(conversation: "c2c_\(peer)")
            }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
        }
        try await waitForLastMessage(device, of: peers[(messages - 1) % peers.count], text: "flood \(messages - 1)")
        let applySeconds = Date().timeIntervalSince(start)
        try? await device.logout()
        return Report(conversations: conversations, messages: messages, applySeconds: applySeconds,
                      latencies: latencies.sorted())
    }

    /// A new SDK instance (a device of its own) logged in to `server` as the registered `userID`.
    private func online(_ userID: String, on server: IMReferenceServer, storage: V2TIMStorage) async throws -> V2TIMManager {
        guard let manager = BenchSession.manager(on: server, storage: storage, label: "imsdk.bench.flood.\(userID)") else {
            throw BenchError.flood("initSDK failed")
        }
        try await manager.login(userID: userID, userSig: "sig")
        return manager
    }

    private func waitForTotal(_ device: V2TIMManager, _ total: UInt64) async throws {
        let deadline = Date().addingTimeInterval(60)
        while try await device.getTotalUnreadMessageCount() < total {
            guard Date() < deadline else { throw BenchError.flood("the first messages did not arrive") }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    private func waitForLastMessage(_ device: V2TIMManager, of peer: String, text: String) async throws {
        let deadline = Date().addingTimeInterval(600)
        while true {
            let conversation = try? await device.getConversation(conversationID: "c2c_\(peer)")
            if conversation?.lastMessage?.textElem?.text == text { return }
            guard Date() < deadline else { throw BenchError.flood("the flood did not arrive") }
            try await Task.sleep(nanoseconds: 2_000_000)
        }
    }
}
