import Foundation

/// The framing of the wire protocol (PROTOCOL.md, "Frames"): every frame is a 4-byte big-endian
/// length followed by that many bytes of UTF-8 JSON, one `IMWireMessage`.
public enum IMWireFraming {
    /// The protocol versions this code speaks (PROTOCOL.md, "Versioning"). 2 adds the
    /// `deliveredHistory` request, 3 the `globalReceiveOption` push, 4 a message's
    /// `cloudCustomData` (a server of an earlier version would drop it), 5 message read receipts
    /// (a message's `needReadReceipt`, the requests `sendReadReceipts`, `readReceipts` and
    /// `readMembers`, the push `messageReadReceipts`) and changed messages (the request
    /// `modifyMessage`, the push `messageModified`, a sync page's `modifiedMessages`), 6 online
    /// messages (an outgoing message's `onlineUserOnly`, the push `onlineMessage`) and pages of
    /// newer messages (the request `newerHistory`).
    public static let versions = [1, 2, 3, 4, 5, 6]
    /// The first version whose servers keep a message's `cloudCustomData`.
    public static let cloudCustomDataVersion = 4
    /// The first version with message read receipts and changed messages.
    public static let readReceiptVersion = 5
    /// The first version with online messages (`OutgoingMessage.onlineUserOnly`).
    public static let onlineMessageVersion = 6
    /// The first version with pages of newer messages (`IMRequest.newerHistory`).
    public static let newerHistoryVersion = 6
    /// The newest of `versions`: what a server in this process speaks to a client in it.
    public static var newestVersion: Int { versions[versions.count - 1] }
    /// The largest frame a server accepts from a client unless it says otherwise (1 MiB of JSON).
    public static let defaultMaxFrameBytes = 1 << 20
    /// The largest frame a server sends and a client accepts (32 MiB of JSON): answers carry what
    /// requests do not (a page of a sync: up to 5,000 changes with at most 4 MiB of messages).
    public static let maxServerFrameBytes = 32 << 20

    /// The frame of `message`: its length prefix and JSON.
    ///
    /// - Throws: `invalidParameters` (6017) when the JSON would pass `maxFrameBytes`.
    public static func frame(_ message: IMWireMessage, maxFrameBytes: Int = defaultMaxFrameBytes) throws(IMError) -> [UInt8] {
        let json: Data
        do {
            json = try JSONEncoder().encode(message)
        } catch {
            throw IMError(.invalidParameters, "the frame cannot be encoded: \(error)")
        }
        guard json.count <= maxFrameBytes else {
            throw IMError(.invalidParameters, "a frame of \(json.count) bytes passes the limit of \(maxFrameBytes)")
        }
        let length = UInt32(json.count)
        var bytes = [UInt8]()
        bytes.reserveCapacity(4 + json.count)
        bytes.append(UInt8(length >> 24))
        bytes.append(UInt8((length >> 16) & 0xFF))
        bytes.append(UInt8((length >> 8) & 0xFF))
        bytes.append(UInt8(length & 0xFF))
        bytes.append(contentsOf: json)
        return bytes
    }

    /// The message in one frame's JSON (without its length prefix).
    ///
    /// - Throws: `invalidParameters` (6017) when it is not a message of this protocol.
    public static func message(fromJSON json: some Collection<UInt8>) throws(IMError) -> IMWireMessage {
        do {
            return try JSONDecoder().decode(IMWireMessage.self, from: Data(json))
        } catch {
            throw IMError(.invalidParameters, "not a frame of the wire protocol: \(error)")
        }
    }
}

/// Cuts frames out of the bytes a socket delivers, in whatever pieces they come.
///
/// - Thread safety: a value type; use it from one thread at a time.
package struct FrameReader {
    /// The largest frame accepted.
    package let maxFrameBytes: Int
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var start = 0

    package init(maxFrameBytes: Int) {
        self.maxFrameBytes = maxFrameBytes
    }

    /// How many bytes wait for the rest of their frame.
    package var bufferedBytes: Int { buffer.count - start }

    /// Adds bytes as they came off the socket.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65_536, start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame's JSON, nil until one is complete.
    ///
    /// - Throws: `invalidParameters` (6017) when the length prefix announces an empty frame or one
    ///   larger than `maxFrameBytes` (the stream cannot be trusted after it).
    package mutating func nextFrame() throws(IMError) -> ArraySlice<UInt8>? {
        guard buffer.count - start >= 4 else { return nil }
        let length = Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
        guard length > 0, length <= maxFrameBytes else {
            throw IMError(.invalidParameters, "a frame of \(length) bytes (the limit is \(maxFrameBytes))")
        }
        guard buffer.count - start - 4 >= length else { return nil }
        let frame = buffer[(start + 4)..<(start + 4 + length)]
        start += 4 + length
        return frame
    }
}
