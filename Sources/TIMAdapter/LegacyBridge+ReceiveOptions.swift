import IMCore
import IMTransportKit

extension LegacyBridge {
    /// Sets how the messages of group `groupID` are received (`TIMGroupManager.modifyReceiveMessageOpt`),
    /// as the V2 `setGroupReceiveMessageOpt` does: on the server, then here; roams.
    ///
    /// Returns 0 when the request went out; else the code also handed to `completion`: 6017 for a
    /// nil or empty group ID or an unknown option, 6013 before `initSdk`, 6014 when logged out. The
    /// server's code (10010 for an unknown group) comes through `completion`.
    package func setGroupReceiveOption(
        _ groupID: String?, legacy raw: Int, completion: @escaping @Sendable (IMError?) -> Void
    ) -> Int32 {
        guard let groupID, !groupID.isEmpty else {
            return fail(IMError(.invalidParameters, "groupId is empty"), completion)
        }
        guard let option = LegacyValues.receiveOption(legacy: raw) else {
            return fail(IMError(.invalidParameters, "unknown receive option \(raw)"), completion)
        }
        guard let client else { return fail(noSession, completion) }
        client.setReceiveOption([.group(groupID)], option) { completion($0.error) }
        return 0
    }

    /// How the messages of group `groupID` are received (`TIMGroupManager.getReceiveMessageOpt`),
    /// as the server keeps it for the user, in the legacy values (`LegacyValues.groupReceiveOption`).
    ///
    /// Returns 0 when the request went out; else the code also handed to `completion`: 6017 for a
    /// nil or empty group ID, 6013 before `initSdk`, 6014 when logged out. The server's code (10010
    /// for an unknown group) comes through `completion`.
    package func groupReceiveOption(
        _ groupID: String?, completion: @escaping @Sendable (Result<Int, IMError>) -> Void
    ) -> Int32 {
        guard let groupID, !groupID.isEmpty else {
            return fail(IMError(.invalidParameters, "groupId is empty")) { completion(.failure($0!)) }
        }
        guard let client else { return fail(noSession) { completion(.failure($0!)) } }
        client.receiveOptions(of: [.group(groupID)]) { result in
            completion(result.map { LegacyValues.groupReceiveOption($0[0]) })
        }
        return 0
    }
}
