// libFuzzer entry for the NTP packet decoder and reply validator.
// Built by scripts/fuzz-ntp.sh with the wire and validation sources compiled in directly.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNTPPacket(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let packet = NTPPacket(decoding: bytes) {
        // Decoding then encoding reproduces the header exactly.
        precondition(packet.encoded() == Array(bytes.prefix(NTPPacket.headerSize)))
        _ = packet.kissCode
        let nonce = packet.originTimestamp.rawValue
        precondition(NTPPacket.echoes(nonce: nonce, in: bytes))
        // Validation must never trap, whatever the timestamps claim, with any local frame.
        for frame: Int64 in [0, 1_796_083_200_000_000_000, Int64.max / 2, Int64.min / 2] {
            let timing = NTPExchangeTiming(
                frameWallNanoseconds: frame, frameBootNanoseconds: 0,
                sentBootNanoseconds: 0, receivedBootNanoseconds: Int64(size) * 1_000)
            _ = NTPReplyValidator.validate(bytes, nonce: nonce, timing: timing, limits: NTPValidationLimits())
        }
        _ = packet.receiveTimestamp.unixNanoseconds(near: Int64(bitPattern: UInt64(packet.referenceID) << 32))
    } else {
        precondition(size < NTPPacket.headerSize)
    }
    return 0
}
