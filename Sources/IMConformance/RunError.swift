/// Why a scenario could not be run in a mode (the SDK did not initialise or log in, the server
/// refused a scripted message, a message to read up to does not exist).
public struct RunError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
