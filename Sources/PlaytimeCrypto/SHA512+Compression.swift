// The round sequence below is written out in full (generated from the FIPS 180-4 §4.2.3 constant table)
// so that the working variables and the 16-word message schedule stay in local registers.

extension SHA512 {
    /// Runs the SHA-512 compression function over `blockCount` consecutive 128-byte blocks at `base`, in Swift:
    /// the fallback where the CPU has no SHA instructions, and the reference the instructions are tested against.
    static func compressPortable(_ state: inout SHA512State, _ base: UnsafeRawPointer, blockCount: Int) {
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
            var w1 = loadWord(block, 8)
            var w2 = loadWord(block, 16)
            var w3 = loadWord(block, 24)
            var w4 = loadWord(block, 32)
            var w5 = loadWord(block, 40)
            var w6 = loadWord(block, 48)
            var w7 = loadWord(block, 56)
            var w8 = loadWord(block, 64)
            var w9 = loadWord(block, 72)
            var w10 = loadWord(block, 80)
            var w11 = loadWord(block, 88)
            var w12 = loadWord(block, 96)
            var w13 = loadWord(block, 104)
            var w14 = loadWord(block, 112)
            var w15 = loadWord(block, 120)
            var a = h0
            var b = h1
            var c = h2
            var d = h3
            var e = h4
            var f = h5
            var g = h6
            var h = h7

            round(a, b, c, &d, e, f, g, &h, 0x428a_2f98_d728_ae22 &+ w0)
            round(h, a, b, &c, d, e, f, &g, 0x7137_4491_23ef_65cd &+ w1)
            round(g, h, a, &b, c, d, e, &f, 0xb5c0_fbcf_ec4d_3b2f &+ w2)
            round(f, g, h, &a, b, c, d, &e, 0xe9b5_dba5_8189_dbbc &+ w3)
            round(e, f, g, &h, a, b, c, &d, 0x3956_c25b_f348_b538 &+ w4)
            round(d, e, f, &g, h, a, b, &c, 0x59f1_11f1_b605_d019 &+ w5)
            round(c, d, e, &f, g, h, a, &b, 0x923f_82a4_af19_4f9b &+ w6)
            round(b, c, d, &e, f, g, h, &a, 0xab1c_5ed5_da6d_8118 &+ w7)
            round(a, b, c, &d, e, f, g, &h, 0xd807_aa98_a303_0242 &+ w8)
            round(h, a, b, &c, d, e, f, &g, 0x1283_5b01_4570_6fbe &+ w9)
            round(g, h, a, &b, c, d, e, &f, 0x2431_85be_4ee4_b28c &+ w10)
            round(f, g, h, &a, b, c, d, &e, 0x550c_7dc3_d5ff_b4e2 &+ w11)
            round(e, f, g, &h, a, b, c, &d, 0x72be_5d74_f27b_896f &+ w12)
            round(d, e, f, &g, h, a, b, &c, 0x80de_b1fe_3b16_96b1 &+ w13)
            round(c, d, e, &f, g, h, a, &b, 0x9bdc_06a7_25c7_1235 &+ w14)
            round(b, c, d, &e, f, g, h, &a, 0xc19b_f174_cf69_2694 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0xe49b_69c1_9ef1_4ad2 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0xefbe_4786_384f_25e3 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x0fc1_9dc6_8b8c_d5b5 &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x240c_a1cc_77ac_9c65 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x2de9_2c6f_592b_0275 &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4a74_84aa_6ea6_e483 &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5cb0_a9dc_bd41_fbd4 &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x76f9_88da_8311_53b5 &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x983e_5152_ee66_dfab &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa831_c66d_2db4_3210 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xb003_27c8_98fb_213f &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xbf59_7fc7_beef_0ee4 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xc6e0_0bf3_3da8_8fc2 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd5a7_9147_930a_a725 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0x06ca_6351_e003_826f &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x1429_2967_0a0e_6e70 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x27b7_0a85_46d2_2ffc &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x2e1b_2138_5c26_c926 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x4d2c_6dfc_5ac4_2aed &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x5338_0d13_9d95_b3df &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x650a_7354_8baf_63de &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x766a_0abb_3c77_b2a8 &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x81c2_c92e_47ed_aee6 &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x9272_2c85_1482_353b &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0xa2bf_e8a1_4cf1_0364 &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0xa81a_664b_bc42_3001 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0xc24b_8b70_d0f8_9791 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0xc76c_51a3_0654_be30 &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0xd192_e819_d6ef_5218 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xd699_0624_5565_a910 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xf40e_3585_5771_202a &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x106a_a070_32bb_d1b8 &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0x19a4_c116_b8d2_d0c8 &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0x1e37_6c08_5141_ab53 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0x2748_774c_df8e_eb99 &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0x34b0_bcb5_e19b_48a8 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x391c_0cb3_c5c9_5a63 &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x4ed8_aa4a_e341_8acb &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x5b9c_ca4f_7763_e373 &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x682e_6ff3_d6b2_b8a3 &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x748f_82ee_5def_b2fc &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0x78a5_636f_4317_2f60 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0x84c8_7814_a1f0_ab72 &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0x8cc7_0208_1a64_39ec &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0x90be_fffa_2363_1e28 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0xa450_6ceb_de82_bde9 &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0xbef9_a3f7_b2c6_7915 &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0xc671_78f2_e372_532b &+ w15)
            expand(&w0, w1, w9, w14)
            round(a, b, c, &d, e, f, g, &h, 0xca27_3ece_ea26_619c &+ w0)
            expand(&w1, w2, w10, w15)
            round(h, a, b, &c, d, e, f, &g, 0xd186_b8c7_21c0_c207 &+ w1)
            expand(&w2, w3, w11, w0)
            round(g, h, a, &b, c, d, e, &f, 0xeada_7dd6_cde0_eb1e &+ w2)
            expand(&w3, w4, w12, w1)
            round(f, g, h, &a, b, c, d, &e, 0xf57d_4f7f_ee6e_d178 &+ w3)
            expand(&w4, w5, w13, w2)
            round(e, f, g, &h, a, b, c, &d, 0x06f0_67aa_7217_6fba &+ w4)
            expand(&w5, w6, w14, w3)
            round(d, e, f, &g, h, a, b, &c, 0x0a63_7dc5_a2c8_98a6 &+ w5)
            expand(&w6, w7, w15, w4)
            round(c, d, e, &f, g, h, a, &b, 0x113f_9804_bef9_0dae &+ w6)
            expand(&w7, w8, w0, w5)
            round(b, c, d, &e, f, g, h, &a, 0x1b71_0b35_131c_471b &+ w7)
            expand(&w8, w9, w1, w6)
            round(a, b, c, &d, e, f, g, &h, 0x28db_77f5_2304_7d84 &+ w8)
            expand(&w9, w10, w2, w7)
            round(h, a, b, &c, d, e, f, &g, 0x32ca_ab7b_40c7_2493 &+ w9)
            expand(&w10, w11, w3, w8)
            round(g, h, a, &b, c, d, e, &f, 0x3c9e_be0a_15c9_bebc &+ w10)
            expand(&w11, w12, w4, w9)
            round(f, g, h, &a, b, c, d, &e, 0x431d_67c4_9c10_0d4c &+ w11)
            expand(&w12, w13, w5, w10)
            round(e, f, g, &h, a, b, c, &d, 0x4cc5_d4be_cb3e_42b6 &+ w12)
            expand(&w13, w14, w6, w11)
            round(d, e, f, &g, h, a, b, &c, 0x597f_299c_fc65_7e2a &+ w13)
            expand(&w14, w15, w7, w12)
            round(c, d, e, &f, g, h, a, &b, 0x5fcb_6fab_3ad6_faec &+ w14)
            expand(&w15, w0, w8, w13)
            round(b, c, d, &e, f, g, h, &a, 0x6c44_198c_4a47_5817 &+ w15)

            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
            block += 128
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
