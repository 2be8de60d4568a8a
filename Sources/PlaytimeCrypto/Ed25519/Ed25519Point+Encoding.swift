/// Why 32 bytes do not decode to a point (RFC 8032 §5.1.3).
enum Ed25519PointDecodingFailure: Error, Sendable, Equatable {
    /// y ≥ p, or x = 0 with the sign bit set: not the canonical encoding of any point.
    case nonCanonical
    /// No x satisfies the curve equation for this y.
    case notOnCurve
}

extension Ed25519Point {
    /// Decodes the 32-byte encoding at `pointer` (RFC 8032 §5.1.3), rejecting non-canonical encodings.
    static func decode(_ pointer: UnsafeRawPointer) -> Result<Ed25519Point, Ed25519PointDecodingFailure> {
        guard isCanonicalFieldEncoding(pointer) else { return .failure(.nonCanonical) }
        let sign = pointer.load(fromByteOffset: 31, as: UInt8.self) &>> 7
        let y = FieldElement(bytes: pointer)
        let yy = y.squared()
        let u = yy - .one
        let v = yy * .d + .one
        guard var x = FieldElement.squareRoot(ratio: u, v) else { return .failure(.notOnCurve) }
        let xIsZero = x.isZero
        if xIsZero && sign == 1 { return .failure(.nonCanonical) }
        if (x.isNegative ? 1 : 0) != sign { x = -x }
        return .success(Ed25519Point(x: x, y: y, z: .one, t: x * y))
    }

    /// True when the 255-bit little-endian number at `pointer` (top bit ignored) is below p = 2^255 − 19.
    static func isCanonicalFieldEncoding(_ pointer: UnsafeRawPointer) -> Bool {
        // y ≥ p exactly when bytes 1…30 are 0xff, byte 31 (without the sign bit) is 0x7f and byte 0 ≥ 0xed.
        let bytes = UnsafeRawBufferPointer(start: pointer, count: 32)
        guard bytes[31] & 0x7f == 0x7f, bytes[0] >= 0xed else { return true }
        for index in 1...30 where bytes[index] != 0xff { return true }
        return false
    }

    /// Decodes a 32-byte point encoding; nil when it is the wrong length, non-canonical or not on the curve.
    package init?(encoding: some Collection<UInt8>) {
        guard encoding.count == 32 else { return nil }
        let bytes = Array(encoding)
        let result = bytes.withUnsafeBytes { Ed25519Point.decode($0.baseAddress.unsafelyUnwrapped) }
        guard case .success(let point) = result else { return nil }
        self = point
    }

    /// Writes the 32-byte encoding (RFC 8032 §5.1.2) at `pointer`: y, with the sign of x in bit 255.
    func encode(into pointer: UnsafeMutableRawPointer) {
        let inverse = z.inverted()
        let affineX = x * inverse
        let affineY = y * inverse
        affineY.store(into: pointer)
        if affineX.isNegative {
            let top = pointer.load(fromByteOffset: 31, as: UInt8.self)
            pointer.storeBytes(of: top | 0x80, toByteOffset: 31, as: UInt8.self)
        }
    }

    /// The 32-byte encoding (RFC 8032 §5.1.2).
    package var encoding: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, initialized in
            encode(into: UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped))
            initialized = 32
        }
    }
}
