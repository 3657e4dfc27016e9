#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The POSIX socket calls the wire protocol needs, on Linux and Apple systems, with errors as
/// `IMError` (`networkFailure`, 9520).
package enum Socket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A socket listening on `host`:`port` (0: any free port), non-blocking.
    ///
    /// - Returns: the socket and the port it listens on.
    package static func listen(host: String, port: UInt16, backlog: Int32 = 512) throws(IMError) -> (fd: Int32, port: UInt16) {
        let addresses = try resolve(host: host, port: port, passive: true)
        var lastError = "no address"
        for address in addresses {
            let fd = socket(Int32(address.family), streamType, 0)
            guard fd >= 0 else { lastError = errorText(); continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            let bound = address.storage.withUnsafeBytes { raw in
                bind(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), address.length)
            }
            guard bound == 0, systemListen(fd, backlog) == 0 else {
                lastError = errorText()
                closeSocket(fd)
                continue
            }
            do throws(IMError) {
                try setNonBlocking(fd)
            } catch {
                closeSocket(fd)
                throw error
            }
            return (fd, localPort(of: fd))
        }
        throw IMError(.networkFailure, "cannot listen on \(host):\(port): \(lastError)")
    }

    /// A connected socket to `host`:`port`, non-blocking, or an error after `timeout` seconds.
    package static func connect(host: String, port: UInt16, timeout: Double) throws(IMError) -> Int32 {
        let addresses = try resolve(host: host, port: port, passive: false)
        var lastError = "no address"
        for address in addresses {
            let fd = socket(Int32(address.family), streamType, 0)
            guard fd >= 0 else { lastError = errorText(); continue }
            do throws(IMError) {
                try setNonBlocking(fd)
                configureStream(fd)
                let started = address.storage.withUnsafeBytes { raw in
                    systemConnect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), address.length)
                }
                if started != 0 {
                    guard errno == EINPROGRESS else { throw IMError(.networkFailure, errorText()) }
                    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    let ready = poll(&entry, 1, Int32(max(1, timeout * 1000)))
                    guard ready == 1 else { throw IMError(.networkFailure, "timed out after \(timeout) s") }
                    var failure: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
                    guard failure == 0 else { throw IMError(.networkFailure, String(cString: strerror(failure))) }
                }
                return fd
            } catch {
                lastError = error.message
                closeSocket(fd)
            }
        }
        throw IMError(.networkFailure, "cannot connect to \(host):\(port): \(lastError)")
    }

    /// Accepts one waiting connection of listening socket `fd`, non-blocking; nil when none waits.
    ///
    /// - Returns: the socket and the peer's address as text.
    package static func accept(_ fd: Int32) throws(IMError) -> (fd: Int32, peer: String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(fd, $0, &length) }
        }
        guard client >= 0 else {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED { return nil }
            throw IMError(.networkFailure, "accept: \(errorText())")
        }
        do throws(IMError) {
            try setNonBlocking(client)
        } catch {
            closeSocket(client)
            throw error
        }
        configureStream(client)
        return (client, describe(storage))
    }

    /// A descriptor held in reserve (`/dev/null`) for `refuseWaiting`; -1 when none can be opened.
    package static func openSpareDescriptor() -> Int32 {
        open("/dev/null", O_RDONLY)
    }

    /// Takes one waiting connection of listening socket `fd` and closes it at once, when the
    /// process has no descriptor left to accept it with: `spare` (from `openSpareDescriptor`) is
    /// closed to make room and opened again after. The peer sees its connection closed instead of
    /// waiting in the backlog, and the listening socket stops being readable for it.
    ///
    /// - Returns: whether a connection was refused (false: none waits, or no room could be made).
    package static func refuseWaiting(_ fd: Int32, spare: inout Int32) -> Bool {
        if spare >= 0 {
            closeSocket(spare)
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(fd, $0, &length) }
        }
        if client >= 0 {
            closeSocket(client)
        }
        spare = openSpareDescriptor()
        return client >= 0
    }

    /// Reads what is there into `buffer`: the count read, 0 at the end of the stream, nil when
    /// nothing waits.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(IMError) -> Int? {
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
        throw IMError(.networkFailure, errorText())
    }

    /// Writes what the socket takes now: the count written (0 when it takes nothing now).
    package static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(IMError) -> Int {
        guard bytes.count > 0 else { return 0 }
        let count = send(fd, bytes.baseAddress, bytes.count, sendFlags)
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
        throw IMError(.networkFailure, errorText())
    }

    /// Closes a socket.
    package static func closeSocket(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// Whether `host` names only this machine (a loopback address or "localhost").
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        guard let addresses = try? resolve(host: host, port: 0, passive: true) else { return false }
        return addresses.allSatisfy { address in
            address.storage.withUnsafeBytes { raw in
                if address.family == Int(AF_INET) {
                    let ipv4 = raw.load(as: sockaddr_in.self)
                    return UInt32(bigEndian: ipv4.sin_addr.s_addr) >> 24 == 127
                }
                let ipv6 = raw.load(as: sockaddr_in6.self)
                return withUnsafeBytes(of: ipv6.sin6_addr) { bytes in
                    bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
                }
            }
        }
    }

    // MARK: - Helpers

    private struct Address {
        var family: Int
        var storage: [UInt8]
        var length: socklen_t
    }

    private static func resolve(host: String, port: UInt16, passive: Bool) throws(IMError) -> [Address] {
        var hints = addrinfo()
        hints.ai_socktype = streamType
        hints.ai_family = AF_UNSPEC
        if passive { hints.ai_flags = AI_PASSIVE }
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw IMError(.networkFailure, "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var addresses: [Address] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            if let address = entry.pointee.ai_addr {
                let bytes = [UInt8](UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen)))
                addresses.append(Address(family: Int(entry.pointee.ai_family), storage: bytes, length: entry.pointee.ai_addrlen))
            }
            node = entry.pointee.ai_next
        }
        return addresses
    }

    private static func setNonBlocking(_ fd: Int32) throws(IMError) {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw IMError(.networkFailure, "fcntl: \(errorText())")
        }
    }

    /// No Nagle delay (frames are small and answered), and no SIGPIPE on Apple systems (Linux
    /// passes MSG_NOSIGNAL to each send).
    private static func configureStream(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static func localPort(of fd: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return withUnsafeBytes(of: storage) { raw in
            if Int32(storage.ss_family) == AF_INET6 {
                return UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
            }
            return UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
    }

    private static func describe(_ storage: sockaddr_storage) -> String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        var copy = storage
        let length = socklen_t(Int32(storage.ss_family) == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let status = withUnsafePointer(to: &copy) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return "?" }
        return "\(text(host)):\(text(service))"
    }

    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

// The C functions whose names the enum's own methods shadow.
#if canImport(Glibc)
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.connect(fd, address, length)
}
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    Glibc.accept(fd, address, length)
}
#else
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Darwin.connect(fd, address, length)
}
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    Darwin.accept(fd, address, length)
}
#endif
