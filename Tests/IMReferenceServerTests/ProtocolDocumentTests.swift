import Foundation
import XCTest
import IMTransportKit

/// PROTOCOL.md's examples are what the code sends: each JSON block decodes as a wire message and
/// encodes back to the same JSON.
final class ProtocolDocumentTests: XCTestCase {
    func test_everyExampleInPROTOCOLmd_decodes_andEncodesBackToTheSameJSON() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("PROTOCOL.md"), encoding: .utf8)
        let blocks = document.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        XCTAssertGreaterThanOrEqual(blocks.count, 15, "PROTOCOL.md lost its examples")
        var kinds = Set<String>()
        for block in blocks {
            let message = try IMWireFraming.message(fromJSON: Array(block.utf8))
            kinds.insert(String(describing: message).prefix { $0 != "(" }.description)
            let frame = try IMWireFraming.frame(message)
            let encoded = try JSONSerialization.jsonObject(with: Data(frame.dropFirst(4))) as? NSDictionary
            let documented = try JSONSerialization.jsonObject(with: Data(block.utf8)) as? NSDictionary
            XCTAssertEqual(encoded, documented, "PROTOCOL.md's example is not what the code sends:\n\(block)")
        }
        XCTAssertEqual(kinds.count, 13, "every message type has an example: \(kinds.sorted())")
    }

    /// A custom message's description and extension are left out when not set, so a peer from
    /// before they existed reads and writes custom content as it did.
    func test_customContent_withoutDescriptionOrExtension_isTheFormOfBefore() throws {
        let before = Data(#"{"custom":{"_0":"AAE="}}"#.utf8)
        XCTAssertEqual(try JSONDecoder().decode(MessageContent.self, from: before), .custom(Data([0, 1])))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(MessageContent.custom(Data([0, 1]))))
        XCTAssertEqual(encoded as? NSDictionary, try JSONSerialization.jsonObject(with: before) as? NSDictionary)
        let withFields = MessageContent.custom(Data([0, 1]), desc: "a card", ext: "")
        XCTAssertEqual(try JSONDecoder().decode(MessageContent.self, from: JSONEncoder().encode(withFields)), withFields,
                       "an empty extension is not a missing one")
    }

    func test_theLengthPrefix_isBigEndian_andCountsTheJSONBytes() throws {
        let frame = try IMWireFraming.frame(.ping)
        let json = Array(#"{"type":"ping"}"#.utf8)
        XCTAssertEqual(Array(frame.prefix(4)), [0, 0, 0, UInt8(json.count)])
        XCTAssertEqual(Array(frame.dropFirst(4)), json)
    }

    func test_aFrameReader_cutsFramesFromAnyPieces_andRefusesAnOversizedOrEmptyLength() throws {
        let frames = try [IMWireMessage.ping, .pong, .welcome(epoch: "e")].map { try IMWireFraming.frame($0) }
        let stream = frames.flatMap { $0 }
        for pieceSize in [1, 2, 3, 7, stream.count] {
            var reader = FrameReader(maxFrameBytes: 1 << 20)
            var decoded: [IMWireMessage] = []
            var offset = 0
            while offset < stream.count {
                let piece = Array(stream[offset..<min(stream.count, offset + pieceSize)])
                offset += piece.count
                piece.withUnsafeBytes { reader.append($0) }
                while let frame = try reader.nextFrame() {
                    decoded.append(try IMWireFraming.message(fromJSON: frame))
                }
            }
            XCTAssertEqual(decoded, [.ping, .pong, .welcome(epoch: "e")], "pieces of \(pieceSize)")
            XCTAssertEqual(reader.bufferedBytes, 0)
        }
        for prefix: [UInt8] in [[0, 0, 0, 0], [0, 0x10, 0, 1], [0xFF, 0xFF, 0xFF, 0xFF]] {
            var reader = FrameReader(maxFrameBytes: 1 << 20)
            prefix.withUnsafeBytes { reader.append($0) }
            XCTAssertThrowsError(try reader.nextFrame()) { error in
                XCTAssertEqual((error as? IMError)?.code, .invalidParameters)
            }
        }
    }

    func test_aFrameLargerThanTheBound_isNotMade() {
        XCTAssertThrowsError(try IMWireFraming.frame(.welcome(epoch: String(repeating: "x", count: 100)), maxFrameBytes: 50))
    }
}
