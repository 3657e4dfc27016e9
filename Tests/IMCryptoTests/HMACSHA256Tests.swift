import XCTest
import IMCrypto

/// HMAC-SHA256 against the test cases of RFC 4231 (4.2 to 4.8).
final class HMACSHA256Tests: XCTestCase {
    func test_rfc4231TestCases1To7() {
        let largeKey = [UInt8](repeating: 0xaa, count: 131)
        let cases: [(name: String, key: [UInt8], data: [UInt8], code: String)] = [
            ("1", [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            ("2", Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ("3", [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
             "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
            ("4", Array(1...25), [UInt8](repeating: 0xcd, count: 50),
             "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
            // Case 5 publishes the first 128 bits only.
            ("5", [UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
             "a3b6167473100ee06e0c796c2955552b"),
            ("6", largeKey, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
            ("7", largeKey,
             Array(("This is a test using a larger than block-size key and a larger than block-size data. "
                 + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        ]
        for (name, key, data, code) in cases {
            let computed = hex(HMACSHA256.authenticationCode(for: data, key: key))
            XCTAssertEqual(String(computed.prefix(code.count)), code, "test case \(name)")
        }
    }

    func test_isValid_acceptsTheCode_andRejectsAnyChangedByteOrLength() {
        let key = Array("key".utf8), message = Array("The quick brown fox jumps over the lazy dog".utf8)
        let code = HMACSHA256.authenticationCode(for: message, key: key)
        XCTAssertEqual(hex(code), "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
        XCTAssertTrue(HMACSHA256.isValid(code, for: message, key: key))
        for index in code.indices {
            var changed = code
            changed[index] ^= 0x01
            XCTAssertFalse(HMACSHA256.isValid(changed, for: message, key: key), "byte \(index)")
        }
        XCTAssertFalse(HMACSHA256.isValid(code.dropLast(), for: message, key: key))
        XCTAssertFalse(HMACSHA256.isValid(code + [0], for: message, key: key))
        XCTAssertFalse(HMACSHA256.isValid([], for: message, key: key))
        XCTAssertFalse(HMACSHA256.isValid(code, for: message, key: Array("kex".utf8)))
    }
}
