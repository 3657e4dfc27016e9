import IMSQLite
import IMTransportKit

/// What a session that went on without this file heard: when a session stops using its database
/// mid-session (a read failed) or logs in on a disk too full to fold the batch log, the file stays
/// behind while the session announces what arrives. The next login's sync from the file's stored
/// version brings those messages again; `heard_messages` (schema 9) tells it, per conversation,
/// the last sequence that session held, so that it announces none of them a second time.
extension ConversationDatabase {
    /// Records that a session heard each conversation of `heard` up to its sequence (keeping the
    /// larger of what is recorded and what is given), in one transaction.
    package func saveHeard(_ heard: [ConversationID: UInt64]) throws(PersistenceError) {
        try sqlite.transaction { () throws(PersistenceError) in
            let upsert = try sqlite.prepare(
                "INSERT INTO heard_messages (kind, target, seq) VALUES (?, ?, ?) "
                    + "ON CONFLICT (kind, target) DO UPDATE SET seq = max(seq, excluded.seq)")
            for (id, seq) in heard where seq > 0 {
                try upsert.execute([Int64(id.kind.rawValue), id.target, Int64(bitPattern: seq)])
            }
        }
    }

    /// What `saveHeard(_:)` recorded, and forgets it (a write: when it fails, what was read is
    /// returned all the same and stays recorded, which is harmless: those messages were heard).
    package func takeHeard(logger: IMLogger) throws(PersistenceError) -> [ConversationID: UInt64] {
        let path = sqlite.path
        let rows = try sqlite.prepare("SELECT kind, target, seq FROM heard_messages").query { row throws(PersistenceError) in
            guard let kind = UInt8(exactly: row.int64(at: 0)).flatMap(ConversationID.Kind.init(rawValue:)),
                  let target = row.string(at: 1) else {
                throw PersistenceError.corrupt(path: path, reason: "malformed conversation of a heard sequence")
            }
            return (ConversationID(kind: kind, target: target), row.uint64(at: 2))
        }
        guard !rows.isEmpty else { return [:] }
        do throws(PersistenceError) {
            try sqlite.prepare("DELETE FROM heard_messages").execute()
        } catch {
            logger.log(.warning, "cannot forget what an earlier session heard (\(error)); it is read again next time")
        }
        return Dictionary(rows, uniquingKeysWith: max)
    }
}
