/// Why the demo stopped.
enum DemoError: Error, CustomStringConvertible {
    case initFailed
    case stepTimedOut(step: Int)

    var description: String {
        switch self {
        case .initFailed: return "initSDK failed"
        case .stepTimedOut(let step):
            return "step \(step) did not show up in the conversation list within \(DemoCommand.stepTimeout) seconds"
        }
    }
}
