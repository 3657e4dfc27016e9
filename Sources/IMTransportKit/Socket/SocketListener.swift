import Foundation

/// A listening socket watched by a `SocketEventLoop`: it accepts connections as they come and
/// hands each to `onAccept` (on the loop's thread). A connection it cannot accept (the process has
/// no file descriptor left) is refused: closed at once through a descriptor kept in reserve, and
/// reported to `onRefuse`, so that it does not wait in the backlog while the listening socket stays
/// readable and spins the loop.
/// - Thread safety: thread-safe; its callbacks run on the loop's thread.
package final class SocketListener: SocketSource, @unchecked Sendable {
    package let fd: Int32
    /// The port it listens on.
    package let port: UInt16
    private let onAccept: (Int32, String) -> Void
    private let onRefuse: (IMError) -> Void
    /// The descriptor held in reserve for refusing (loop thread, and `init`).
    private var spare: Int32
    // Invariant: touched on the loop thread, and by `close()` through the lock.
    private let state = Locked<Bool>(false)
    private unowned let loop: SocketEventLoop

    /// Listens on `host`:`port` (0: a free port) and starts accepting on `loop`.
    ///
    /// - Parameters:
    ///   - onAccept: gets each accepted connection's socket and peer.
    ///   - onRefuse: gets why a waiting connection could not be accepted (it was closed).
    package init(
        host: String, port: UInt16, loop: SocketEventLoop, onAccept: @escaping (Int32, String) -> Void,
        onRefuse: @escaping (IMError) -> Void = { _ in }
    ) throws(IMError) {
        let listening = try Socket.listen(host: host, port: port)
        self.fd = listening.fd
        self.port = listening.port
        self.onAccept = onAccept
        self.onRefuse = onRefuse
        self.spare = Socket.openSpareDescriptor()
        self.loop = loop
        loop.add(self)
    }

    /// Stops accepting and closes the socket.
    package func close() {
        state.withLock { $0 = true }
        loop.requestService(of: self)
    }

    package var wantsRead: Bool { true }
    package var wantsWrite: Bool { false }
    package var isFinished: Bool { state.withLock { $0 } && closedSocket }
    private var closedSocket = false

    package func readable(scratch: UnsafeMutableRawBufferPointer) {
        for _ in 0..<64 {
            do throws(IMError) {
                guard let accepted = try Socket.accept(fd) else { return }
                onAccept(accepted.fd, accepted.peer)
            } catch {
                guard Socket.refuseWaiting(fd, spare: &spare) else { return }
                onRefuse(error)
            }
        }
    }

    package func writable() {}
    package func tick(now: Double) { service() }

    package func service() {
        if state.withLock({ $0 }) && !closedSocket {
            closedSocket = true
            Socket.closeSocket(fd)
            if spare >= 0 {
                Socket.closeSocket(spare)
                spare = -1
            }
        }
    }

    package func finish(_ error: IMError) {
        state.withLock { $0 = true }
        service()
    }
}
