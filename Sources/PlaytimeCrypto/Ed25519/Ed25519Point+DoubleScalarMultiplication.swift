// [s]B + [k]P by interleaved signed sliding windows (width-w NAF), variable time: verification handles
// public data only (docs/crypto.md, "Scalar multiplication" and "Not constant time").

/// Signed sliding windows (width-w NAF) of a scalar below 2^255.
enum SignedWindows {
    /// Writes 256 digits d_i with Σ d_i·2^i = scalar into `digits`; every non-zero digit is odd,
    /// |d_i| < 2^(width − 1), and any two non-zero digits are at least `width` positions apart.
    /// So a table of the 2^(width − 2) odd multiples 1, 3, …, 2^(width − 1) − 1 serves every digit.
    ///
    /// The scalar must be below 2^255 (every `Ed25519Scalar` is below L < 2^253). A window starting at
    /// position p ≥ 256 − width holds fewer than width − 1 bits and cannot carry; one starting lower
    /// carries to at most position 255, so the 256 digits hold the whole expansion. A window is odd,
    /// so it never equals 2^(width − 1) and |d| stays below it. `width` is 2…8, so a digit fits `Int8`.
    /// Returns the index of the highest non-zero digit, or −1 for zero.
    @inline(__always)
    static func expand(
        _ scalar: (UInt64, UInt64, UInt64, UInt64), width: Int, into digits: UnsafeMutablePointer<Int8>
    ) -> Int {
        digits.initialize(repeating: 0, count: 256)
        let windowMask = (UInt64(1) << UInt64(width)) &- 1
        let half = UInt64(1) << UInt64(width - 1)
        var carry: UInt64 = 0
        var position = 0
        var highest = -1
        while position < 256 {
            let word = position >> 6
            let offset = UInt64(position & 63)
            let bit = (Self.word(scalar, word) >> offset) & 1
            if bit == carry {
                // bit + carry is 0 (no digit, carry stays 0) or 2 (no digit, carry stays 1).
                position += 1
                continue
            }
            // bit + carry = 1: take the window of `width` bits starting here.
            var window = Self.word(scalar, word) >> offset
            if offset + UInt64(width) > 64 { window |= Self.word(scalar, word + 1) << (64 - offset) }
            window = (window & windowMask) &+ carry
            if window < half {
                digits[position] = Int8(truncatingIfNeeded: window)
                carry = 0
            } else {
                digits[position] = Int8(truncatingIfNeeded: Int64(bitPattern: window) - Int64(windowMask + 1))
                carry = 1
            }
            highest = position
            position += width
        }
        return highest
    }

    /// Word `index` of the scalar, 0 past the end.
    @inline(__always)
    static func word(_ scalar: (UInt64, UInt64, UInt64, UInt64), _ index: Int) -> UInt64 {
        switch index {
        case 0: return scalar.0
        case 1: return scalar.1
        case 2: return scalar.2
        case 3: return scalar.3
        default: return 0
        }
    }
}

extension Ed25519Point {
    /// The width of the signed windows for the variable point: 8 precomputed odd multiples, [1]…[15].
    static let variableWindowWidth = 5

    /// [s]B + [k]point: the verification combination, with point = −A.
    ///
    /// B's digits use the static table of 64 affine odd multiples (width 8); the point's use 8 odd
    /// multiples computed here (width 5). One doubling per bit, one addition per non-zero digit
    /// (about 253/9 + 253/6 ≈ 70 additions in all).
    package static func baseCombination(s: Ed25519Scalar, k: Ed25519Scalar, point: Ed25519Point) -> Ed25519Point {
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: 512) { digits in
            let sDigits = digits.baseAddress.unsafelyUnwrapped
            let kDigits = sDigits + 256
            let sTop = SignedWindows.expand((s.w0, s.w1, s.w2, s.w3), width: Ed25519BasePointTable.width, into: sDigits)
            let kTop = SignedWindows.expand((k.w0, k.w1, k.w2, k.w3), width: variableWindowWidth, into: kDigits)
            let top = Swift.max(sTop, kTop)
            guard top >= 0 else { return .identity }

            return withUnsafeTemporaryAllocation(of: CachedPoint.self, capacity: 8) { table in
                // table[i] = [2i + 1]·point.
                let twice = point.doubled().cached
                var multiple = point
                table.initializeElement(at: 0, to: multiple.cached)
                for index in 1..<8 {
                    multiple = multiple.adding(twice).extended
                    table.initializeElement(at: index, to: multiple.cached)
                }
                defer { table.deinitialize() }
                return Ed25519BasePointTable.oddMultiples.withUnsafeBufferPointer { baseTable in
                    var result = ProjectivePoint.identity
                    var position = top
                    while position >= 0 {
                        var sum = result.doubled()
                        let kDigit = Int(kDigits[position])
                        if kDigit > 0 {
                            sum = sum.extended.adding(table[kDigit >> 1])
                        } else if kDigit < 0 {
                            sum = sum.extended.subtracting(table[(-kDigit) >> 1])
                        }
                        let sDigit = Int(sDigits[position])
                        if sDigit > 0 {
                            sum = sum.extended.adding(baseTable[sDigit >> 1])
                        } else if sDigit < 0 {
                            sum = sum.extended.subtracting(baseTable[(-sDigit) >> 1])
                        }
                        result = sum.projective
                        position -= 1
                    }
                    return result.extended
                }
            }
        }
    }
}

extension Ed25519Point {
    /// [s]B through the precomputed table (key derivation and test signing; variable time).
    package static func baseMultiple(_ s: Ed25519Scalar) -> Ed25519Point {
        baseCombination(s: s, k: .zero, point: .identity)
    }
}
