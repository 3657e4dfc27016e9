/// The process exit statuses, as `sysexits.h` names them.
enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    /// `EX_USAGE`: the command line was wrong.
    case usage = 64
}
