import Foundation

/// A listening socket watched by a `SocketEventLoop`: it accepts connections as they come and
/// hands each to `onAccept` (on the loop's thread), up to `maxConnections` open at once (the
/// ones beyond are closed at once, logged by the caller through `onRefuse`).
/// - Thread safety: thread-safe; its callbacks run on the loop's thread.
package final class SocketListener: SocketSource, @unchecked Sendable {
    package let fd: Int32
    /// The port it listens on.
    package let port: UInt16
    private let onAccept: (Int32, String) -> Void
    private let onError: (IMError) -> Void
    /// Until when accepting pauses (loop thread only): after the process ran out of file
    /// descriptors, `poll` would report the waiting connection again at once, forever.
    private var pausedUntil = 0.0
    // Invariant: touched on the loop thread, and by `close()` through the lock.
    private let state = Locked<Bool>(false)
    private let loop: SocketEventLoop

    /// Listens on `host`:`port` (0: a free port) and starts accepting on `loop`.
    package init(
        host: String, port: UInt16, loop: SocketEventLoop, onAccept: @escaping (Int32, String) -> Void,
        onError: @escaping (IMError) -> Void = { _ in }
    ) throws(IMError) {
        let listening = try Socket.listen(host: host, port: port)
        self.fd = listening.fd
        self.port = listening.port
        self.onAccept = onAccept
        self.onError = onError
        self.loop = loop
        loop.add(self)
    }

    /// Stops accepting and closes the socket.
    package func close() {
        state.withLock { $0 = true }
        loop.requestService(of: self)
    }

    package var wantsWrite: Bool { false }
    package var wantsRead: Bool { ProcessInfo.processInfo.systemUptime >= pausedUntil }
    package var isFinished: Bool { state.withLock { $0 } && closedSocket }
    private var closedSocket = false

    package func readable(scratch: UnsafeMutableRawBufferPointer) {
        for _ in 0..<64 {
            do throws(IMError) {
                guard let accepted = try Socket.accept(fd) else { return }
                onAccept(accepted.fd, accepted.peer)
            } catch {
                // Out of file descriptors (or another failure): wait a little before trying again.
                pausedUntil = ProcessInfo.processInfo.systemUptime + 0.5
                onError(error)
                return
            }
        }
    }

    package func writable() {}
    package func tick(now: Double) { service() }

    package func service() {
        if state.withLock({ $0 }) && !closedSocket {
            closedSocket = true
            Socket.closeSocket(fd)
        }
    }

    package func finish(_ error: IMError) {
        state.withLock { $0 = true }
        service()
    }
}
