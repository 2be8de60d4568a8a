/// The package's version: what `playtime --version` and `playtime-server --version` print, the service's metrics
/// report, and CHANGELOG.md's newest entry names (a test checks they agree).
package enum PlaytimeVersion {
    /// The version, SemVer (docs/versioning.md).
    package static let current = "0.1.0"
}
