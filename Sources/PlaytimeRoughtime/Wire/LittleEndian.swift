/// Little-endian integers as the Roughtime wire format stores them (draft-ietf-ntp-roughtime-19 §4.1).
package enum LittleEndian {
    /// The uint32 at `offset` of `bytes` (relative to its start index); the caller checks the bounds.
    @inline(__always)
    package static func uint32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        let base = bytes.startIndex + offset
        return UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16 | UInt32(bytes[base + 3]) << 24
    }

    /// The uint64 at `offset` of `bytes` (relative to its start index); the caller checks the bounds.
    @inline(__always)
    package static func uint64(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt64 {
        UInt64(uint32(bytes, at: offset)) | UInt64(uint32(bytes, at: offset + 4)) << 32
    }

    /// Appends `value` least significant byte first.
    package static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Appends `value` least significant byte first.
    package static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// `value` as 4 bytes.
    package static func bytes(_ value: UInt32) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4)
        append(value, to: &out)
        return out
    }

    /// `value` as 8 bytes.
    package static func bytes(_ value: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(8)
        append(value, to: &out)
        return out
    }
}
