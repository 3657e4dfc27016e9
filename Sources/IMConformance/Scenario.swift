/// A scripted session of the user "me", as data: steps to run in every mode, and the documented
/// differences between the two API generations that it shows.
///
/// The users and groups a scenario needs follow from its steps: every user it names is registered
/// on a fresh server, and each group it names holds "me" and every user who writes in it.
package struct Scenario: Hashable, Sendable {
    /// How a login through the legacy API is configured (`TIMUserConfig.disableAutoReport`).
    package enum LegacyLogin: Hashable, Sendable {
        /// `disableAutoReport = true`: unread messages stay unread on the server until read, as in
        /// the V2 API. The setting for scenarios where both APIs must agree.
        case disableAutoReport
        /// The legacy default (`disableAutoReport = false`): whatever this device receives counts as
        /// read on the server at once, so a later login sees it read.
        case autoReport
    }

    /// The logged-in user of every scenario.
    package static let me = "me"

    package var name: String
    package var steps: [Step]
    /// How logins through the legacy API are configured; logins through V2 have no such setting.
    package var legacyLogin: LegacyLogin
    /// Where legacy writes and V2 writes are documented to end differently. Each named aspect is left
    /// out of the agreement check and its final rows are checked against the documented ones instead.
    package var expectedDifferences: [ExpectedDifference]

    package init(
        _ name: String, legacyLogin: LegacyLogin = .disableAutoReport, steps: [Step],
        expectedDifferences: [ExpectedDifference] = []
    ) {
        self.name = name
        self.legacyLogin = legacyLogin
        self.steps = steps
        self.expectedDifferences = expectedDifferences
    }

    /// Every conversation the steps name, in conversation ID order.
    package var targets: [Target] {
        Array(Set(steps.flatMap(\.targets))).sorted()
    }

    /// Every user to register: "me" and every user the steps name.
    var users: [String] {
        var users: Set<String> = [Self.me]
        for step in steps {
            switch step {
            case .receive(from: let from, count: _), .receiveInGroup(from: let from, group: _, count: _),
                 .receiveMention(from: let from, group: _, mentioning: _):
                users.insert(from)
            default:
                break
            }
            for case .c2c(let userID) in step.targets { users.insert(userID) }
        }
        return users.sorted()
    }

    /// Every group to create, with its members: "me" and everyone who writes in it.
    /// The type of group `groupID`: `AVChatRoom` (a live chat room, which keeps no unread count)
    /// for IDs that start with "live", else "Work".
    static func groupType(of groupID: String) -> String {
        groupID.hasPrefix("live") ? "AVChatRoom" : "Work"
    }

    var groups: [String: [String]] {
        var groups: [String: Set<String>] = [:]
        for step in steps {
            for case .group(let groupID) in step.targets { groups[groupID, default: [Self.me]].insert(Self.me) }
            switch step {
            case .receiveInGroup(from: let from, group: let groupID, count: _),
                 .receiveMention(from: let from, group: let groupID, mentioning: _):
                groups[groupID, default: [Self.me]].insert(from)
            default:
                break
            }
        }
        return groups.mapValues { $0.sorted() }
    }
}
