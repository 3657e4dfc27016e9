/// Where a server that speaks the wire protocol listens (`--server HOST:PORT`), for `imsdk admin`
/// and `imsdk device`.
struct ServerAddress: Equatable, Sendable, CustomStringConvertible {
    var host = "127.0.0.1"
    /// `imsdk serve`'s default port.
    var port: UInt16 = 7878

    /// Parses `HOST:PORT`, `[IPV6]:PORT` or `:PORT` (the loopback address).
    init(parsing text: String) throws(UsageError) {
        let bad = UsageError("--server needs HOST:PORT, not '\(text)'")
        guard let colon = text.lastIndex(of: ":") else { throw bad }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let port = UInt16(text[text.index(after: colon)...]), port > 0 else { throw bad }
        self.host = host.isEmpty ? "127.0.0.1" : host
        self.port = port
    }

    init() {}

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
