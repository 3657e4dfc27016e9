import IMTransportKit

extension FaultInjectingTransport {
    /// The sink the wrapped transport pushes to: hands each push to its channel, which applies the
    /// faults and forwards what survives to the caller's sink.
    ///
    /// - Thread safety: thread-safe (an immutable reference to a thread-safe channel).
    final class ChannelSink: IMPushSink {
        private let channel: Channel

        init(_ channel: Channel) {
            self.channel = channel
        }

        func receive(_ push: IMPush, version: UInt64) {
            channel.receive(push, version: version)
        }

        func connectionLost(_ error: IMError) {
            channel.wrappedConnectionLost(error)
        }
    }

    /// The connection handed to the caller: sends through its channel, which applies request faults.
    ///
    /// - Thread safety: thread-safe (an immutable reference to a thread-safe channel). Completions
    ///   run on the connection's queue.
    final class Connection: IMConnection {
        private let channel: Channel
        /// The wrapped connection's.
        let serverEpoch: String
        /// The wrapped connection's.
        let protocolVersion: Int

        init(_ channel: Channel, serverEpoch: String, protocolVersion: Int) {
            self.channel = channel
            self.serverEpoch = serverEpoch
            self.protocolVersion = protocolVersion
        }

        var userID: String { channel.userID }

        func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
            channel.send(request, completion: completion)
        }

        /// Closes the wrapped connection; after it returns nothing reaches the sink and
        /// `connectionLost` is not called. Waits for a sink call in progress, unless called from it.
        func close() {
            channel.close()
        }
    }
}
