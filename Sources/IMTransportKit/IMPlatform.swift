/// The kind of device a login comes from.
///
/// A server's login policy uses it to decide which logins of one user may be online together (the
/// vendor's cloud lets one device per platform stay online and kicks the older one). An open set:
/// a transport may define more platforms.
/// - Thread safety: a value type, `Sendable`.
public struct IMPlatform: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let iOS = IMPlatform(rawValue: "iOS")
    public static let iPad = IMPlatform(rawValue: "iPad")
    public static let android = IMPlatform(rawValue: "Android")
    public static let mac = IMPlatform(rawValue: "Mac")
    public static let windows = IMPlatform(rawValue: "Windows")
    public static let linux = IMPlatform(rawValue: "Linux")
    public static let web = IMPlatform(rawValue: "Web")
    /// A system none of the others names.
    public static let unknown = IMPlatform(rawValue: "Unknown")

    /// The platform of the system this code was built for: `.iOS` on iOS and its relatives (an iPad
    /// app that wants to count as `.iPad` says so), `.mac`, `.android`, `.windows`, `.linux`, else
    /// `.unknown`.
    public static var current: IMPlatform {
        #if os(macOS)
        return .mac
        #elseif os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return .iOS
        #elseif os(Android)
        return .android
        #elseif os(Windows)
        return .windows
        #elseif os(Linux)
        return .linux
        #else
        return .unknown
        #endif
    }

    public var description: String { rawValue }
}
