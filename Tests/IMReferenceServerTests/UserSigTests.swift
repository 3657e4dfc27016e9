import Foundation
import IMCrypto
import IMReferenceServer
import IMTransportKit
import XCTest

/// UserSig tokens: against tokens the vendor's own libraries produced, the generator against the
/// vendor's document byte for byte, and every way a token can be wrong.
///
/// The vendor tokens were made by running the vendor's public libraries (tencentyun/
/// tls-sig-api-v2-python `TLSSigAPIv2.py`, tls-sig-api-v2-node `TLSSigAPIv2.js` and
/// tls-sig-api-v2-java `TLSSigAPIv2.java`, with `org.json.JSONObject` stood in by a HashMap writer,
/// as org.json writes), with the clock pinned to 1700000000, and the key of the vendor's README.
/// The Go and PHP tokens are documents laid out as those libraries write them (Go: struct order,
/// trailing newline, zlib level 0; PHP: `json_encode` escaping `/`), compressed by zlib.
final class UserSigTests: XCTestCase {
    static let key = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"
    static let issued: UInt64 = 1_700_000_000

    /// `genUserSig("xiaojun", 180 * 86400)` with sdkappid 1400000000, by four libraries.
    static let vendorTokens: [(library: String, token: String)] = [
        ("python", "eJyrVgrxCdYrSy1SslJQMtIzUNJRAItkpqTmlWSmZUIkKjIT87NK82CSxSnZiQUFmSlAKUMTAyiAyqVWFGQWpYJkTE1NjRDiJZm5YFFzNPXFmekgG3zKHM1T9D3LzdODi-OKs8vCqpxcAvydnV2SSv2cy03cPcpDnA2SMgu0nUxslWoBHdYzUg__"),
        ("node", "eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1NS80oy0zLBwhWZiflZpXlQqeKU7MSCgswUJStDEwMogMiUZOamKlkZmqOKplYUZBaBxE1NTY3gosWZ6UpWSj5ljuYp*p7l5unBxXnF2WVhVU4uAf7Ozi5JpX7O5SbuHuUhzgZJmQXaTia2SrUAohcx8g__"),
        ("java", "eJyrVgrxCdZLrSjILEpVsjI0NTU1MjAw0AGLlqUWKVkpGekZKEH4xSnZiQUFmSlAdSYGUACRyUxJzSvJTMsEa6jITMzPKs2DacpMB4r5lDmap*h7lpunBxfnFWeXhVU5uQT4Ozu7JJX6OZebuHuUhzgbJGUWaDuZ2EI1lmTmglxkDrOpFgCs-THy"),
        ("php", "eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1NS80oy0zLBwhWZiflZpXlQqeKU7MSCgswUJStDEwMogMikVhRkFqUCxU1NTY3goiWZuSAxc1S1xZnpQJN9yhzNU2L0PcvN04OL84qzy8KqnFwC-J2dXZJK-ZzLTdw9ykOcDZIyC7SdTGyVagHhZTJO"),
    ]

    func test_vendorTokens_verify_throughTheLastSecondOfTheirLifetime_andExpireAfter() throws {
        for (library, token) in Self.vendorTokens {
            let sig = try UserSig.verify(token, userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: Self.key, now: Self.issued)
            XCTAssertEqual(sig, UserSig(userID: "xiaojun", sdkAppID: 1_400_000_000, issuedAt: 1_700_000_000, lifetime: 15_552_000), library)
            XCTAssertEqual(sig.expiresAt, 1_715_552_000, library)
            XCTAssertNoThrow(try UserSig.verify(token, userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: Self.key, now: 1_715_552_000), library)
            assertRefused(.userSigTokenExpired, library) {
                try UserSig.verify(token, userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: Self.key, now: 1_715_552_001)
            }
        }
    }

    func test_goLayout_storedZlibAndATrailingNewline_verifies() throws {
        let go = "eAEBpQBa-3siVExTLnZlciI6IjIuMCIsIlRMUy5pZGVudGlmaWVyIjoiYm9iIiwiVExTLnNka2FwcGlkIjoxNDAwMDAwMDAwLCJUTFMuZXhwaXJlIjo4NjQwMCwiVExTLnRpbWUiOjE3MDAwMDAwMDAsIlRMUy5zaWciOiI1cTNNOEE0TFlycURoSjc5M2RORGJ3dkVHR253aTNQMFBTQjRKTU9jZ3NrPSJ9Ci9lLyc_"
        let sig = try UserSig.verify(go, userID: "bob", sdkAppID: 1_400_000_000, secretKey: Self.key, now: Self.issued + 86_400)
        XCTAssertEqual(sig.lifetime, 86_400)
    }

    func test_aPrivateMapKeyWithUserBuf_verifies_andCarriesItsBytes() throws {
        // Python genPrivateMapKey("xiaojun", 86400, 10000, 255).
        let token = "eJyrVgrxCdYrSy1SslJQMtIzUNJRAItkpqTmlWSmZUIkKjIT87NK82CSxSnZiQUFmSlAKUMTAyiAyqVWFGQWpQJlLMxM4IIlmbkgIUNzNMWlxalFSaVpICscHR09Ut1zMpKMCgyTcvwqQ9KBIs7JgVFhYc4gpmOABYh0hLshMx2kLdc0PMDHKcAkqsA3I8tVX9s9uCrXI9DVO8nHt6K4LDwzw7A0wysk0KA4oNxWqRYAOOdEog__"
        let sig = try UserSig.verify(token, userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: Self.key, now: Self.issued)
        XCTAssertEqual(sig.userBuf.map { Data($0).base64EncodedString() }, "AAAHeGlhb2p1blNyTgAAACcQZVVCgAAAAP8AAAAA")
    }

    func test_nonASCIIUserIDAndKey_verify_andTheGeneratorWritesPythonsDocument() throws {
        // Python, sdkappid 1400000001, key 'a secret key / with "quotes"', expire 60.
        let userID = "用户😀\"\\\u{7f}\t", key = "a secret key / with \"quotes\""
        let token = "eJyrVgrxCdYrSy1SslJQMtIzUNJRAItkpqTmlWSmZUIkYkrNTY0sYkrNjIzNY0pTLIxTgGSqgUGMUkxMTKmBgXlaTAlMZ3FKdmJBQWYKUJ*hiQEEGELlUisKMotSgTJmBlCRksxcEN-QHKoSJl6cmQ52kXd6gZNlXnJGVGpOVF6mt3mUZ2hkcqS7Y7KpT7aXh0VOiG9xSIqvf3myia1SLQA19jqN"
        XCTAssertNoThrow(try UserSig.verify(token, userID: userID, sdkAppID: 1_400_000_001, secretKey: key, now: Self.issued))
        let generated = UserSig.generate(userID: userID, sdkAppID: 1_400_000_001, secretKey: key, expire: 60, now: Self.issued)
        XCTAssertEqual(try document(of: generated), try document(of: token))
    }

    func test_generate_writesTheVendorsDocumentByteForByte_andItsSignature() throws {
        let generated = UserSig.generate(userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: Self.key, expire: 15_552_000, now: Self.issued)
        XCTAssertEqual(
            try document(of: generated),
            #"{"TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.expire": 15552000, "#
                + #""TLS.time": 1700000000, "TLS.sig": "LvA7d/Iw7gSsnskvVzBDPOCCDbuNCw4GHwTC0bip+B4="}"#)
        XCTAssertEqual(try document(of: generated), try document(of: Self.vendorTokens[0].token), "the Python library's document")
        XCTAssertFalse(generated.contains { "+/=".contains($0) }, "the vendor's URL-safe alphabet")
        let key = UserSigKey(sdkAppID: 1_400_000_000, secretKey: Self.key)
        XCTAssertEqual(key.generate(userID: "xiaojun", expire: 15_552_000, now: Self.issued), generated)
        XCTAssertEqual(try key.verify(generated, userID: "xiaojun", now: Self.issued).userID, "xiaojun")
        XCTAssertFalse("\(key)".contains(Self.key), "the description leaves the key out: \(key)")
    }

    func test_verify_tellsApartTheAppTheUserTheKeyAndTheExpiry_inThatOrder() {
        let token = UserSig.generate(userID: "alice", sdkAppID: 1, secretKey: "k", expire: 100, now: 1_000)
        XCTAssertNoThrow(try UserSig.verify(token, userID: "alice", sdkAppID: 1, secretKey: "k", now: 1_100))
        assertRefused(.userSigWrongSDKAppID) { try UserSig.verify(token, userID: "bob", sdkAppID: 2, secretKey: "x", now: 9_999) }
        assertRefused(.userSigWrongUserID) { try UserSig.verify(token, userID: "bob", sdkAppID: 1, secretKey: "x", now: 9_999) }
        assertRefused(.userSigWrongKey, "forged and expired: forged") {
            try UserSig.verify(token, userID: "alice", sdkAppID: 1, secretKey: "x", now: 9_999)
        }
        assertRefused(.userSigTokenExpired) { try UserSig.verify(token, userID: "alice", sdkAppID: 1, secretKey: "k", now: 1_101) }
        assertRefused(.userSigWrongUserID, "user IDs compare exactly") {
            try UserSig.verify(token, userID: "Alice", sdkAppID: 1, secretKey: "k", now: 1_000)
        }
    }

    func test_aDocumentChangedAfterSigning_isForged() throws {
        // A longer lifetime written into a genuine token keeps the old signature.
        let token = UserSig.generate(userID: "alice", sdkAppID: 1, secretKey: "k", expire: 100, now: 1_000)
        let extended = try document(of: token).replacingOccurrences(of: "\"TLS.expire\": 100", with: "\"TLS.expire\": 999999")
        XCTAssertNotEqual(extended, try document(of: token))
        assertRefused(.userSigWrongKey) { try UserSig.verify(self.token(extended), userID: "alice", sdkAppID: 1, secretKey: "k", now: 2_000) }
        let otherUser = try document(of: token).replacingOccurrences(of: "\"alice\"", with: "\"bob\"")
        assertRefused(.userSigWrongKey) { try UserSig.verify(self.token(otherUser), userID: "bob", sdkAppID: 1, secretKey: "k", now: 1_000) }
    }

    func test_documentsAsOtherLibrariesWriteThem_decode() throws {
        let signature = Data(HMACSHA256.authenticationCode(
            for: Array("TLS.identifier:u\nTLS.sdkappid:7\nTLS.time:100\nTLS.expire:50\n".utf8), key: Array("k".utf8))).base64EncodedString()
        let escaped = signature.replacingOccurrences(of: "/", with: "\\/")
        let layouts = [
            #"{"TLS.sig":"\#(signature)","TLS.time":100,"TLS.expire":50,"TLS.sdkappid":7,"TLS.identifier":"u","TLS.ver":"2.0"}"#,
            #"  {"TLS.ver":"2.0","TLS.identifier":"\u0075","TLS.sdkappid":7,"TLS.expire":50,"TLS.time":100,"TLS.sig":"\#(escaped)"}"# + "\n",
            #"{"TLS.ver":"2.0","TLS.identifier":"u","TLS.sdkappid":"7","TLS.expire":5.0e1,"TLS.time":100.0,"TLS.sig":"\#(signature)","TLS.extra":null}"#,
        ]
        for layout in layouts {
            for level in [Zlib.defaultLevel, 0, 9] {
                let token = UserSigBase64Test.encode(Zlib.compress(Array(layout.utf8), level: level))
                XCTAssertNoThrow(try UserSig.verify(token, userID: "u", sdkAppID: 7, secretKey: "k", now: 150), "\(layout) at level \(level)")
            }
        }
        XCTAssertNoThrow(try UserSig.decode(String(Self.vendorTokens[0].token.dropLast(2))), "padding may be missing")
        XCTAssertNoThrow(try UserSig.decode("  " + Self.vendorTokens[1].token + "\n"), "whitespace is ignored")
    }

    func test_badTokens_areRefusedWithClearErrors_neverACrash() {
        func packed(_ document: String) -> String { token(document) }
        let valid = Self.vendorTokens[0].token
        let cases: [(name: String, token: String, code: IMError.Code)] = [
            ("empty", "", .userSigEmpty),
            ("garbage base64", "!!!not*base64!!!", .userSigMalformed),
            ("one character", "e", .userSigMalformed),
            ("valid base64 of garbage", UserSigBase64Test.encode(Array("just some bytes, not zlib".utf8)), .userSigMalformed),
            ("cut short", String(valid.prefix(valid.count / 2)), .userSigMalformed),
            ("huge", String(repeating: "A", count: 1_000_000), .userSigMalformed),
            ("inflates to megabytes", UserSigBase64Test.encode(Zlib.compress([UInt8](repeating: 0x20, count: 5_000_000))), .userSigMalformed),
            ("zlib of garbage", UserSigBase64Test.encode(Zlib.compress([0xff, 0xfe, 0x00, 0x7b])), .userSigMalformed),
            ("not an object", packed("[1, 2, 3]"), .userSigMalformed),
            ("deeply nested", packed(String(repeating: "[", count: 60_000)), .userSigMalformed),
            ("nested value", packed(#"{"TLS.ver": {"a": {"b": 1}}}"#), .userSigMalformed),
            ("empty object", packed("{}"), .userSigMalformed),
            ("version 1", packed(#"{"TLS.ver": "1.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.expire": 1, "TLS.time": 1, "TLS.sig": "AA=="}"#), .userSigMalformed),
            ("no signature", packed(#"{"TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.expire": 1, "TLS.time": 1}"#), .userSigMalformed),
            ("signature not base64", packed(#"{"TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.expire": 1, "TLS.time": 1, "TLS.sig": "%%"}"#), .userSigMalformed),
            ("a number as the user", packed(#"{"TLS.ver": "2.0", "TLS.identifier": 5, "TLS.sdkappid": 1400000000, "TLS.expire": 1, "TLS.time": 1, "TLS.sig": "AA=="}"#), .userSigMalformed),
            ("a fractional time", packed(#"{"TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.expire": 1, "TLS.time": 1.5, "TLS.sig": "AA=="}"#), .userSigMalformed),
            ("a time too large", packed(#"{"TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": 1400000000, "TLS.expire": 1, "TLS.time": 1e300, "TLS.sig": "AA=="}"#), .userSigMalformed),
            ("a negative app", packed(#"{"TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": -1, "TLS.expire": 1, "TLS.time": 1, "TLS.sig": "AA=="}"#), .userSigMalformed),
            ("a field twice", packed(#"{"TLS.ver": "2.0", "TLS.ver": "2.0"}"#), .userSigMalformed),
            ("trailing text", packed(#"{"TLS.ver": "2.0"} x"#), .userSigMalformed),
            ("unclosed string", packed(#"{"TLS.ver": "2.0"#), .userSigMalformed),
            ("a lone surrogate", packed(#"{"TLS.identifier": "\ud800", "TLS.ver": "2.0"}"#), .userSigMalformed),
            ("invalid UTF-8", UserSigBase64Test.encode(Zlib.compress(Array(#"{"TLS.identifier": ""#.utf8) + [0xc3, 0x28] + Array(#""}"#.utf8))), .userSigMalformed),
            ("a control character", packed("{\"TLS.ver\": \"2\n.0\"}"), .userSigMalformed),
        ]
        for (name, token, code) in cases {
            assertRefused(code, name) { try UserSig.verify(token, userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: Self.key, now: Self.issued) }
            assertRefused(code, "decode: \(name)") { try UserSig.decode(token) }
        }
    }

    func test_expiresAt_saturates_andANegativeLifetimeIsExpiredAtOnce() {
        XCTAssertEqual(UserSig(userID: "u", sdkAppID: 1, issuedAt: .max - 1, lifetime: 10).expiresAt, .max)
        XCTAssertFalse(UserSig(userID: "u", sdkAppID: 1, issuedAt: .max - 1, lifetime: 10).isExpired(at: .max))
        XCTAssertTrue(UserSig(userID: "u", sdkAppID: 1, issuedAt: 100, lifetime: -1).isExpired(at: 100))
        let token = UserSig.generate(userID: "u", sdkAppID: 1, secretKey: "k", expire: -1, now: 100)
        assertRefused(.userSigTokenExpired) { try UserSig.verify(token, userID: "u", sdkAppID: 1, secretKey: "k", now: 100) }
    }

    // MARK: - Helpers

    /// The JSON document inside `token`.
    private func document(of token: String) throws -> String {
        let compressed = try XCTUnwrap(UserSigBase64Test.decode(token))
        return String(decoding: try Zlib.uncompress(compressed, limit: 1 << 20), as: UTF8.self)
    }

    /// `document` packed as a token.
    private func token(_ document: String) -> String {
        UserSigBase64Test.encode(Zlib.compress(Array(document.utf8)))
    }

    private func assertRefused(
        _ code: IMError.Code, _ message: String = "", file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> UserSig
    ) {
        do {
            let sig = try body()
            XCTFail("accepted (\(message)): \(sig)", file: file, line: line)
        } catch let error as IMError {
            XCTAssertEqual(error.code, code, "\(message): \(error)", file: file, line: line)
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
        } catch {
            XCTFail("not an IMError: \(error)", file: file, line: line)
        }
    }
}

/// The vendor's base64 alphabet, written out independently of the package's.
enum UserSigBase64Test {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "*").replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "=", with: "_")
    }

    static func decode(_ text: String) -> [UInt8]? {
        let standard = text.replacingOccurrences(of: "*", with: "+").replacingOccurrences(of: "-", with: "/")
            .replacingOccurrences(of: "_", with: "=")
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
