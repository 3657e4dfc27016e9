import XCTest
import IMCrypto

/// zlib through the system library: round trips, a known stream, and inputs that must be refused
/// without inflating them.
final class ZlibTests: XCTestCase {
    func test_compressThenUncompress_givesTheBytesBack_atEveryLevel() throws {
        for count in [0, 1, 100, 70_000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
            for level in [Zlib.defaultLevel, 0, 1, 9] {
                let compressed = Zlib.compress(bytes, level: level)
                XCTAssertEqual(try Zlib.uncompress(compressed, limit: count), bytes, "\(count) bytes at level \(level)")
            }
        }
    }

    func test_aStreamFromAnotherZlib_uncompresses_andTrailingBytesAreIgnored() throws {
        let hello = bytes(hex: "789ccb48cdc9c90700062c0215")
        XCTAssertEqual(try Zlib.uncompress(hello, limit: 5), Array("hello".utf8))
        XCTAssertEqual(try Zlib.uncompress(hello + [0xff, 0x00], limit: 5), Array("hello".utf8))
        XCTAssertEqual(try Zlib.uncompress(bytes(hex: "789c030000000001"), limit: 0), [])
    }

    func test_outputBeyondTheLimit_isRefused_beforeItIsInflated() {
        let bomb = Zlib.compress([UInt8](repeating: 0, count: 10_000_000))
        XCTAssertLessThan(bomb.count, 20_000, "ten megabytes of zeros compress to a few kilobytes")
        XCTAssertThrowsError(try Zlib.uncompress(bomb, limit: 65_536)) { error in
            XCTAssertEqual(error as? ZlibError, .tooLarge(limit: 65_536))
        }
        let five = Zlib.compress(Array("hello".utf8))
        XCTAssertThrowsError(try Zlib.uncompress(five, limit: 4)) { XCTAssertEqual($0 as? ZlibError, .tooLarge(limit: 4)) }
    }

    func test_malformedStreams_areRefused() {
        let good = Zlib.compress(Array("The quick brown fox jumps over the lazy dog".utf8))
        var badChecksum = good
        badChecksum[badChecksum.count - 1] ^= 0xff
        var badHeader = good
        badHeader[0] = 0x00
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("garbage", Array("not a zlib stream at all".utf8)),
            ("truncated", Array(good.dropLast(5))),
            ("only the header", Array(good.prefix(2))),
            ("bad checksum", badChecksum),
            ("bad header", badHeader),
        ]
        for (name, input) in cases {
            XCTAssertThrowsError(try Zlib.uncompress(input, limit: 1_000), name) { error in
                XCTAssertEqual(error as? ZlibError, .malformed, name)
            }
        }
    }
}
