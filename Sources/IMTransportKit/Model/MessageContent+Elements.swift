import Foundation

/// The location and face elements, carried as `MessageContent.other` with a payload every device
/// reads the same way (PROTOCOL.md): the server stores and forwards them opaquely, and a device
/// that does not read them still carries them whole.
///
/// Payload: the JSON object `{"desc": <text>, "longitude": <number>, "latitude": <number>}` for a
/// location (`desc` left out when nil), `{"index": <Int32>, "data": <base64>}` for a face (`data`
/// left out when nil). Keys sorted, so equal elements have equal payloads.
extension MessageContent {
    /// The vendor's element type of a location (`V2TIM_ELEM_TYPE_LOCATION`, legacy `TIMLocationElem`).
    public static let locationType: Int32 = 7
    /// The vendor's element type of a face (`V2TIM_ELEM_TYPE_FACE`, legacy `TIMFaceElem`).
    public static let faceType: Int32 = 8

    /// A location: a description and a point (degrees; any values, passed through as given).
    public struct Location: Hashable, Codable, Sendable {
        public var desc: String?
        public var longitude: Double
        public var latitude: Double

        public init(desc: String?, longitude: Double, latitude: Double) {
            self.desc = desc
            self.longitude = longitude
            self.latitude = latitude
        }
    }

    /// A face (a sticker): an index and data, both the app's own (passed through).
    public struct Face: Hashable, Codable, Sendable {
        public var index: Int32
        public var data: Data?

        public init(index: Int32, data: Data?) {
            self.index = index
            self.data = data
        }
    }

    /// The content of a location message. A coordinate that is not finite (which JSON cannot
    /// hold) is stored as 0.
    public static func location(_ location: Location) -> MessageContent {
        var stored = location
        if !stored.longitude.isFinite { stored.longitude = 0 }
        if !stored.latitude.isFinite { stored.latitude = 0 }
        return .other(type: locationType, payload: encode(stored))
    }

    /// The content of a face message.
    public static func face(_ face: Face) -> MessageContent {
        .other(type: faceType, payload: encode(face))
    }

    /// The location, when this is a location element whose payload reads as one.
    public var location: Location? {
        guard case .other(Self.locationType, let payload) = self else { return nil }
        return try? JSONDecoder().decode(Location.self, from: payload)
    }

    /// The face, when this is a face element whose payload reads as one.
    public var face: Face? {
        guard case .other(Self.faceType, let payload) = self else { return nil }
        return try? JSONDecoder().decode(Face.self, from: payload)
    }

    /// Whether `modifyMessage` may change this content into `other`: text into text, custom into
    /// custom, and a location or face into one of the same type (what the vendor's `modifyMessage`
    /// covers); never one kind into another.
    public func canBeModified(into other: MessageContent) -> Bool {
        switch (self, other) {
        case (.text, .text), (.custom, .custom): true
        case (.other(let old, _), .other(let new, _)): old == new && (old == Self.locationType || old == Self.faceType)
        default: false
        }
    }

    /// The most a message's body may hold: 12 KB, as the vendor's cloud allows (`bodyBytes`).
    public static let maxBodyBytes = 12 * 1024

    /// The length of the body as the vendor counts it: the sum of the lengths of its element's
    /// fields (text: its UTF-8 bytes; custom: data, description and extension; location: the
    /// description and two 8-byte coordinates; face: a 4-byte index and the data; another type:
    /// its payload). `cloudCustomData` is not part of the body.
    public var bodyBytes: Int {
        switch self {
        case .text(let text): return text.utf8.count
        case .custom(let data, let desc, let ext): return data.count + (desc?.utf8.count ?? 0) + (ext?.utf8.count ?? 0)
        case .other(let type, let payload):
            if type == Self.locationType, let location { return (location.desc?.utf8.count ?? 0) + 16 }
            if type == Self.faceType, let face { return 4 + (face.data?.count ?? 0) }
            return payload.count
        }
    }

    private static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Both types hold only strings, finite numbers and data: encoding does not fail.
        return (try? encoder.encode(value)) ?? Data()
    }
}
