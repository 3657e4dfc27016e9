import XCTest
import IMCrypto

/// SHA-256 against the examples of FIPS 180-2 (appendix B) and the empty message.
final class SHA256Tests: XCTestCase {
    func test_publishedVectors_hashToTheirDigests() {
        let vectors: [(message: [UInt8], digest: String)] = [
            ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
                "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
            ),
        ]
        for (message, digest) in vectors {
            XCTAssertEqual(hex(SHA256.hash(message)), digest, "\(message.count) bytes")
        }
    }

    func test_aMessageInParts_hashesAsAWhole_atEveryBlockBoundary() {
        // Lengths around the padding boundaries (55, 56, 63, 64 bytes) split at every position.
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 128, 200] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let whole = SHA256.hash(message)
            for split in 0...length {
                var hasher = SHA256()
                hasher.update(message[..<split])
                hasher.update(message[split...])
                XCTAssertEqual(hasher.finalize(), whole, "\(length) bytes split at \(split)")
            }
        }
    }
}

/// Lowercase hexadecimal.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }.joined()
}

/// The bytes of a hexadecimal string.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}
