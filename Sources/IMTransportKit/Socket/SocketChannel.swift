import Foundation

/// One framed connection watched by a `SocketEventLoop`: it cuts the bytes it reads into frames,
/// queues frames to write from any thread, and closes for a reason, once.
///
/// Bounds: a frame read larger than `limits.maxFrameBytes` closes it (the stream cannot be trusted
/// after it), and so does one to write larger than `limits.maxSendFrameBytes`, more than
/// `limits.maxBufferedBytes` waiting to be written (a peer that does not read), and nothing received
/// for `limits.idleTimeout` seconds. With `limits.maxUnhandledBytes`, it stops reading while that
/// much of what it read waits to be handled. With `limits.keepAlive`, a ping goes out after that
/// many quiet seconds.
/// - Thread safety: thread-safe. `send` and `close` from any thread; the reading side and the
///   callbacks (`onFrame`, `onClose`) on the loop's thread only, which they must not block.
package final class SocketChannel: SocketSource, @unchecked Sendable {
    /// The bounds of one connection.
    package struct Limits: Sendable {
        /// The largest frame read.
        package var maxFrameBytes = IMWireFraming.defaultMaxFrameBytes
        /// The largest frame written.
        package var maxSendFrameBytes = IMWireFraming.defaultMaxFrameBytes
        /// The most bytes waiting to be written before the peer counts as not reading.
        package var maxBufferedBytes = 8 << 20
        /// Seconds without a frame from the peer before the connection closes (nil: never).
        package var idleTimeout: Double? = 120
        /// Seconds without a frame from the peer before a `.ping` goes out (nil: never).
        package var keepAlive: Double?
        /// The most bytes of frames handed to `onFrame` and not yet reported handled (`handled(_:)`)
        /// before the channel stops reading, until enough are: a peer that sends faster than its
        /// frames are handled waits in its own socket, not in this process's memory. Nil: no bound
        /// (and nothing to report).
        package var maxUnhandledBytes: Int?

        package init() {}
    }

    package let fd: Int32
    /// Who is at the other end, for logs.
    package let peer: String
    private let limits: Limits
    private let loop: SocketEventLoop
    // Loop thread only.
    private var reader: FrameReader
    private var lastReceived: Double
    private var lastPing = 0.0
    private var onFrame: ((ArraySlice<UInt8>) -> Void)?
    private var onClose: ((IMError) -> Void)?
    /// The writing side and the close, shared between threads.
    private let output = Locked<Output>(Output())
    /// Bytes of frames handed to `onFrame` and not yet reported handled (with `maxUnhandledBytes`).
    private let unhandled = Locked<Int>(0)

    private struct Output {
        var bytes: [UInt8] = []
        var offset = 0
        /// Why it closes, once asked; with `flush`, after what is queued was written.
        var closing: (error: IMError, flush: Bool, deadline: Double)?
        /// Closed: the socket is closed, nothing more goes out.
        var closed = false
        var pendingCount: Int { bytes.count - offset }
    }

    /// A channel over connected socket `fd` (non-blocking). Call `start` to have it watched.
    package init(fd: Int32, peer: String, limits: Limits, loop: SocketEventLoop) {
        self.fd = fd
        self.peer = peer
        self.limits = limits
        self.loop = loop
        self.reader = FrameReader(maxFrameBytes: limits.maxFrameBytes)
        self.lastReceived = ProcessInfo.processInfo.systemUptime
    }

    /// Starts reading: `onFrame` gets each frame's JSON, `onClose` the reason it closed (once; after
    /// it, nothing more).
    package func start(onFrame: @escaping (ArraySlice<UInt8>) -> Void, onClose: @escaping (IMError) -> Void) {
        self.onFrame = onFrame
        self.onClose = onClose
        loop.add(self)
    }

    /// Queues `message` to be written.
    ///
    /// - Returns: false when the channel is closed or closing, or `message` cannot be framed (then
    ///   the channel closes: see the type's bounds).
    @discardableResult
    package func send(_ message: IMWireMessage) -> Bool {
        do throws(IMError) {
            return send(frame: try frame(message))
        } catch {
            close(error)
            return false
        }
    }

    /// The frame of `message`, within the bound of frames written.
    ///
    /// - Throws: `invalidParameters` (6017) when it passes the bound.
    package func frame(_ message: IMWireMessage) throws(IMError) -> [UInt8] {
        try IMWireFraming.frame(message, maxFrameBytes: limits.maxSendFrameBytes)
    }

    /// Queues an encoded frame (length prefix included) to be written.
    @discardableResult
    package func send(frame: [UInt8]) -> Bool {
        let (accepted, needsLoop) = output.withLock { output -> (Bool, Bool) in
            guard !output.closed, output.closing == nil else { return (false, false) }
            if output.pendingCount == 0 {
                output.bytes.removeAll(keepingCapacity: true)
                output.offset = 0
                let written = frame.withUnsafeBytes { (try? Socket.write(fd, $0)) ?? 0 }
                guard written < frame.count else { return (true, false) }
                output.bytes.append(contentsOf: frame[written...])
                return (true, true)
            }
            output.bytes.append(contentsOf: frame)
            if output.pendingCount > limits.maxBufferedBytes {
                output.closing = (IMError(.networkFailure, "the peer does not read: \(output.pendingCount) bytes wait"), false, 0)
                return (false, true)
            }
            return (true, false)
        }
        if needsLoop {
            if accepted { loop.wake() } else { loop.requestService(of: self) }
        }
        return accepted
    }

    /// Reports that a frame of `bytes` bytes handed to `onFrame` was handled (with
    /// `limits.maxUnhandledBytes`; without it, nothing): reading resumes once what waits is under
    /// the bound. Any thread.
    package func handled(_ bytes: Int) {
        guard let limit = limits.maxUnhandledBytes else { return }
        let resumes = unhandled.withLock { count -> Bool in
            let paused = count >= limit
            count -= bytes
            return paused && count < limit
        }
        if resumes { loop.wake() }
    }

    /// Closes the channel for `error`; with `flush`, after what is queued was written (at most 5
    /// seconds more). `onClose` follows on the loop's thread. Idempotent.
    package func close(_ error: IMError, flush: Bool = false) {
        let asked = output.withLock { output -> Bool in
            guard !output.closed, output.closing == nil else { return false }
            output.closing = (error, flush, ProcessInfo.processInfo.systemUptime + 5)
            return true
        }
        if asked { loop.requestService(of: self) }
    }

    // MARK: - SocketSource (loop thread)

    package var wantsRead: Bool {
        guard let limit = limits.maxUnhandledBytes else { return true }
        return unhandled.withLock { $0 < limit }
    }
    package var wantsWrite: Bool { output.withLock { !$0.closed && $0.pendingCount > 0 } }

    package var isFinished: Bool { output.withLock { $0.closed } }

    package func readable(scratch: UnsafeMutableRawBufferPointer) {
        // Called while not reading only for a hang-up or an error: one read finds out which.
        for turn in 0..<16 where turn == 0 || wantsRead {
            let count: Int?
            do throws(IMError) {
                count = try Socket.read(fd, into: scratch)
            } catch {
                finish(error)
                return
            }
            guard let count else { break }
            guard count > 0 else {
                finish(IMError(.networkFailure, "the peer closed the connection"))
                return
            }
            lastReceived = ProcessInfo.processInfo.systemUptime
            reader.append(UnsafeRawBufferPointer(rebasing: scratch[..<count]))
            do throws(IMError) {
                while let frame = try reader.nextFrame() {
                    if limits.maxUnhandledBytes != nil {
                        unhandled.withLock { $0 += frame.count }
                    }
                    onFrame?(frame)
                    if isFinished { return }
                }
            } catch {
                finish(error)
                return
            }
            if count < scratch.count { break }
        }
    }

    package func writable() {
        let done = output.withLock { output -> Bool in
            guard !output.closed else { return false }
            let written = output.bytes[output.offset...].withUnsafeBytes { (try? Socket.write(fd, $0)) ?? -1 }
            if written < 0 {
                output.closing = output.closing ?? (IMError(.networkFailure, "the connection broke"), false, 0)
                output.bytes = []
                output.offset = 0
                return true
            }
            output.offset += written
            return output.closing != nil && output.pendingCount == 0
        }
        if done { service() }
    }

    package func tick(now: Double) {
        if let idleTimeout = limits.idleTimeout, now - lastReceived > idleTimeout {
            finish(IMError(.networkFailure, "nothing received for \(Int(idleTimeout)) s"))
            return
        }
        if let keepAlive = limits.keepAlive, now - lastReceived > keepAlive, now - lastPing > keepAlive {
            lastPing = now
            send(.ping)
        }
        if output.withLock({ $0.closing.map { now > $0.deadline } ?? false }) {
            service()
        }
    }

    package func service() {
        let error = output.withLock { output -> IMError? in
            guard !output.closed, let closing = output.closing else { return nil }
            let flushed = !closing.flush || output.pendingCount == 0
            guard flushed || ProcessInfo.processInfo.systemUptime > closing.deadline else { return nil }
            return closing.error
        }
        if let error { finish(error) }
    }

    package func finish(_ error: IMError) {
        let first = output.withLock { output -> Bool in
            guard !output.closed else { return false }
            output.closed = true
            output.bytes = []
            output.offset = 0
            Socket.closeSocket(fd)
            return true
        }
        guard first else { return }
        let onClose = self.onClose
        self.onClose = nil
        self.onFrame = nil
        onClose?(error)
    }
}
