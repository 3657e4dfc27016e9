import Foundation

/// The app's secret key as the command line gives it: `--secret-key KEY`, `--secret-key-file F`
/// (its text without surrounding white space), or `$IMSDK_SECRET_KEY`.
enum SecretKeyOption {
    /// The key in the environment; nil when unset or empty.
    static func fromEnvironment(_ environment: [String: String]) -> String? {
        environment["IMSDK_SECRET_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key in file `path`.
    static func read(file path: String) throws(UsageError) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UsageError("cannot read the secret key file \(path)")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { throw UsageError("the secret key file \(path) is empty") }
        return key
    }
}
