/// The eight 32-bit chaining words of SHA-256, kept as stored properties so they live in registers.
struct SHA256State: Sendable {
    var h0: UInt32 = 0x6a09_e667
    var h1: UInt32 = 0xbb67_ae85
    var h2: UInt32 = 0x3c6e_f372
    var h3: UInt32 = 0xa54f_f53a
    var h4: UInt32 = 0x510e_527f
    var h5: UInt32 = 0x9b05_688c
    var h6: UInt32 = 0x1f83_d9ab
    var h7: UInt32 = 0x5be0_cd19

    /// Writes the words big-endian into the first 32 bytes of `output`.
    func store(into output: UnsafeMutableRawBufferPointer) {
        output.storeBytes(of: h0.bigEndian, toByteOffset: 0, as: UInt32.self)
        output.storeBytes(of: h1.bigEndian, toByteOffset: 4, as: UInt32.self)
        output.storeBytes(of: h2.bigEndian, toByteOffset: 8, as: UInt32.self)
        output.storeBytes(of: h3.bigEndian, toByteOffset: 12, as: UInt32.self)
        output.storeBytes(of: h4.bigEndian, toByteOffset: 16, as: UInt32.self)
        output.storeBytes(of: h5.bigEndian, toByteOffset: 20, as: UInt32.self)
        output.storeBytes(of: h6.bigEndian, toByteOffset: 24, as: UInt32.self)
        output.storeBytes(of: h7.bigEndian, toByteOffset: 28, as: UInt32.self)
    }
}

/// 64 bytes of inline storage for one message block: no heap allocation.
struct SHA256Block: Sendable {
    var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
