import Foundation
import IMTestSupport
@testable import ImSDK_Plus

/// The rows of the V2 bad-input table for conversation groups, custom data and the async forms of
/// marks (run by `BadInputTableTests` with the others: each must report its code and change
/// nothing, groups and custom data included).
extension V2BadInput {
    /// The fixture's conversation groups: "work" holds c2c_a; the second is named by the NFC form
    /// of `OddStrings.nfd`, so that the NFD spelling names no group.
    static let fixtureGroups: [(String, [String])] = [
        ("work", ["c2c_a"]), (OddStrings.nfd.precomposedStringWithCanonicalMapping, ["c2c_b", "group_g"]),
    ]

    /// 33 bytes: one more than a group name may have.
    static let longGroupName = String(repeating: "n", count: 33)

    static let conversationDataValidCalls: [(method: String, run: @Sendable (CallRecorder) async -> Outcome)] = [
        ("markConversation async", { r in await r.throwing { "\(try await v2.markConversation(conversationIDList: ["c2c_a"], markType: 2, enableMark: true).count)" } }),
        ("setConversationCustomData", { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: ["c2c_a"], customData: Data(), succ: { s("\($0!.count)") }, fail: f) } }),
        ("setConversationCustomData async", { r in await r.throwing { "\(try await v2.setConversationCustomData(conversationIDList: ["c2c_a"], customData: nil).count)" } }),
        ("createConversationGroup", { r in await r.callback { s, f in v2.createConversationGroup(groupName: "new", conversationIDList: ["c2c_a"], succ: { s("\($0!.count)") }, fail: f) } }),
        ("createConversationGroup async", { r in await r.throwing { "\(try await v2.createConversationGroup(groupName: "new", conversationIDList: ["c2c_a"]).count)" } }),
        ("getConversationGroupList", { r in await r.callback { s, f in v2.getConversationGroupList(succ: { s("\($0!)") }, fail: f) } }),
        ("getConversationGroupList async", { r in await r.throwing { "\(try await v2.getConversationGroupList())" } }),
        ("deleteConversationGroup", { r in await r.void { v2.deleteConversationGroup(groupName: "work", succ: $0, fail: $1) } }),
        ("deleteConversationGroup async", { r in await r.throwing { try await v2.deleteConversationGroup(groupName: "work"); return "" } }),
        ("renameConversationGroup", { r in await r.void { v2.renameConversationGroup(oldName: "work", newName: "job", succ: $0, fail: $1) } }),
        ("renameConversationGroup async", { r in await r.throwing { try await v2.renameConversationGroup(oldName: "work", newName: "job"); return "" } }),
        ("addConversationsToGroup", { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: ["c2c_c"], succ: { s("\($0!.count)") }, fail: f) } }),
        ("addConversationsToGroup async", { r in await r.throwing { "\(try await v2.addConversationsToGroup(groupName: "work", conversationIDList: ["c2c_c"]).count)" } }),
        ("deleteConversationsFromGroup", { r in await r.callback { s, f in v2.deleteConversationsFromGroup(groupName: "work", conversationIDList: ["c2c_a"], succ: { s("\($0!.count)") }, fail: f) } }),
        ("deleteConversationsFromGroup async", { r in await r.throwing { "\(try await v2.deleteConversationsFromGroup(groupName: "work", conversationIDList: ["c2c_a"]).count)" } }),
    ]

    /// The result codes of a batch call, as a row's success shows them.
    @Sendable static func results(_ list: [V2TIMConversationOperationResult]?) -> String {
        "\(list!.map(\.resultCode))"
    }

    /// Bad arguments of those calls while logged in.
    static let conversationDataRows: [BadInputRow] = {
        let tooMany = ["c2c_a"] + (0..<100).map { "c2c_x\($0)" }
        var rows: [BadInputRow] = [
            // Custom data.
            BadInputRow("setConversationCustomData", .huge, expect: .failed(6017)) { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: ["c2c_a"], customData: Data(count: 257), succ: { s(results($0)) }, fail: f) } },
            BadInputRow("setConversationCustomData", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: nil, customData: Data(), succ: { s(results($0)) }, fail: f) } },
            BadInputRow("setConversationCustomData", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: [], customData: Data(), succ: { s(results($0)) }, fail: f) } },
            BadInputRow("setConversationCustomData", .tooMany, expect: .failed(51006)) { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: tooMany, customData: Data(), succ: { s(results($0)) }, fail: f) } },
            BadInputRow("setConversationCustomData async", .malformedID, expect: .failed(6017)) { r in await r.throwing { "\(try await v2.setConversationCustomData(conversationIDList: ["c2c_a", "a"], customData: nil).count)" } },
            BadInputRow("setConversationCustomData", .unknownID, expect: .succeeded("[6004]")) { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: ["c2c_nobody"], customData: Data("x".utf8), succ: { s(results($0)) }, fail: f) } },
            BadInputRow("markConversation async", .tooMany, expect: .failed(51006)) { r in await r.throwing { "\(try await v2.markConversation(conversationIDList: tooMany, markType: 1, enableMark: true).count)" } },
            // Creating a group.
            BadInputRow("createConversationGroup", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: nil, conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .empty, expect: .failed(51011)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: "", conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .huge, expect: .failed(51011)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: OddStrings.huge, conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .invalidValue, expect: .failed(51011)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: longGroupName, conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .invalidValue, expect: .failed(50002)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: "work", conversationIDList: ["c2c_b"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: "new", conversationIDList: nil, succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: "new", conversationIDList: [], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .tooMany, expect: .failed(51006)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: "new", conversationIDList: tooMany, succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup", .malformedID, expect: .failed(6017)) { r in await r.callback { s, f in v2.createConversationGroup(groupName: "new", conversationIDList: ["c2c_a", "group_"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("createConversationGroup async", .invalidValue, expect: .failed(51011)) { r in await r.throwing { "\(try await v2.createConversationGroup(groupName: longGroupName, conversationIDList: ["c2c_a"]).count)" } },
            // Deleting and renaming a group.
            BadInputRow("deleteConversationGroup", .nilValue, expect: .failed(6017)) { r in await r.void { v2.deleteConversationGroup(groupName: nil, succ: $0, fail: $1) } },
            BadInputRow("deleteConversationGroup", .empty, expect: .failed(51009)) { r in await r.void { v2.deleteConversationGroup(groupName: "", succ: $0, fail: $1) } },
            BadInputRow("deleteConversationGroup", .unknownID, expect: .failed(51009)) { r in await r.void { v2.deleteConversationGroup(groupName: "Work", succ: $0, fail: $1) } },
            BadInputRow("deleteConversationGroup async", .unknownID, expect: .failed(51009)) { r in await r.throwing { try await v2.deleteConversationGroup(groupName: "none"); return "" } },
            BadInputRow("renameConversationGroup", .nilValue, expect: .failed(6017)) { r in await r.void { v2.renameConversationGroup(oldName: nil, newName: "job", succ: $0, fail: $1) } },
            BadInputRow("renameConversationGroup", .nilValue, expect: .failed(6017)) { r in await r.void { v2.renameConversationGroup(oldName: "work", newName: nil, succ: $0, fail: $1) } },
            BadInputRow("renameConversationGroup", .empty, expect: .failed(51011)) { r in await r.void { v2.renameConversationGroup(oldName: "work", newName: "", succ: $0, fail: $1) } },
            BadInputRow("renameConversationGroup", .huge, expect: .failed(51011)) { r in await r.void { v2.renameConversationGroup(oldName: "work", newName: OddStrings.huge, succ: $0, fail: $1) } },
            BadInputRow("renameConversationGroup", .unknownID, expect: .failed(51009)) { r in await r.void { v2.renameConversationGroup(oldName: "none", newName: "job", succ: $0, fail: $1) } },
            BadInputRow("renameConversationGroup", .invalidValue, expect: .failed(50002)) { r in await r.void { v2.renameConversationGroup(oldName: "work", newName: fixtureGroups[1].0, succ: $0, fail: $1) } },
            BadInputRow("renameConversationGroup async", .invalidValue, expect: .failed(51011)) { r in await r.throwing { try await v2.renameConversationGroup(oldName: "work", newName: longGroupName); return "" } },
            // Adding and removing conversations.
            BadInputRow("addConversationsToGroup", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: nil, conversationIDList: ["c2c_c"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("addConversationsToGroup", .unknownID, expect: .failed(51009)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "none", conversationIDList: ["c2c_c"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("addConversationsToGroup", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: nil, succ: { s(results($0)) }, fail: f) } },
            BadInputRow("addConversationsToGroup", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: [], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("addConversationsToGroup", .tooMany, expect: .failed(51006)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: tooMany, succ: { s(results($0)) }, fail: f) } },
            BadInputRow("addConversationsToGroup", .malformedID, expect: .failed(6017)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: ["c2c_c", "a"], succ: { s(results($0)) }, fail: f) } },
            // Already in the group: success, nothing changes.
            BadInputRow("addConversationsToGroup", .valid, expect: .succeeded("[0]")) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("addConversationsToGroup async", .unknownID, expect: .failed(51009)) { r in await r.throwing { "\(try await v2.addConversationsToGroup(groupName: "none", conversationIDList: ["c2c_c"]).count)" } },
            BadInputRow("deleteConversationsFromGroup", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.deleteConversationsFromGroup(groupName: nil, conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("deleteConversationsFromGroup", .unknownID, expect: .failed(51009)) { r in await r.callback { s, f in v2.deleteConversationsFromGroup(groupName: "none", conversationIDList: ["c2c_a"], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("deleteConversationsFromGroup", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.deleteConversationsFromGroup(groupName: "work", conversationIDList: [], succ: { s(results($0)) }, fail: f) } },
            BadInputRow("deleteConversationsFromGroup", .tooMany, expect: .failed(51006)) { r in await r.callback { s, f in v2.deleteConversationsFromGroup(groupName: "work", conversationIDList: tooMany, succ: { s(results($0)) }, fail: f) } },
            BadInputRow("deleteConversationsFromGroup", .malformedID, expect: .failed(6017)) { r in await r.callback { s, f in v2.deleteConversationsFromGroup(groupName: "work", conversationIDList: ["c2c_a", "C2C_a"], succ: { s(results($0)) }, fail: f) } },
            // Not in the group: success, nothing changes.
            BadInputRow("deleteConversationsFromGroup async", .valid, expect: .succeeded("1")) { r in await r.throwing { "\(try await v2.deleteConversationsFromGroup(groupName: "work", conversationIDList: ["c2c_d"]).count)" } },
        ]
        // Odd group names: none names a group of the fixture (names are compared as bytes).
        for (argument, name) in OddStrings.all where name.utf8.count <= 32 {
            rows += [
                BadInputRow("deleteConversationGroup", argument, expect: .failed(51009)) { r in await r.void { v2.deleteConversationGroup(groupName: name, succ: $0, fail: $1) } },
                BadInputRow("renameConversationGroup", argument, expect: .failed(51009)) { r in await r.void { v2.renameConversationGroup(oldName: name, newName: "job", succ: $0, fail: $1) } },
                BadInputRow("addConversationsToGroup", argument, expect: .failed(51009)) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: name, conversationIDList: ["c2c_c"], succ: { s(results($0)) }, fail: f) } },
            ]
        }
        // Unknown and odd conversation IDs: the call succeeds with their own results.
        for (argument, id, code) in conversationIDs where code == 6004 {
            rows += [
                BadInputRow("addConversationsToGroup", argument, expect: .succeeded("[6004]")) { r in await r.callback { s, f in v2.addConversationsToGroup(groupName: "work", conversationIDList: [id], succ: { s(results($0)) }, fail: f) } },
                BadInputRow("setConversationCustomData", argument, expect: .succeeded("[6004]")) { r in await r.callback { s, f in v2.setConversationCustomData(conversationIDList: [id], customData: nil, succ: { s(results($0)) }, fail: f) } },
            ]
        }
        return rows
    }()
}
