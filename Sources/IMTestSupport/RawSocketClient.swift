import Foundation
import IMTransportKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking socket client for tests of the networked server: raw bytes in and out, frames read
/// with a timeout.
package final class RawSocketClient: @unchecked Sendable {
    package let fd: Int32

    package init(port: UInt16) throws {
        fd = try Socket.connect(host: "127.0.0.1", port: port, timeout: 5)
    }

    package func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { (try? Socket.write(fd, $0)) ?? -1 }
            if written < 0 { return }
            if written == 0 { usleep(1_000) }
            offset += max(0, written)
        }
    }

    /// Reads one frame's JSON (waits up to 5 s).
    package func readFrame() throws -> [UInt8]? {
        var reader = FrameReader(maxFrameBytes: 32 << 20)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let frame = try reader.nextFrame() { return Array(frame) }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = try buffer.withUnsafeMutableBytes { try Socket.read(fd, into: $0) }
            guard let count, count > 0 else { if count == 0 { return nil }; continue }
            buffer.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return nil
    }

    /// Whether the server closed the connection (reads what is left, then sees the end).
    package func isClosedByPeer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            do {
                guard let count = try buffer.withUnsafeMutableBytes({ try Socket.read(fd, into: $0) }) else { return false }
                if count == 0 { return true }
            } catch {
                return true
            }
        }
    }

    /// A small receive window, so that unread pushes pile up on the server soon.
    package func shrinkReceiveBuffer() {
        var size: Int32 = 4_096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    package func close() { Socket.closeSocket(fd) }
}
