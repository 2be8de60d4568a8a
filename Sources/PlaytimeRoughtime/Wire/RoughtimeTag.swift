/// A Roughtime tag: four bytes, one to four capital ASCII letters then zero padding, compared as the uint32
/// whose least significant byte is the first letter (draft-ietf-ntp-roughtime-19 §4.1.3).
package struct RoughtimeTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The tag as the uint32 it is sorted by.
    package let rawValue: UInt32

    /// A tag from its uint32 value.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A tag from its ASCII name (`"NONC"`, `"VER"`); shorter names are padded with zero bytes.
    package init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount <= 4)
        var value: UInt32 = 0
        for index in 0..<name.utf8CodeUnitCount { value |= UInt32(name.utf8Start[index]) << UInt32(8 * index) }
        rawValue = value
    }

    /// Sorted as uint32 values, as the header requires.
    package static func < (left: RoughtimeTag, right: RoughtimeTag) -> Bool { left.rawValue < right.rawValue }

    /// The ASCII name without padding; bytes that are not printable ASCII show as `\xNN`.
    package var description: String {
        var text = ""
        for index in 0..<4 {
            let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(8 * index))
            if byte == 0 { continue }
            if byte >= 0x20 && byte < 0x7f {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789abcdef")
                text += "\\x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xf)])"
            }
        }
        return text
    }

    package static let signature = RoughtimeTag("SIG")
    package static let version = RoughtimeTag("VER")
    package static let serverKey = RoughtimeTag("SRV")
    package static let nonce = RoughtimeTag("NONC")
    package static let delegation = RoughtimeTag("DELE")
    package static let type = RoughtimeTag("TYPE")
    package static let path = RoughtimeTag("PATH")
    package static let radius = RoughtimeTag("RADI")
    package static let publicKey = RoughtimeTag("PUBK")
    package static let midpoint = RoughtimeTag("MIDP")
    package static let signedResponse = RoughtimeTag("SREP")
    package static let versions = RoughtimeTag("VERS")
    package static let minimumTime = RoughtimeTag("MINT")
    package static let root = RoughtimeTag("ROOT")
    package static let certificate = RoughtimeTag("CERT")
    package static let maximumTime = RoughtimeTag("MAXT")
    package static let index = RoughtimeTag("INDX")
    package static let padding = RoughtimeTag("ZZZZ")
}
