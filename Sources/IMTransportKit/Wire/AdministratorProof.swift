import IMCrypto

/// How an administrator proves over the wire that they hold the server's secret key (PROTOCOL.md,
/// "Administrators"): the lowercase hex HMAC-SHA256 of the hello's nonce, keyed by the secret key.
public enum AdministratorProof {
    /// The proof for `nonce` under `secretKey`.
    public static func make(nonce: String, secretKey: String) -> String {
        HMACSHA256.authenticationCode(for: Array(nonce.utf8), key: Array(secretKey.utf8))
            .map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Whether `proof` answers `nonce` under `secretKey`, compared in constant time. A server
    /// without a secret key listens on the loopback address only and takes any proof there.
    public static func isValid(_ proof: String, nonce: String, secretKey: String?) -> Bool {
        guard let secretKey else { return true }
        return ConstantTime.equal(Array(proof.lowercased().utf8), Array(make(nonce: nonce, secretKey: secretKey).utf8))
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
