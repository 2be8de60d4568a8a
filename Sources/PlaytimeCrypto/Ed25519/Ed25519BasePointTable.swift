/// The odd multiples [1]B, [3]B, …, [127]B of the base point in affine addend form: the table of the
/// width-8 signed-window expansion of S in verification (docs/crypto.md, "Scalar multiplication").
///
/// Computed once, on first use (64 inversions, a fraction of a millisecond), and immutable afterwards:
/// 64 entries of 120 bytes.
enum Ed25519BasePointTable {
    /// The window width used with this table: digits are odd with |digit| < 2^7, so |digit| ≤ 127.
    static let width = 8

    /// Entry i is [2i + 1]B.
    static let oddMultiples: [AffineCachedPoint] = {
        let base = Ed25519Point.base
        let twice = base.doubled().cached
        var multiples: [AffineCachedPoint] = []
        multiples.reserveCapacity(64)
        var current = base
        for index in 0..<64 {
            if index > 0 { current = current.adding(twice).extended }
            let inverse = current.z.inverted()
            let x = current.x * inverse
            let y = current.y * inverse
            multiples.append(AffineCachedPoint(yPlusX: (y + x).carried(), yMinusX: y - x, xy2d: x * y * .twoD))
        }
        return multiples
    }()
}
