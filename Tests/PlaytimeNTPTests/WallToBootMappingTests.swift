import PlaytimeSystem
import PropertyTesting
import Testing

/// The pure mapping of a kernel's wall-clock receive stamp onto the boot clock (T4 of an exchange).
@Suite("Wall-to-boot mapping of receive stamps")
struct WallToBootMappingTests {
    /// A stamp, a wall/boot pair read after it, and the send it answers; from realistic to extreme.
    static let cases = Gen.zip(
        Gen<Int64>.int64,
        Gen.zip(Gen<Int64>.int64, Gen<Int64>.int64),
        Gen<Int64>.int64
    )

    /// Realistic cases: pair ≈ a few ms after the send, stamp anywhere around the pair's wall reading.
    static let nearby = Gen.zip(
        Gen<Int64>.int(in: 1_600_000_000_000_000_000...1_900_000_000_000_000_000),
        Gen<Int64>.int(in: 0...4_000_000_000_000_000),
        Gen<Int64>.int(in: -10_000_000...10_000_000),
        Gen<Int64>.int(in: 0...5_000_000)
    )

    static func map(_ stamp: Int64, _ pair: (Int64, Int64), _ notBefore: Int64) -> Int64 {
        WallToBootMapping.bootNanoseconds(
            ofWall: stamp, pairedWith: WallBootPair(wallNanoseconds: pair.0, bootNanoseconds: pair.1),
            notBefore: notBefore)
    }

    @Test("A stamp 3 µs before the read lands 3 µs before the read on the boot clock")
    func examples() {
        let pair = WallBootPair(wallNanoseconds: 1_750_000_000_000_000_000, bootNanoseconds: 9_000_000)
        let map = { (stamp: Int64, notBefore: Int64) in
            WallToBootMapping.bootNanoseconds(ofWall: stamp, pairedWith: pair, notBefore: notBefore)
        }
        #expect(map(pair.wallNanoseconds - 3_000, 8_000_000) == 8_997_000)
        #expect(map(pair.wallNanoseconds, 8_000_000) == 9_000_000)
        // Later than the read (the wall clock stepped back in between): the read itself.
        #expect(map(pair.wallNanoseconds + 5_000, 8_000_000) == 9_000_000)
        // Earlier than the send (the wall clock stepped forward in between): the send.
        #expect(map(pair.wallNanoseconds - 2_000_000, 8_000_000) == 8_000_000)
        // Extremes neither trap nor leave the window.
        #expect(map(.min, 8_000_000) == 8_000_000)
        #expect(map(.max, 8_000_000) == 9_000_000)
        #expect(
            WallToBootMapping.bootNanoseconds(
                ofWall: 0, pairedWith: WallBootPair(wallNanoseconds: .max, bootNanoseconds: .max),
                notBefore: .min) == 0)
    }

    @Test("The result lies in [notBefore, read] (or is the read when notBefore is later), for any input")
    func withinBounds() throws {
        try PropertyCheck.forAll(Self.cases, count: 3000, name: "mapping within bounds") { stamp, pair, notBefore in
            let result = Self.map(stamp, pair, notBefore)
            return result <= pair.1 && result >= min(notBefore, pair.1)
        }
    }

    @Test("Monotone: a later stamp never maps to an earlier boot instant")
    func monotone() throws {
        let gen = Gen.zip(Self.cases, Gen<Int64>.int64)
        try PropertyCheck.forAll(gen, count: 3000, name: "mapping monotone") { values, other in
            let (stamp, pair, notBefore) = values
            let (low, high) = stamp <= other ? (stamp, other) : (other, stamp)
            return Self.map(low, pair, notBefore) <= Self.map(high, pair, notBefore)
        }
    }

    @Test("fallsInWindow holds exactly when the clamp is not needed")
    func windowPredicate() throws {
        try PropertyCheck.forAll(Self.nearby, count: 3000, name: "window predicate") { wall, boot, age, window in
            let pair = WallBootPair(wallNanoseconds: wall, bootNanoseconds: boot)
            return WallToBootMapping.fallsInWindow(wall - age, pairedWith: pair, notBefore: boot - window) == (age >= 0 && age <= window)
        }
        // Extremes do not trap; a send after the read is no window at all.
        let pair = WallBootPair(wallNanoseconds: .max, bootNanoseconds: .max)
        #expect(!WallToBootMapping.fallsInWindow(.min, pairedWith: pair, notBefore: .min))
        #expect(WallToBootMapping.fallsInWindow(.max, pairedWith: pair, notBefore: .min))
        #expect(WallToBootMapping.fallsInWindow(.max, pairedWith: pair, notBefore: .max))
        #expect(!WallToBootMapping.fallsInWindow(5, pairedWith: WallBootPair(wallNanoseconds: 5, bootNanoseconds: 10), notBefore: 11))
    }

    @Test("A datagram's arrival: the mapped stamp inside the window, else the read time (a stepped or faked wall clock)")
    func arrival() throws {
        let readAt = WallBootPair(wallNanoseconds: 1_750_000_000_000_000_000, bootNanoseconds: 50_000_000)
        let sent: Int64 = 49_900_000
        func arrival(_ stamp: Int64?) -> Int64 {
            StampedDatagram(count: 48, kernelWallNanoseconds: stamp, readAt: readAt).arrivalBootNanoseconds(notBefore: sent)
        }
        #expect(arrival(nil) == readAt.bootNanoseconds)
        #expect(arrival(readAt.wallNanoseconds - 7_000) == readAt.bootNanoseconds - 7_000)
        #expect(arrival(readAt.wallNanoseconds - 100_000) == sent)
        // libfaketime +5 h moves this process's wall clock but not the kernel's stamps: the stamp looks 5 h old.
        #expect(arrival(readAt.wallNanoseconds - 18_000_000_000_000) == readAt.bootNanoseconds)
        // Wall clock stepped back between arrival and read: the stamp looks like the future.
        #expect(arrival(readAt.wallNanoseconds + 3_000) == readAt.bootNanoseconds)
        let gen = Gen.zip(Gen<Int64>.int64, Gen<Int64>.int64, Gen<Int64>.int64)
        try PropertyCheck.forAll(gen, count: 3000, name: "arrival within bounds") { stamp, wall, notBefore in
            let pair = WallBootPair(wallNanoseconds: wall, bootNanoseconds: readAt.bootNanoseconds)
            let value = StampedDatagram(count: 0, kernelWallNanoseconds: stamp, readAt: pair).arrivalBootNanoseconds(notBefore: notBefore)
            return value <= pair.bootNanoseconds && value >= min(notBefore, pair.bootNanoseconds)
        }
    }

    @Test("Inside the window the mapping is exact: the stamp's wall age equals its boot age")
    func exactInside() throws {
        try PropertyCheck.forAll(Self.nearby, count: 3000, name: "mapping exact inside window") { wall, boot, age, window in
            let sent = boot - window
            let result = Self.map(wall - age, (wall, boot), sent)
            if age >= 0 && age <= window { return result == boot - age }
            return age < 0 ? result == boot : result == sent
        }
    }
}
