import IMTransportKit

extension IMReferenceServer {
    /// Carries out an administrative call that came over the wire: the administrative API method
    /// of the same name.
    func answer(_ request: IMAdminRequest) -> Result<IMAdminResponse, IMError> {
        Result { () throws(IMError) -> IMAdminResponse in
            switch request {
            case .registerUser(let userID, let nickname, let faceURL):
                try registerUser(userID, nickname: nickname, faceURL: faceURL)
                return .ok
            case .setFriendRemark(let owner, let friend, let remark):
                try setFriendRemark(owner: owner, friend: friend, remark: remark)
                return .ok
            case .createGroup(let groupID, let name, let faceURL, let groupType, let members):
                try createGroup(groupID, name: name, faceURL: faceURL, groupType: groupType, members: members)
                return .ok
            case .send(let message, let from):
                return .message(try send(message, from: from))
            case .kickOffline(let userID, let platform):
                return .count(try kickOffline(userID: userID, platform: platform))
            case .expireUserSig(let userID):
                try expireUserSig(userID: userID)
                return .ok
            case .conversations(let userID):
                return .conversations(try conversations(of: userID))
            case .version(let userID):
                return .version(try version(of: userID))
            case .revokeMessage(let seq, let from, let id):
                switch id.kind {
                case .c2c: return .message(try revokeMessage(seq: seq, from: from, toUser: id.target))
                case .group: return .message(try revokeMessage(seq: seq, from: from, toGroup: id.target))
                case .system: throw IMError(.invalidConversation, "the system conversation has no messages to revoke")
                }
            case .markC2CRead(let reader, let peer, let seq):
                return .version(try markC2CRead(reader: reader, peer: peer, upTo: seq))
            case .epoch:
                return .epoch(epoch)
            }
        }
    }
}
