// The round sequence below is written out in full (generated from the FIPS 180-4 §4.2.3 constant table)
// so that the working variables and the 16-word message schedule stay in local registers.

extension SHA512 {
    /// Runs the SHA-512 compression function over `blockCount` consecutive 128-byte blocks at `base`, in Swift:
    /// the fallback where the CPU has no SHA instructions, and the reference the instructions are tested against.
    static func compressPortable(_ state: inout SHA512State, _ base: UnsafeRawPointer, blockCount: Int) {
        var h0 = state.h0, h1 = state.h1, h2 = state.h2, h3 = state.h3
        var h4 = state.h4, h5 = state.h5, h6 = state.h6, h7 = state.h7
        var block = base
        for _ in 0..<blockCount {
            var w0 = loadWord(block, 0), w1 = loadWord(block, 8), w2 = loadWord(block, 16), w3 = loadWord(block, 24)
            var w4 = loadWord(block, 32), w5 = loadWord(block, 40), w6 = loadWord(block, 48), w7 = loadWord(block, 56)
            var w8 = loadWord(block, 64), w9 = loadWord(block, 72), w10 = loadWord(block, 80), w11 = loadWord(block, 88)
            var w12 = loadWord(block, 96), w13 = loadWord(block, 104), w14 = loadWord(block, 112), w15 = loadWord(block, 120)
            var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7

            round(a, b, c, &d, e, f, g, &h, 0x428a2f98d728ae22 &+ w0)
            round(h, a, b, &c, d, e, f, &g, 0x7137449123ef65cd &+ w1)
            round(g, h, a, &b, c, d, e, &f, 0xb5c0fbcfec4d3b2f &+ w2)
            round(f, g, h, &a, b, c, d, &e, 0xe9b5dba58189dbbc &+ w3)
            round(e, f, g, &h, a, b, c, &d, 0x3956c25bf348b538 &+ w4)
            round(d, e, f, &g, h, a, b, &c, 0x59f111f1b605d019 &+ w5)
            round(c, d, e, &f, g, h, a, &b, 0x923f82a4af194f9b &+ w6)
            round(b, c, d, &e, f, g, h, &a, 0xab1c5ed5da6d8118 &+ w7)
            round(a, b, c, &d, e, f, g, &h, 0xd807aa98a3030242 &+ w8)
            round(h, a, b, &c, d, e, f, &g, 0x12835b0145706fbe &+ w9)
            round(g, h, a, &b, c, d, e, &f, 0x243185be4ee4b28c &+ w10)
            round(f, g, h, &a, b, c, d, &e, 0x550c7dc3d5ffb4e2 &+ w11)
            round(e, f, g, &h, a, b, c, &d, 0x72be5d74f27b896f &+ w12)
            round(d, e, f, &g, h, a, b, &c, 0x80deb1fe3b1696b1 &+ w13)
            round(c, d, e, &f, g, h, a, &b, 0x9bdc06a725c71235 &+ w14)
            round(b, c, d, &e, f, g, h, &a, 0xc19bf174cf692694 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0xe49b69c19ef14ad2 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0xefbe4786384f25e3 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x0fc19dc68b8cd5b5 &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x240ca1cc77ac9c65 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x2de92c6f592b0275 &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4a7484aa6ea6e483 &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5cb0a9dcbd41fbd4 &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x76f988da831153b5 &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x983e5152ee66dfab &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa831c66d2db43210 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xb00327c898fb213f &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xbf597fc7beef0ee4 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xc6e00bf33da88fc2 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd5a79147930aa725 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0x06ca6351e003826f &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x142929670a0e6e70 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x27b70a8546d22ffc &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x2e1b21385c26c926 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x4d2c6dfc5ac42aed &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x53380d139d95b3df &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x650a73548baf63de &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x766a0abb3c77b2a8 &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x81c2c92e47edaee6 &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x92722c851482353b &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0xa2bfe8a14cf10364 &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa81a664bbc423001 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xc24b8b70d0f89791 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xc76c51a30654be30 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xd192e819d6ef5218 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd69906245565a910 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xf40e35855771202a &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x106aa07032bbd1b8 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x19a4c116b8d2d0c8 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x1e376c085141ab53 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x2748774cdf8eeb99 &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x34b0bcb5e19b48a8 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x391c0cb3c5c95a63 &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4ed8aa4ae3418acb &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5b9cca4f7763e373 &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x682e6ff3d6b2b8a3 &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x748f82ee5defb2fc &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0x78a5636f43172f60 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0x84c87814a1f0ab72 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0x8cc702081a6439ec &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0x90befffa23631e28 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xa4506cebde82bde9 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xbef9a3f7b2c67915 &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0xc67178f2e372532b &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0xca273eceea26619c &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0xd186b8c721c0c207 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0xeada7dd6cde0eb1e &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0xf57d4f7fee6ed178 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x06f067aa72176fba &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x0a637dc5a2c898a6 &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x113f9804bef90dae &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x1b710b35131c471b &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x28db77f523047d84 &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0x32caab7b40c72493 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0x3c9ebe0a15c9bebc &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0x431d67c49c100d4c &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0x4cc5d4becb3e42b6 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0x597f299cfc657e2a &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0x5fcb6fab3ad6faec &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x6c44198c4a475817 &+ w15)

            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
            h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
            block += 128
        }
        state.h0 = h0; state.h1 = h1; state.h2 = h2; state.h3 = h3
        state.h4 = h4; state.h5 = h5; state.h6 = h6; state.h7 = h7
    }

    /// Loads the big-endian 64-bit word at `offset` without alignment requirements.
    @inline(__always)
    static func loadWord(_ block: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(bigEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// One SHA-512 round (FIPS 180-4 §6.4.2): folds `kw` (round constant plus schedule word) into `d` and `h`.
    @inline(__always)
    static func round(
        _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
        _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ kw: UInt64
    ) {
        // Σ1(e) = ROTR14(e) ^ ROTR18(e) ^ ROTR41(e): three independent rotations keep the path to the next e short.
        let sigma1 = rotate(e, 14) ^ rotate(e, 18) ^ rotate(e, 41)
        let choose = g ^ (e & (f ^ g))
        let t1 = h &+ sigma1 &+ choose &+ kw
        // Σ0(a) = ROTR28(a) ^ ROTR34(a) ^ ROTR39(a).
        let sigma0 = rotate(a, 28) ^ rotate(a, 34) ^ rotate(a, 39)
        let majority = b ^ ((a ^ b) & (b ^ c))
        d &+= t1
        h = t1 &+ sigma0 &+ majority
    }

    /// Advances one word of the rolling schedule: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
    @inline(__always)
    static func expand(_ w: inout UInt64, _ minus15: UInt64, _ minus7: UInt64, _ minus2: UInt64) {
        let s0 = rotate(minus15, 1) ^ rotate(minus15, 8) ^ (minus15 &>> 7)
        let s1 = rotate(minus2, 19) ^ rotate(minus2, 61) ^ (minus2 &>> 6)
        w = w &+ s0 &+ minus7 &+ s1
    }

    /// Rotates right by `count` bits (0 < count < 64).
    @inline(__always)
    static func rotate(_ x: UInt64, _ count: UInt64) -> UInt64 {
        (x &>> count) | (x &<< (64 &- count))
    }
}
