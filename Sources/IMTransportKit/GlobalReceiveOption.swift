/// A user's receive option for every conversation (`setAllReceiveMessageOpt`): online messages
/// arrive as always; during its do-not-disturb window no offline push notification is sent. It
/// changes no unread count and no listener event; the server keeps it per user.
public struct GlobalReceiveOption: Hashable, Codable, Sendable {
    /// `.receive` (the default) or `.receiveWithoutNotify`.
    public var option: ReceiveOption
    /// The window's daily start (when `startTimestamp` is 0): hour 0-23, minute and second 0-59.
    public var startHour: Int32
    public var startMinute: Int32
    public var startSecond: Int32
    /// The window's start as seconds since 1970 (0: the daily start above).
    public var startTimestamp: UInt32
    /// The window's length in seconds; with a daily start, 86,400 or more means from that time on,
    /// for good.
    public var duration: UInt32

    public init(
        option: ReceiveOption, startHour: Int32 = 0, startMinute: Int32 = 0, startSecond: Int32 = 0,
        startTimestamp: UInt32 = 0, duration: UInt32 = 0
    ) {
        self.option = option
        self.startHour = startHour
        self.startMinute = startMinute
        self.startSecond = startSecond
        self.startTimestamp = startTimestamp
        self.duration = duration
    }

    /// Every message received and notified: what a user has until they set one.
    public static let `default` = GlobalReceiveOption(option: .receive)

    /// Whether the values are ones the vendor accepts: the two options, and a daily start within
    /// its ranges.
    public var isValid: Bool {
        (option == .receive || option == .receiveWithoutNotify)
            && (0...23).contains(startHour) && (0...59).contains(startMinute) && (0...59).contains(startSecond)
    }
}
