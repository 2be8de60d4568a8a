/// The eight 64-bit chaining words of SHA-512, kept as stored properties so they live in registers.
struct SHA512State: Sendable {
    var h0: UInt64 = 0x6a09_e667_f3bc_c908
    var h1: UInt64 = 0xbb67_ae85_84ca_a73b
    var h2: UInt64 = 0x3c6e_f372_fe94_f82b
    var h3: UInt64 = 0xa54f_f53a_5f1d_36f1
    var h4: UInt64 = 0x510e_527f_ade6_82d1
    var h5: UInt64 = 0x9b05_688c_2b3e_6c1f
    var h6: UInt64 = 0x1f83_d9ab_fb41_bd6b
    var h7: UInt64 = 0x5be0_cd19_137e_2179

    /// Writes the words big-endian into the first 64 bytes of `output`.
    func store(into output: UnsafeMutableRawBufferPointer) {
        output.storeBytes(of: h0.bigEndian, toByteOffset: 0, as: UInt64.self)
        output.storeBytes(of: h1.bigEndian, toByteOffset: 8, as: UInt64.self)
        output.storeBytes(of: h2.bigEndian, toByteOffset: 16, as: UInt64.self)
        output.storeBytes(of: h3.bigEndian, toByteOffset: 24, as: UInt64.self)
        output.storeBytes(of: h4.bigEndian, toByteOffset: 32, as: UInt64.self)
        output.storeBytes(of: h5.bigEndian, toByteOffset: 40, as: UInt64.self)
        output.storeBytes(of: h6.bigEndian, toByteOffset: 48, as: UInt64.self)
        output.storeBytes(of: h7.bigEndian, toByteOffset: 56, as: UInt64.self)
    }
}

/// 128 bytes of inline storage for one SHA-512 message block: no heap allocation.
struct SHA512Block: Sendable {
    var storage:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
