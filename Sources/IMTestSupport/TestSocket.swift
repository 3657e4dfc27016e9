#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import IMTransportKit

/// A plain TCP connection for tests that misbehave towards a server on purpose: raw bytes, frames
/// cut short, an oversized length prefix, a client that never reads. Blocking calls with timeouts;
/// no event loop, no SDK.
/// - Thread safety: use it from one thread at a time (it may be handed to another task, which then
///   has it alone: hence `@unchecked Sendable`).
package final class TestSocket: @unchecked Sendable {
    /// The socket (-1 once closed).
    package private(set) var fd: Int32
    private var pending: [UInt8] = []

    /// Connects to `host`:`port` (IPv4).
    ///
    /// - Parameter receiveBuffer: asks the kernel for a receive buffer this small (before
    ///   connecting, so the window stays small): a client that does not read fills up sooner.
    package init(port: UInt16, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Self.failure("socket") }
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close()
            throw IMError(.invalidParameters, "not an IPv4 address: \(host)")
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = Self.failure("connect to \(host):\(port)")
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the socket (again: nothing).
    package func close() {
        guard fd >= 0 else { return }
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
        fd = -1
    }

    /// Writes all of `bytes`.
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(fd, raw.baseAddress, raw.count, 0)
                #endif
            }
            guard written > 0 else { throw Self.failure("send") }
            offset += written
        }
    }

    /// Writes `message` as one frame of the wire protocol.
    package func send(_ message: IMWireMessage) throws {
        try send(IMWireFraming.frame(message))
    }

    /// The next frame from the server; nil when the server closed the connection or nothing came
    /// within `timeout` seconds.
    package func readFrame(timeout: Double = 5) throws -> IMWireMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if pending.count >= 4 {
                let length = Int(pending[0]) << 24 | Int(pending[1]) << 16 | Int(pending[2]) << 8 | Int(pending[3])
                if pending.count >= 4 + length {
                    let json = pending[4..<(4 + length)]
                    pending.removeSubrange(0..<(4 + length))
                    return try IMWireFraming.message(fromJSON: json)
                }
            }
            guard let chunk = receive(until: deadline), !chunk.isEmpty else { return nil }
            pending.append(contentsOf: chunk)
        }
    }

    /// Reads and drops what comes until the server closes the connection (true) or `timeout`
    /// seconds pass (false).
    package func waitUntilClosedByServer(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let chunk = receive(until: deadline) else { return false }
            if chunk.isEmpty { return true }
        }
    }

    /// What arrives before `deadline`: bytes, empty at the end of the stream (or a reset), nil when
    /// nothing came in time.
    private func receive(until deadline: Date) -> [UInt8]? {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        guard poll(&entry, 1, milliseconds) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return [] }
        return Array(buffer[..<count])
    }

    private static func failure(_ what: String) -> IMError {
        IMError(.networkFailure, "\(what): \(String(cString: strerror(errno)))")
    }
}
