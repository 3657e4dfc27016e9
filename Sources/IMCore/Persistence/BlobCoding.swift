import Foundation
import IMTransportKit

/// The binary forms of the list columns: little-endian, fixed-width lengths, exact for any value.
enum BlobCoding {
    /// Each string as its UTF-8 byte count (UInt32) followed by the bytes.
    static func encode(_ strings: [String]) -> Data {
        var data = Data()
        for string in strings {
            append(UInt32(string.utf8.count), to: &data)
            data.append(contentsOf: string.utf8)
        }
        return data
    }

    static func decodeStrings(_ data: Data) -> [String]? {
        let bytes = [UInt8](data)
        var strings: [String] = []
        var offset = 0
        while offset < bytes.count {
            guard let count = read(UInt32.self, from: bytes, at: &offset),
                  bytes.count - offset >= Int(count) else { return nil }
            strings.append(String(decoding: bytes[offset..<offset + Int(count)], as: UTF8.self))
            offset += Int(count)
        }
        return strings
    }

    /// Each conversation ID as its kind (UInt8 raw value) followed by its target as in
    /// `encode(_ strings:)`.
    static func encode(_ ids: [ConversationID]) -> Data {
        var data = Data()
        for id in ids {
            data.append(id.kind.rawValue)
            data.append(encode([id.target]))
        }
        return data
    }

    static func decodeConversationIDs(_ data: Data) -> [ConversationID]? {
        let bytes = [UInt8](data)
        var ids: [ConversationID] = []
        var offset = 0
        while offset < bytes.count {
            guard let kind = ConversationID.Kind(rawValue: bytes[offset]) else { return nil }
            offset += 1
            guard let count = read(UInt32.self, from: bytes, at: &offset), bytes.count - offset >= Int(count) else {
                return nil
            }
            ids.append(ConversationID(kind: kind, target: String(decoding: bytes[offset..<offset + Int(count)], as: UTF8.self)))
            offset += Int(count)
        }
        return ids
    }

    /// Each @-info as its seq (UInt64) and type (Int32 raw value): 12 bytes.
    static func encode(_ infos: [GroupAtInfo]) -> Data {
        var data = Data(capacity: infos.count * 12)
        for info in infos {
            append(info.seq, to: &data)
            append(info.type.rawValue, to: &data)
        }
        return data
    }

    static func decodeAtInfos(_ data: Data) -> [GroupAtInfo]? {
        let bytes = [UInt8](data)
        var infos: [GroupAtInfo] = []
        var offset = 0
        while offset < bytes.count {
            guard let seq = read(UInt64.self, from: bytes, at: &offset),
                  let raw = read(Int32.self, from: bytes, at: &offset),
                  let type = GroupAtType(rawValue: raw) else { return nil }
            infos.append(GroupAtInfo(seq: seq, type: type))
        }
        return infos
    }

    /// Custom content with its description and extension: a byte of flags (1: a description, 2:
    /// an extension), then the data, the description and the extension, each as its byte count
    /// (UInt32) followed by the bytes (an absent one as 0 bytes).
    static func encodeCustom(_ payload: Data, desc: String?, ext: String?) -> Data {
        var data = Data()
        data.append((desc == nil ? 0 : 1) | (ext == nil ? 0 : 2))
        append(UInt32(payload.count), to: &data)
        data.append(payload)
        data.append(encode([desc ?? "", ext ?? ""]))
        return data
    }

    static func decodeCustom(_ data: Data) -> (Data, desc: String?, ext: String?)? {
        let bytes = [UInt8](data)
        guard let flags = bytes.first, flags & ~3 == 0 else { return nil }
        var offset = 1
        var fields: [[UInt8]] = []
        for _ in 0..<3 {
            guard let count = read(UInt32.self, from: bytes, at: &offset), bytes.count - offset >= Int(count) else {
                return nil
            }
            fields.append(Array(bytes[offset..<offset + Int(count)]))
            offset += Int(count)
        }
        guard offset == bytes.count else { return nil }
        let desc = flags & 1 == 0 ? nil : String(decoding: fields[1], as: UTF8.self)
        let ext = flags & 2 == 0 ? nil : String(decoding: fields[2], as: UTF8.self)
        return (Data(fields[0]), desc, ext)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_ type: T.Type, from bytes: [UInt8], at offset: inout Int) -> T? {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { return nil }
        var value: T = 0
        for index in (0..<size).reversed() { value = value << 8 | T(bytes[offset + index]) }
        offset += size
        return value
    }
}
