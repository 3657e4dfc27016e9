import IMTransportKit

/// A group: its profile and members.
struct GroupRecord: Codable {
    var name: String?
    var faceURL: String?
    var groupType: String
    /// Members in the order they were given, without duplicates (IDs compare by their bytes).
    private(set) var members: [String]
    private var memberSet: Set<ExactID>

    init(name: String?, faceURL: String?, groupType: String, members: [String]) {
        self.name = name
        self.faceURL = faceURL
        self.groupType = groupType
        self.members = []
        self.memberSet = []
        setMembers(members)
    }

    /// The profile every member sees.
    var profile: ConversationProfile {
        ConversationProfile(name: name, faceURL: faceURL, groupType: groupType)
    }

    /// Whether the server keeps unread counts for this group (chat rooms keep none).
    var keepsUnreadCount: Bool { profile.keepsUnreadCount }

    /// - Complexity: O(1).
    func hasMember(_ userID: String) -> Bool { memberSet.contains(ExactID(userID)) }

    /// Replaces the members, dropping repeated IDs.
    mutating func setMembers(_ userIDs: [String]) {
        memberSet = []
        members = userIDs.filter { memberSet.insert(ExactID($0)).inserted }
    }
}
