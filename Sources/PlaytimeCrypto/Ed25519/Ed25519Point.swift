/// A point of the Ed25519 curve −x² + y² = 1 + d·x²·y² (RFC 8032 §5.1) in extended coordinates
/// (X : Y : Z : T) with x = X/Z, y = Y/Z and x·y = T/Z (Hisil–Wong–Carter–Dawson 2008).
///
/// Package API so that tests and fake servers can build points, including small-order and
/// mixed-order ones. Arithmetic is variable time: it is meant for public data (verification)
/// and for test signing only.
package struct Ed25519Point: Sendable, Equatable {
    var x: FieldElement
    var y: FieldElement
    var z: FieldElement
    var t: FieldElement

    @inline(__always)
    init(x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement) {
        self.x = x
        self.y = y
        self.z = z
        self.t = t
    }

    /// The neutral element (0, 1).
    package static var identity: Ed25519Point {
        Ed25519Point(x: .zero, y: .one, z: .one, t: .zero)
    }

    /// The base point B of RFC 8032 §5.1 (y = 4/5, x positive).
    package static var base: Ed25519Point {
        Ed25519Point(
            x: FieldElement(0x6_2d60_8f25_d51a, 0x4_12a4_b4f6_592a, 0x7_5b71_71a4_b31d, 0x1_ff60_5271_18fe, 0x2_1693_6d3c_d6e5),
            y: FieldElement(0x6_6666_6666_6658, 0x4_cccc_cccc_cccc, 0x1_9999_9999_9999, 0x3_3333_3333_3333, 0x6_6666_6666_6666),
            z: .one,
            t: FieldElement(0x6_8ab3_a5b7_dda3, 0xeea_2a5e_adbb, 0x2_af8d_f483_c27e, 0x3_32b3_7527_4732, 0x6_7875_f0fd_78b7))
    }

    /// The sum of two points (unified addition for a = −1, "add-2008-hwcd-3"; valid for all inputs).
    @inline(__always)
    package static func + (p: Ed25519Point, q: Ed25519Point) -> Ed25519Point {
        let a = (p.y - p.x) * (q.y - q.x)
        let b = (p.y + p.x) * (q.y + q.x)
        let c = p.t * FieldElement.twoD * q.t
        let zz = p.z * q.z
        let d = zz + zz
        let e = b - a
        let f = d - c
        let g = d + c
        let h = b + a
        return Ed25519Point(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// The negation (−x, y).
    @inline(__always)
    package static prefix func - (p: Ed25519Point) -> Ed25519Point {
        Ed25519Point(x: -p.x, y: p.y, z: p.z, t: -p.t)
    }

    /// The difference p − q.
    @inline(__always)
    package static func - (p: Ed25519Point, q: Ed25519Point) -> Ed25519Point { p + (-q) }

    /// 2·p ("dbl-2008-hwcd" for a = −1, with F and H negated, which leaves the projective point unchanged).
    @inline(__always)
    package func doubled() -> Ed25519Point {
        let a = x.squared()
        let b = y.squared()
        let zz = z.squared()
        let c = zz + zz
        let h = a + b
        let e = (x + y).squared() - h
        let g = b - a
        let f = c - g
        return Ed25519Point(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// True when both points are the same (compares x·Z' = x'·Z and y·Z' = y'·Z).
    package static func == (p: Ed25519Point, q: Ed25519Point) -> Bool {
        p.x * q.z == q.x * p.z && p.y * q.z == q.y * p.z
    }

    /// True for the neutral element.
    package var isIdentity: Bool { self == .identity }

    /// True when 8·p is the identity: p lies in the torsion subgroup of order dividing 8.
    package var hasSmallOrder: Bool { doubled().doubled().doubled().isIdentity }
}
