import ImSDK_Plus

/// A conversation listener that prints `total unread: N` each time the SDK reports a new total.
///
/// Called on the SDK's callback queue; it keeps no state, so it is safe there.
final class TotalUnreadPrinter: V2TIMConversationListener {
    private let console: Console

    init(console: Console) {
        self.console = console
    }

    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {
        console.out(DemoCommand.totalLine(totalUnreadCount))
    }
}
