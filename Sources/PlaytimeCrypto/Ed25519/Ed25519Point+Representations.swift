// The intermediate point forms of the fast scalar multiplication (docs/crypto.md, "Scalar multiplication").
// Additions and doublings produce a *completed* point; converting it to projective form costs 3
// multiplications, to extended form 4, so a run of doublings never computes T. Differences that are
// only multiplied next skip their carry pass (`minusLazily`; bounds in FieldElement.swift): a completed
// point's coordinates are then < 2^55 and a cached point's < 2^55, inside the 2^59 that `*` accepts.

/// A point as ((X : Z), (Y : T)) with x = X/Z and y = Y/T: the direct output of the formulas.
struct CompletedPoint {
    var x: FieldElement
    var y: FieldElement
    var z: FieldElement
    var t: FieldElement

    /// (X·T : Y·Z : Z·T), enough for the next doubling.
    @inline(__always)
    var projective: ProjectivePoint {
        ProjectivePoint(x: x * t, y: y * z, z: z * t)
    }

    /// (X·T : Y·Z : Z·T : X·Y), for the next addition.
    @inline(__always)
    var extended: Ed25519Point {
        Ed25519Point(x: x * t, y: y * z, z: z * t, t: x * y)
    }
}

/// A point in projective coordinates (X : Y : Z), x = X/Z, y = Y/Z.
struct ProjectivePoint {
    var x: FieldElement
    var y: FieldElement
    var z: FieldElement

    /// The neutral element.
    static var identity: ProjectivePoint { ProjectivePoint(x: .zero, y: .one, z: .one) }

    /// 2·P: 4 squarings ("dbl-2008-hwcd" for a = −1, completed output).
    @inline(__always)
    func doubled() -> CompletedPoint {
        let xx = x.squared()
        let yy = y.squared()
        let zz = z.squared()
        let zz2 = zz + zz
        let sum = (x + y).squared()
        let yyPlusXX = yy + xx
        let yyMinusXX = yy - xx
        // yyMinusXX is also a subtrahend, so it is carried; the other differences are only multiplied.
        return CompletedPoint(x: sum.minusLazily(yyPlusXX), y: yyPlusXX, z: yyMinusXX, t: zz2.minusLazily(yyMinusXX))
    }

    /// The same point in extended form (one inversion-free conversion: T = X·Y/Z needs Z², so 4 multiplications).
    var extended: Ed25519Point {
        Ed25519Point(x: x * z, y: y * z, z: z.squared(), t: x * y)
    }
}

/// A point prepared as an addend: (Y + X, Y − X, Z, 2d·T).
struct CachedPoint {
    var yPlusX: FieldElement
    var yMinusX: FieldElement
    var z: FieldElement
    var t2d: FieldElement
}

/// An affine point prepared as an addend: (y + x, y − x, 2d·x·y), with Z = 1 implied.
struct AffineCachedPoint: Sendable {
    var yPlusX: FieldElement
    var yMinusX: FieldElement
    var xy2d: FieldElement
}

extension Ed25519Point {
    /// This point as an addend.
    @inline(__always)
    var cached: CachedPoint {
        CachedPoint(yPlusX: y + x, yMinusX: y.minusLazily(x), z: z, t2d: t * .twoD)
    }

    /// This point with the T coordinate dropped.
    @inline(__always)
    var projective: ProjectivePoint { ProjectivePoint(x: x, y: y, z: z) }

    /// self + q (4 multiplications, "add-2008-hwcd-3").
    @inline(__always)
    func adding(_ q: CachedPoint) -> CompletedPoint {
        let a = y.minusLazily(x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.t2d
        let zz = z * q.z
        let d = zz + zz
        return CompletedPoint(x: b.minusLazily(a), y: b + a, z: d + c, t: d.minusLazily(c))
    }

    /// self − q: the addition with q's y ± x swapped and its 2d·T negated.
    @inline(__always)
    func subtracting(_ q: CachedPoint) -> CompletedPoint {
        let a = y.minusLazily(x) * q.yPlusX
        let b = (y + x) * q.yMinusX
        let c = t * q.t2d
        let zz = z * q.z
        let d = zz + zz
        return CompletedPoint(x: b.minusLazily(a), y: b + a, z: d.minusLazily(c), t: d + c)
    }

    /// self + q for an affine addend (3 multiplications).
    @inline(__always)
    func adding(_ q: AffineCachedPoint) -> CompletedPoint {
        let a = y.minusLazily(x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.xy2d
        let d = z + z
        return CompletedPoint(x: b.minusLazily(a), y: b + a, z: d + c, t: d.minusLazily(c))
    }

    /// self − q for an affine addend.
    @inline(__always)
    func subtracting(_ q: AffineCachedPoint) -> CompletedPoint {
        let a = y.minusLazily(x) * q.yPlusX
        let b = (y + x) * q.yMinusX
        let c = t * q.xy2d
        let d = z + z
        return CompletedPoint(x: b.minusLazily(a), y: b + a, z: d.minusLazily(c), t: d + c)
    }
}
