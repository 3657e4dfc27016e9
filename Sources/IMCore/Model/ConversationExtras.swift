import Foundation
import IMTransportKit

/// The fields of a `Conversation` that most conversations leave unset, out of line: no storage at
/// all while every one of them is unset, one shared, copy-on-write box once any is set.
///
/// Equality and hashing are by value: a box whose fields all went back to unset equals no box.
/// - Thread safety: a value type. The box is a class, mutated only through `uniqueStorage()` or
///   `makeStorage()` while this value holds its one reference, so a box shared between copies is
///   never mutated (`@unchecked Sendable`).
struct ConversationExtras: Hashable, Sendable {
    final class Storage: @unchecked Sendable {
        var profile = ConversationProfile()
        var groupAtInfos: [GroupAtInfo] = []
        var draft: Draft?
        var customData: Data?
        var conversationGroups: [String] = []
        var peerRead = PeerReadPoint.none

        init() {}

        func copy() -> Storage {
            let copy = Storage()
            copy.profile = profile
            copy.groupAtInfos = groupAtInfos
            copy.draft = draft
            copy.customData = customData
            copy.conversationGroups = conversationGroups
            copy.peerRead = peerRead
            return copy
        }
    }

    private(set) var storage: Storage?

    /// The box, made unique first when shared; nil while every field is unset.
    mutating func uniqueStorage() -> Storage? {
        guard storage != nil else { return nil }
        if !isKnownUniquelyReferenced(&storage!) { storage = storage!.copy() }
        return storage
    }

    /// A box of this value's own, made when there is none (for a first field being set).
    mutating func makeStorage() -> Storage {
        if let unique = uniqueStorage() { return unique }
        let made = Storage()
        storage = made
        return made
    }

    static func == (lhs: ConversationExtras, rhs: ConversationExtras) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let left = lhs.storage ?? Storage(), right = rhs.storage ?? Storage()
        return left.profile == right.profile && left.groupAtInfos == right.groupAtInfos && left.draft == right.draft
            && left.customData == right.customData && left.conversationGroups == right.conversationGroups
            && left.peerRead == right.peerRead
    }

    func hash(into hasher: inout Hasher) {
        let fields = storage ?? Storage()
        hasher.combine(fields.profile)
        hasher.combine(fields.groupAtInfos)
        hasher.combine(fields.draft)
        hasher.combine(fields.customData)
        hasher.combine(fields.conversationGroups)
        hasher.combine(fields.peerRead)
    }
}
