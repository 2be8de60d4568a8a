// Inversion and square roots by fixed addition chains (the exponents are public constants).

extension FieldElement {
    /// Returns (z^(2^250 − 1), z^11): the common start of both exponentiations below.
    @inline(__always)
    func powerTwo250MinusOne() -> (FieldElement, FieldElement) {
        let z2 = squared()  // z^2
        let z9 = z2.squared(times: 2) * self  // z^9 = z^8 · z
        let z11 = z9 * z2  // z^11
        let z2_5_0 = z11.squared() * z9  // z^(2^5 − 1) = z^31
        let z2_10_0 = z2_5_0.squared(times: 5) * z2_5_0  // z^(2^10 − 1)
        let z2_20_0 = z2_10_0.squared(times: 10) * z2_10_0  // z^(2^20 − 1)
        let z2_40_0 = z2_20_0.squared(times: 20) * z2_20_0  // z^(2^40 − 1)
        let z2_50_0 = z2_40_0.squared(times: 10) * z2_10_0  // z^(2^50 − 1)
        let z2_100_0 = z2_50_0.squared(times: 50) * z2_50_0  // z^(2^100 − 1)
        let z2_200_0 = z2_100_0.squared(times: 100) * z2_100_0  // z^(2^200 − 1)
        let z2_250_0 = z2_200_0.squared(times: 50) * z2_50_0  // z^(2^250 − 1)
        return (z2_250_0, z11)
    }

    /// The multiplicative inverse z^(p − 2) (Fermat); 0 maps to 0.
    func inverted() -> FieldElement {
        let (z2_250_0, z11) = powerTwo250MinusOne()
        // p − 2 = 2^255 − 21 = (2^250 − 1)·2^5 + 11.
        return z2_250_0.squared(times: 5) * z11
    }

    /// z^((p − 5)/8) = z^(2^252 − 3), the core of the square root in RFC 8032 §5.1.3.
    func powerPMinus5Over8() -> FieldElement {
        let (z2_250_0, _) = powerTwo250MinusOne()
        // 2^252 − 3 = (2^250 − 1)·4 + 1.
        return z2_250_0.squared(times: 2) * self
    }

    /// A square root of u/v as RFC 8032 §5.1.3 step 3 computes it, or nil when u/v is not a square.
    ///
    /// x = u·v³·(u·v⁷)^((p−5)/8); if v·x² = −u then x·√−1 is the root instead.
    static func squareRoot(ratio u: FieldElement, _ v: FieldElement) -> FieldElement? {
        let v3 = v.squared() * v
        let v7 = v3.squared() * v
        var x = u * v3 * (u * v7).powerPMinus5Over8()
        let check = v * x.squared()
        if check == u {
            return x
        }
        if check == -u {
            x = x * sqrtMinusOne
            return x
        }
        return nil
    }
}
