/// What a reads API shows at one moment: the list (nil when nobody is logged in) and the cloud
/// history counts of the scenario's conversations.
struct SessionState: Hashable, Sendable {
    var conversations: [ConversationState]?
    /// `id=count` rows, in target order.
    var history: [String]
    /// `name: ids` rows, one per `FilterProbe`.
    var filtered: [String] = []

    static let loggedOut = SessionState(conversations: nil, history: [])
}
