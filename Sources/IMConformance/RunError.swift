/// Why a scenario could not be run in a mode (the SDK did not initialise or log in, the server
/// refused a scripted message, a message to read up to does not exist).
package struct RunError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
