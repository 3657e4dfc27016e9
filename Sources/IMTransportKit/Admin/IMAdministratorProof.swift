/// How an administrator's connection proves that it holds the server's secret key: the answer to
/// the nonce of the server's hello, sent in `IMWireMessage.adminLogin` (PROTOCOL.md,
/// "Administrators").
///
/// `IMAdminClient` computes its proof here and nowhere else.
public enum IMAdministratorProof {
    /// The proof that answers `nonce` under `secretKey`.
    ///
    /// Without a secret key it is the empty proof, which a server without one (listening on the
    /// loopback address only) takes. With a key it is, for now, the empty proof as well, which a
    /// server with a key refuses (`userSigExpired`, 6206): the signed form (the lowercase hex
    /// HMAC-SHA256 of the nonce under the key) comes with the HMAC implementation.
    /// - Parameters:
    ///   - nonce: the nonce of the server's hello (`IMWireServerHello.nonce`).
    ///   - secretKey: the app's secret key; nil or empty: none.
    public static func make(nonce: String, secretKey: String?) -> String {
        ""
    }
}
