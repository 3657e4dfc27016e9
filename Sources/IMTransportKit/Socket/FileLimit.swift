#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit of open files (`ulimit -n`), which bounds how many connections a server
/// can hold (each is a file descriptor): `imsdk serve` raises it, and so do tests that open many
/// connections.
package enum FileLimit {
    /// Raises the soft limit towards `wanted`, as far as the hard limit (and, on Apple systems,
    /// `OPEN_MAX`) lets it.
    ///
    /// - Returns: the soft limit after it.
    @discardableResult
    package static func raise(to wanted: UInt64) -> UInt64 {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        guard UInt64(limit.rlim_cur) < wanted else { return UInt64(limit.rlim_cur) }
        for candidate in [wanted, 10_240] where candidate > UInt64(limit.rlim_cur) {
            var raised = limit
            raised.rlim_cur = rlim_t(min(candidate, UInt64(limit.rlim_max)))
            if setrlimit(resource, &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }
}
