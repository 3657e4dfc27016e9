/// The version of this package, as `V2TIMManager.getVersion()` and `imsdk --version` report it
/// (see CHANGELOG.md).
package enum SDKVersion {
    package static let current = "0.1.0"
}
