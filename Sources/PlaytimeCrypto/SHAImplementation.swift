internal import CPlaytimeSHA

/// Which code runs the SHA-2 compression functions (docs/crypto.md, "Hashing on the CPU's instructions").
///
/// A hash takes the process's choice when it is created (``sha256``, ``sha512``) and keeps it: copies, HMAC
/// states and digests taken later use the same code. Both give the same digests; the tests check them against the
/// FIPS 180-4 and RFC 4231 vectors and against each other.
package enum SHAImplementation: Sendable, Equatable, CustomStringConvertible {
    /// The CPU's instructions, through the package's C target CPlaytimeSHA: the x86-64 SHA extensions or ARMv8
    /// SHA2 for SHA-256, ARMv8.2 SHA512 for SHA-512.
    case instructions
    /// The Swift code: the fallback on CPUs without the instructions, and the reference.
    case portable

    /// What SHA-256 uses in this process: the instructions when the CPU has them and the environment variable
    /// `PLAYTIME_SHA_FALLBACK` is unset (or empty, or `0`), else the Swift code. Read once.
    package static let sha256: SHAImplementation =
        playtime_sha_hardware() & UInt32(PLAYTIME_SHA_HARDWARE_SHA256) != 0 ? .instructions : .portable

    /// What SHA-512 uses in this process, decided as for ``sha256``.
    package static let sha512: SHAImplementation =
        playtime_sha_hardware() & UInt32(PLAYTIME_SHA_HARDWARE_SHA512) != 0 ? .instructions : .portable

    /// True when the CPU has SHA-256 instructions this process may use, whatever `PLAYTIME_SHA_FALLBACK` says (so
    /// that a test can run both paths in one process).
    package static let sha256InstructionsPresent =
        playtime_sha_hardware_present() & UInt32(PLAYTIME_SHA_HARDWARE_SHA256) != 0

    /// True when the CPU has SHA-512 instructions this process may use, whatever `PLAYTIME_SHA_FALLBACK` says.
    package static let sha512InstructionsPresent =
        playtime_sha_hardware_present() & UInt32(PLAYTIME_SHA_HARDWARE_SHA512) != 0

    /// The name of the environment variable that forces ``portable``.
    package static let fallbackVariable = PLAYTIME_SHA_FALLBACK_VARIABLE

    /// What ``sha256`` and ``sha512`` would be with `PLAYTIME_SHA_FALLBACK` set to `setting` (`nil`: unset).
    package static func chosen(fallbackSetting setting: String?) -> (sha256: SHAImplementation, sha512: SHAImplementation) {
        let usable = setting.map { playtime_sha_hardware_given($0) } ?? playtime_sha_hardware_given(nil)
        return (
            usable & UInt32(PLAYTIME_SHA_HARDWARE_SHA256) != 0 ? .instructions : .portable,
            usable & UInt32(PLAYTIME_SHA_HARDWARE_SHA512) != 0 ? .instructions : .portable
        )
    }

    /// `instructions` or `portable`.
    package var description: String {
        switch self {
        case .instructions: "instructions"
        case .portable: "portable"
        }
    }
}
