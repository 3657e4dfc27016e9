import IMTransportKit

/// Receive options the device keeps nothing of: it asks the server (C2C options of users without
/// a conversation here, the global option).
extension IMClient {
    /// The user's receive option for each of `ids`, from the server, in order.
    package func receiveOptions(
        of ids: [ConversationID], completion: @escaping @Sendable (Result<[ReceiveOption], IMError>) -> Void
    ) {
        ask(.receiveOptions(ids), completion: completion) { response in
            guard case .receiveOptions(let options) = response, options.count == ids.count else { return nil }
            return options
        }
    }

    /// Sets the user's receive option for every conversation on the server.
    package func setGlobalReceiveOption(
        _ option: GlobalReceiveOption, completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        ask(.setGlobalReceiveOption(option), completion: completion) { response in
            if case .ok = response { return () } else { return nil }
        }
    }

    /// The user's receive option for every conversation, from the server.
    package func globalReceiveOption(completion: @escaping @Sendable (Result<GlobalReceiveOption, IMError>) -> Void) {
        ask(.globalReceiveOption, completion: completion) { response in
            if case .globalReceiveOption(let option) = response { return option } else { return nil }
        }
    }

    /// Throws `interfaceNotSupported` (7013) when the connection's server speaks a protocol version
    /// before `version`; `lack` says what it lacks ("the server (protocol version N) " + `lack`).
    /// Nothing when not connected (the request then fails as any does).
    func requireProtocolVersion(_ version: Int, _ lack: @autoclosure () -> String) throws(IMError) {
        guard let spoken = withState({ $0.connection?.protocolVersion }), spoken < version else { return }
        throw IMError(.interfaceNotSupported, "the server (protocol version \(spoken)) \(lack())")
    }

    /// Sends `request` and hands `completion`, on the callback queue, what `decode` makes of the
    /// answer (nil: an unexpected answer, reported as a network failure). A request the
    /// connection's protocol version does not have (`since`) fails with `interfaceNotSupported`
    /// (7013) without being sent.
    func ask<T: Sendable>(
        _ request: IMRequest, since version: Int = 1, completion: @escaping @Sendable (Result<T, IMError>) -> Void,
        decode: @escaping @Sendable (IMResponse) -> T?
    ) {
        do throws(IMError) {
            try requireProtocolVersion(version, "does not know this request: it needs version \(version)")
        } catch {
            deliver { completion(.failure(error)) }
            return
        }
        perform(request) { [self] result in
            let outcome = result.flatMap { response -> Result<T, IMError> in
                decode(response).map(Result.success)
                    ?? .failure(IMError(.networkFailure, "unexpected answer to \(request)"))
            }
            deliver { completion(outcome) }
        }
    }
}
