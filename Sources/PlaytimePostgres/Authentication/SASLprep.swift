import Foundation

/// SASLprep (RFC 4013) of a SCRAM password, as PostgreSQL applies it on both sides (RFC 5802 §2.2 `Normalize`).
///
/// ASCII passwords pass unchanged (PostgreSQL does not prepare them either). Others: non-ASCII spaces map to
/// U+0020, "commonly mapped to nothing" characters are removed (RFC 3454 B.1), the result is NFKC-normalized;
/// when it holds a prohibited character (RFC 4013 §2.3: controls, private use, non-characters, surrogates, …)
/// the original bytes are used, as PostgreSQL does. Unassigned code points and the bidirectional rule are not
/// checked: a password that depends on them may not match the server's preparation.
enum SASLprep {
    /// The bytes to feed PBKDF2 for `password`.
    static func prepare(_ password: String) -> [UInt8] {
        let original = Array(password.utf8)
        guard !original.allSatisfy({ $0 < 0x80 }) else { return original }
        var mapped = String.UnicodeScalarView()
        for scalar in password.unicodeScalars {
            if mapsToNothing(scalar.value) { continue }
            mapped.append(isNonASCIISpace(scalar.value) ? " " : scalar)
        }
        let normalized = String(mapped).precomposedStringWithCompatibilityMapping
        guard !normalized.isEmpty, !normalized.unicodeScalars.contains(where: { isProhibited($0.value) }) else {
            return original
        }
        return Array(normalized.utf8)
    }

    /// RFC 3454 table C.1.2.
    private static func isNonASCIISpace(_ value: UInt32) -> Bool {
        value == 0x00A0 || value == 0x1680 || (0x2000...0x200B).contains(value) || value == 0x202F
            || value == 0x205F || value == 0x3000
    }

    /// RFC 3454 table B.1.
    private static func mapsToNothing(_ value: UInt32) -> Bool {
        value == 0x00AD || value == 0x034F || value == 0x1806 || (0x180B...0x180D).contains(value)
            || (0x200B...0x200D).contains(value) || value == 0x2060 || (0xFE00...0xFE0F).contains(value)
            || value == 0xFEFF
    }

    /// RFC 4013 §2.3: tables C.1.2, C.2.1, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8, C.9.
    private static func isProhibited(_ value: UInt32) -> Bool {
        if isNonASCIISpace(value) { return true }
        if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) { return true }
        if [0x06DD, 0x070F, 0x180E, 0x200C, 0x200D, 0x2028, 0x2029, 0xFEFF].contains(value) { return true }
        if (0x2060...0x2063).contains(value) || (0x206A...0x206F).contains(value) || (0xFFF9...0xFFFC).contains(value)
            || (0x1D173...0x1D17A).contains(value)
        {
            return true
        }
        if (0xE000...0xF8FF).contains(value) || (0xF0000...0xFFFFD).contains(value) || (0x100000...0x10FFFD).contains(value) {
            return true
        }
        if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return true }
        if (0xD800...0xDFFF).contains(value) { return true }
        if (0xFFF9...0xFFFD).contains(value) || (0x2FF0...0x2FFB).contains(value) { return true }
        if (0x0340...0x0341).contains(value) || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x206A...0x206F).contains(value)
        {
            return true
        }
        if value == 0xE0001 || (0xE0020...0xE007F).contains(value) { return true }
        return false
    }
}
