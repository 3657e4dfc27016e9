import Foundation
import IMCore
import IMTestSupport
import IMTransportKit
import XCTest
@testable import ImSDK_Plus

/// What the vendor's Flutter plugin does at run time, which compiling its call shapes does not
/// show: it initialises inside the `succ` of `callExperimentalAPI("setUIPlatform", ...)` (before
/// `initSDK`), and reads `String(data: conversation.customData, ...)` of every conversation, which
/// a nil `customData` would trap.
final class FlutterPluginRuntimeTests: XCTestCase {
    private var session: V2TestSession?

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private func experimental(_ manager: V2TIMManager, _ api: String?, _ param: NSObject?) async -> (Int32, String?) {
        do {
            let value: String? = try await callValue { (succ: @escaping (String?) -> Void, fail) in
                manager.callExperimentalAPI(api: api, param: param, succ: { result in succ(result.map { "\($0)" }) }, fail: fail)
            }
            return (0, value)
        } catch {
            return ((error as? V2TIMError)?.code ?? -1, nil)
        }
    }

    func test_experimentalCalls_answerBeforeInitSDK_andUnknownOnesFail() async throws {
        let manager = V2TIMManager.makeInstance()
        let platform = await experimental(manager, "setUIPlatform", NSNumber(value: 1))
        XCTAssertEqual(platform.0, 0, "answered before initSDK, so the plugin's init in its succ runs")
        let log = await experimental(manager, "writeLog", "from the app" as NSString)
        XCTAssertEqual(log.0, 0)
        let ability = await experimental(manager, "isCommercialAbilityEnabled", NSNumber(value: 8))
        XCTAssertEqual(ability.0, 0)
        XCTAssertEqual(ability.1, "1")
        let badLog = await experimental(manager, "writeLog", NSNumber(value: 1))
        XCTAssertEqual(badLog.0, 6017)
        let unknown = await experimental(manager, "setQuicChannelInfo", nil)
        XCTAssertEqual(unknown.0, 6017)
        let none = await experimental(manager, nil, nil)
        XCTAssertEqual(none.0, 6017)
    }

    func test_everyConversationsCustomData_isData_asThePluginReadsIt() async throws {
        let session = try await V2TestSession(peers: ["a", "b"], storage: .memory)
        self.session = session
        let entities = EntityListener()
        session.manager.addConversationListener(listener: entities)
        defer { session.manager.removeConversationListener(listener: entities) }
        try session.server.sendText("hi", from: "a", toUser: "me")
        try session.server.sendText("yo", from: "b", toUser: "me")
        await session.settle()
        // The plugin's V2ConversationEntity line: `String.init(data: info.customData, encoding: .utf8) ?? ""`.
        XCTAssertEqual(Set(entities.lines), ["c2c_a ", "c2c_b "], "new conversations: empty when none")
        _ = try await session.manager.setConversationCustomData(conversationIDList: ["c2c_a"], customData: Data("x".utf8))
        let a = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(String.init(data: a.customData, encoding: String.Encoding.utf8) ?? "", "x")
    }
}

private final class EntityListener: NSObject, V2TIMConversationListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    private func record(_ conversations: [V2TIMConversation]) {
        for info in conversations {
            let customData = String.init(data: info.customData, encoding: String.Encoding.utf8) ?? ""
            log.withLock { $0.append("\(info.conversationID ?? "") \(customData)") }
        }
    }

    func onNewConversation(conversationList: [V2TIMConversation]) { record(conversationList) }
    func onConversationChanged(conversationList: [V2TIMConversation]) { record(conversationList) }
}
