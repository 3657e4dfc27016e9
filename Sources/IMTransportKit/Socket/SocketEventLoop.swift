#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One thread that watches many sockets with `poll`: it reads what arrives, writes what waits,
/// accepts connections and closes idle ones, so that no connection needs a thread of its own.
///
/// Sources (`SocketChannel`, `SocketListener`) are added from any thread; the loop calls them on its
/// own thread only. A source's callbacks must not block: they hand work to other queues.
/// - Thread safety: thread-safe; the sources' table is touched by the loop thread only, the additions
///   waiting for it are behind a lock.
/// - Complexity: O(sockets) per wake-up (`poll`), which serves thousands of connections.
package final class SocketEventLoop: @unchecked Sendable {
    // Invariant: `sources` and `lastTick` are touched by the loop thread only; `pending` is locked.
    private var sources: [Int32: any SocketSource] = [:]
    private var lastTick = 0.0
    private let pending = Locked<Pending>(Pending())
    private struct Pending {
        var added: [any SocketSource] = []
        var serviced: [any SocketSource] = []
        var stopping = false
    }
    private let wakeFDs: (read: Int32, write: Int32)
    private let stopped = DispatchSemaphore(value: 0)

    /// The loop client connections share (started on first use).
    package static let shared: SocketEventLoop = {
        do {
            return try SocketEventLoop(name: "IMSocketTransport")
        } catch {
            fatalError("cannot start the socket loop: \(error)")
        }
    }()

    /// Starts a loop on a new thread called `name`.
    ///
    /// - Throws: `networkFailure` when the process cannot make the pipe that wakes it.
    package init(name: String) throws(IMError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw IMError(.networkFailure, "pipe: \(String(cString: strerror(errno)))") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
        }
        wakeFDs = (fds[0], fds[1])
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Watches `source` from the loop's next turn on.
    package func add(_ source: any SocketSource) {
        let accepted = pending.withLock { pending -> Bool in
            guard !pending.stopping else { return false }
            pending.added.append(source)
            return true
        }
        if accepted {
            wake()
        } else {
            source.finish(IMError(.networkFailure, "the socket loop stopped"))
        }
    }

    /// Has the loop call `source.service()` on its next turn (soon: it wakes up).
    package func requestService(of source: any SocketSource) {
        pending.withLock { $0.serviced.append(source) }
        wake()
    }

    /// Makes the loop look at its sources again now (a source has bytes to write).
    package func wake() {
        var byte: UInt8 = 1
        _ = write(wakeFDs.write, &byte, 1)
    }

    /// Closes every source (each gets `finish`) and ends the loop's thread; waits for it.
    package func stop() {
        pending.withLock { $0.stopping = true }
        wake()
        stopped.wait()
        stopped.signal()
    }

    private func run() {
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while true {
            let turn = pending.withLock { pending in
                defer { pending.added = []; pending.serviced = [] }
                return pending
            }
            for source in turn.added {
                sources[source.fd] = source
            }
            if turn.stopping { break }
            for source in turn.serviced {
                source.service()
            }
            let now = ProcessInfo.processInfo.systemUptime
            if now - lastTick >= 0.5 {
                lastTick = now
                for source in sources.values {
                    source.tick(now: now)
                }
            }
            for (fd, source) in sources where source.isFinished {
                sources[fd] = nil
            }
            var entries = [pollfd(fd: wakeFDs.read, events: Int16(POLLIN), revents: 0)]
            entries.reserveCapacity(sources.count + 1)
            for source in sources.values {
                let events = (source.wantsRead ? Int16(POLLIN) : 0) | (source.wantsWrite ? Int16(POLLOUT) : 0)
                entries.append(pollfd(fd: source.fd, events: events, revents: 0))
            }
            let ready = poll(&entries, nfds_t(entries.count), 500)
            guard ready > 0 else { continue }
            if entries[0].revents != 0 {
                while read(wakeFDs.read, &scratch, scratch.count) > 0 {}
            }
            for entry in entries.dropFirst() where entry.revents != 0 {
                guard let source = sources[entry.fd] else { continue }
                if entry.revents & Int16(POLLOUT) != 0 {
                    source.writable()
                }
                if entry.revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                    scratch.withUnsafeMutableBytes { source.readable(scratch: $0) }
                }
            }
        }
        for source in sources.values {
            source.finish(IMError(.networkFailure, "the socket loop stopped"))
        }
        sources = [:]
        stopped.signal()
    }

    // The wake pipe stays open as long as anything can reach the loop (a channel holds it): a
    // wake after the loop stopped writes into the pipe, never into a closed one (SIGPIPE).
    deinit {
        Socket.closeSocket(wakeFDs.read)
        Socket.closeSocket(wakeFDs.write)
    }
}

/// A socket a `SocketEventLoop` watches. Its methods run on the loop's thread.
package protocol SocketSource: AnyObject {
    /// The socket.
    var fd: Int32 { get }
    /// Whether it takes more to read now (false: the loop leaves what arrives in the socket).
    var wantsRead: Bool { get }
    /// Whether it has bytes waiting to be written.
    var wantsWrite: Bool { get }
    /// Whether it is done: the loop forgets it (its socket is closed already).
    var isFinished: Bool { get }
    /// The socket has something to read (or was closed by the peer); `scratch` is the loop's buffer.
    func readable(scratch: UnsafeMutableRawBufferPointer)
    /// The socket takes more bytes.
    func writable()
    /// About twice a second: close what is idle, send keep-alives.
    func tick(now: Double)
    /// Asked for through `SocketEventLoop.requestService(of:)`: a close to carry out, for example.
    func service()
    /// Closes the socket now for `error` (the loop is stopping).
    func finish(_ error: IMError)
}
