import Foundation
import IMCore
import IMTransportKit

/// Another device of a user, talking to the server directly (no SDK): for tests of what one device's
/// actions do to the SDK on another.
package final class RawDevice: IMPushSink, @unchecked Sendable {
    private let connection: Locked<(any IMConnection)?> = Locked(nil)
    private let received = Locked<[IMPush]>([])

    /// Connects as `userID` to `transport`.
    ///
    /// - Parameter platform: the device's platform; the web by default, so that under the vendor's
    ///   login policy it does not kick an SDK session of the same user off.
    package init(userID: String, transport: any IMTransport, platform: IMPlatform = .web) async throws {
        let login = IMLoginInfo(userID: userID, userSig: "sig", platform: platform)
        let opened: any IMConnection = try await handOver { finish in
            transport.connect(login, sink: self, completion: finish)
        }
        connection.withLock { $0 = opened }
    }

    /// The pushes this device received so far.
    package var pushes: [IMPush] { received.withLock { $0 } }
    /// The protocol version of its connection (`IMConnection.protocolVersion`); 0 once closed.
    package var protocolVersion: Int { connection.withLock { $0?.protocolVersion ?? 0 } }

    package func receive(_ push: IMPush, version: UInt64) { received.withLock { $0.append(push) } }

    /// Why the server ended the connection, once it did.
    package var lostError: IMError? { lost.withLock { $0 } }
    private let lost = Locked<IMError?>(nil)

    package func connectionLost(_ error: IMError) { lost.withLock { $0 = error } }

    /// Sends `request` and returns the server's answer.
    @discardableResult
    package func send(_ request: IMRequest) async throws -> IMResponse {
        guard let connection = connection.withLock({ $0 }) else { throw IMError(.notLoggedIn, "closed") }
        return try await handOver { finish in connection.send(request, completion: finish) }
    }

    /// Closes the connection.
    package func close() {
        connection.withLock { $0 }?.close()
    }
}
