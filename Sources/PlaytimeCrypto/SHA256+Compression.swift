// The round sequence below is written out in full (generated from the FIPS 180-4 constant table)
// so that the working variables and the 16-word message schedule stay in local registers.

extension SHA256 {
    /// Runs the SHA-256 compression function over `blockCount` consecutive 64-byte blocks at `base`, in Swift:
    /// the fallback where the CPU has no SHA instructions, and the reference the instructions are tested against.
    static func compressPortable(_ state: inout SHA256State, _ base: UnsafeRawPointer, blockCount: Int) {
        var h0 = state.h0
        var h1 = state.h1
        var h2 = state.h2
        var h3 = state.h3
        var h4 = state.h4
        var h5 = state.h5
        var h6 = state.h6
        var h7 = state.h7
        var block = base
        for _ in 0..<blockCount {
            var w0 = loadWord(block, 0)
            var w1 = loadWord(block, 4)
            var w2 = loadWord(block, 8)
            var w3 = loadWord(block, 12)
            var w4 = loadWord(block, 16)
            var w5 = loadWord(block, 20)
            var w6 = loadWord(block, 24)
            var w7 = loadWord(block, 28)
            var w8 = loadWord(block, 32)
            var w9 = loadWord(block, 36)
            var w10 = loadWord(block, 40)
            var w11 = loadWord(block, 44)
            var w12 = loadWord(block, 48)
            var w13 = loadWord(block, 52)
            var w14 = loadWord(block, 56)
            var w15 = loadWord(block, 60)
            var a = h0
            var b = h1
            var c = h2
            var d = h3
            var e = h4
            var f = h5
            var g = h6
            var h = h7

            round(a, b, c, &d, e, f, g, &h, 0x428a_2f98 &+ w0)
            round(h, a, b, &c, d, e, f, &g, 0x7137_4491 &+ w1)
            round(g, h, a, &b, c, d, e, &f, 0xb5c0_fbcf &+ w2)
            round(f, g, h, &a, b, c, d, &e, 0xe9b5_dba5 &+ w3)
            round(e, f, g, &h, a, b, c, &d, 0x3956_c25b &+ w4)
            round(d, e, f, &g, h, a, b, &c, 0x59f1_11f1 &+ w5)
            round(c, d, e, &f, g, h, a, &b, 0x923f_82a4 &+ w6)
            round(b, c, d, &e, f, g, h, &a, 0xab1c_5ed5 &+ w7)
            round(a, b, c, &d, e, f, g, &h, 0xd807_aa98 &+ w8)
            round(h, a, b, &c, d, e, f, &g, 0x1283_5b01 &+ w9)
            round(g, h, a, &b, c, d, e, &f, 0x2431_85be &+ w10)
            round(f, g, h, &a, b, c, d, &e, 0x550c_7dc3 &+ w11)
            round(e, f, g, &h, a, b, c, &d, 0x72be_5d74 &+ w12)
            round(d, e, f, &g, h, a, b, &c, 0x80de_b1fe &+ w13)
            round(c, d, e, &f, g, h, a, &b, 0x9bdc_06a7 &+ w14)
            round(b, c, d, &e, f, g, h, &a, 0xc19b_f174 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0xe49b_69c1 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0xefbe_4786 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x0fc1_9dc6 &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x240c_a1cc &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x2de9_2c6f &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4a74_84aa &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5cb0_a9dc &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x76f9_88da &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x983e_5152 &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa831_c66d &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xb003_27c8 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xbf59_7fc7 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xc6e0_0bf3 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd5a7_9147 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0x06ca_6351 &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x1429_2967 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x27b7_0a85 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x2e1b_2138 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x4d2c_6dfc &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x5338_0d13 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x650a_7354 &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x766a_0abb &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x81c2_c92e &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x9272_2c85 &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0xa2bf_e8a1 &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa81a_664b &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xc24b_8b70 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xc76c_51a3 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xd192_e819 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd699_0624 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xf40e_3585 &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x106a_a070 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x19a4_c116 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x1e37_6c08 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x2748_774c &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x34b0_bcb5 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x391c_0cb3 &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4ed8_aa4a &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5b9c_ca4f &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x682e_6ff3 &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x748f_82ee &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0x78a5_636f &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0x84c8_7814 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0x8cc7_0208 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0x90be_fffa &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xa450_6ceb &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xbef9_a3f7 &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0xc671_78f2 &+ w15)

            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
            block += 64
        }
        state.h0 = h0
        state.h1 = h1
        state.h2 = h2
        state.h3 = h3
        state.h4 = h4
        state.h5 = h5
        state.h6 = h6
        state.h7 = h7
    }

    /// Loads the big-endian word at `offset` without alignment requirements.
    @inline(__always)
    static func loadWord(_ block: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(bigEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// One SHA-256 round: folds `kw` (round constant plus schedule word) into `d` and `h`.
    @inline(__always)
    static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
    ) {
        // Σ1(e) = ROTR6(e) ^ ROTR11(e) ^ ROTR25(e), factored to need one temporary.
        let sigma1 = rotate(rotate(rotate(e, 14) ^ e, 5) ^ e, 6)
        let choose = g ^ (e & (f ^ g))
        let t1 = h &+ sigma1 &+ choose &+ kw
        // Σ0(a) = ROTR2(a) ^ ROTR13(a) ^ ROTR22(a), factored the same way.
        let sigma0 = rotate(rotate(rotate(a, 9) ^ a, 11) ^ a, 2)
        // Maj(a, b, c); the a ^ b term is the next round's b ^ c, which the optimizer reuses.
        let majority = b ^ ((a ^ b) & (b ^ c))
        d &+= t1
        h = t1 &+ sigma0 &+ majority
    }

    /// Advances one word of the rolling schedule: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
    @inline(__always)
    static func expand(_ w: inout UInt32, _ minus15: UInt32, _ minus7: UInt32, _ minus2: UInt32) {
        let s0 = rotate(minus15, 7) ^ rotate(minus15, 18) ^ (minus15 &>> 3)
        let s1 = rotate(minus2, 17) ^ rotate(minus2, 19) ^ (minus2 &>> 10)
        w = w &+ s0 &+ minus7 &+ s1
    }

    /// Rotates right by `count` bits (0 < count < 32).
    @inline(__always)
    static func rotate(_ x: UInt32, _ count: UInt32) -> UInt32 {
        (x &>> count) | (x &<< (32 &- count))
    }
}
