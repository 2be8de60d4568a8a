import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeGuardC
import PlaytimeTestSupport
import Testing

extension CInterfaceTests {
    @Test("NULLs, invalid UTF-8, malformed JSON and closed handles answer with their codes; nothing is left out")
    func hostileInputs() async throws {
        let fixture = CFixture()
        defer { fixture.cleanUp() }
        try await offPool { try Self.hostile(fixture) }
    }

    static func hostile(_ fixture: CFixture) throws {
        let strings = CInterfaceTesting.outstandingStrings
        var handle: UInt64 = 99
        let nullDirectory = CAnswer { ptgOpen(nil, "{}", &handle, $0) }
        #expect(nullDirectory.status == 2 && nullDirectory.code == "null-argument" && handle == 0)
        #expect(ptgOpen(fixture.directory, "{}", &handle, nil) == 2)
        let nullHandle = CAnswer { ptgOpen(fixture.directory, "{}", nil, $0) }
        #expect(nullHandle.code == "null-argument")
        let invalid: [UInt8] = [0x7b, 0x22, 0x65, 0x6e, 0x72, 0x6f, 0x6c, 0x6c, 0x6d, 0x65, 0x6e, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d, 0]
        let utf8 = invalid.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in CAnswer { ptgOpen(fixture.directory, text, &handle, $0) } }
        }
        #expect(utf8.status == 3 && utf8.code == "invalid-utf8", "\(utf8.json)")
        for text in ["", "{", "[1,", #"{"ntpServers":["a",]}"#, "{'a':1}", String(repeating: "[", count: 100_000)] {
            let answer = CAnswer { ptgOpen(fixture.directory, text, &handle, $0) }
            #expect(answer.status == 4 && answer.code == "malformed-json", "\(text.prefix(30)): \(answer.json)")
        }
        for text in ["[]", #"{"polcy":{}}"#, #"{"ntpServers":[],"ntpServers":[]}"#, #"{"ntpServers":["no such host!"]}"#, #"{"enrollment":"pe1.x"}"#] {
            let answer = CAnswer { ptgOpen(fixture.directory, text, &handle, $0) }
            #expect(answer.status == 5 && answer.code == "invalid-argument", "\(text): \(answer.json)")
        }
        handle = try fixture.open()
        let numbers = CAnswer { ptgForeground(handle, "[1]", $0) }
        #expect(numbers.code == "invalid-argument")
        let unclosed = CAnswer { ptgForeground(handle, "[", $0) }
        #expect(unclosed.code == "malformed-json")
        let negative = CAnswer { ptgBackground(handle, -1, $0) }
        #expect(negative.status == 1 && negative.code == "recorder", "\(negative.json)")
        #expect(ptgClose(handle) == 0)
        #expect(ptgClose(handle) == 6)
        for closed in [handle, 0, UInt64.max] {
            let settled = CAnswer { ptgSettle(closed, $0) }
            #expect(settled.code == "closed-handle")
            let request = CAnswer { ptgAnchorRequest(closed, $0) }
            #expect(request.code == "closed-handle")
        }
        var out: UnsafeMutablePointer<CChar>?
        #expect(ptgAnchorRequest(handle, &out) == 6)
        #expect(ptgFree(out) == 0)
        #expect(ptgFree(out) == 5, "a second free is refused, nothing freed")
        #expect(ptgFree(nil) == 0)
        #expect(CInterfaceTesting.outstandingStrings == strings)
    }

    @Test("Eight threads on one handle: one departure pays one return; closing under them leaves each call answered, the directory open again at once")
    func eightThreads() async throws {
        let fixture = CFixture()
        defer { fixture.cleanUp() }
        let handle = try await offPool { try fixture.open(#"{"ntpServers":[]}"#) }
        _ = try await offPool { CAnswer { ptgBackground(handle, 600, $0) } }
        fixture.clock.advance(nanoseconds: Self.hour)
        let paid = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { (try? await offPool { CAnswer { ptgForeground(handle, #"["ad"]"#, $0) }.payouts.count }) ?? -100 } }
            return await group.reduce(0, +)
        }
        #expect(paid == 1)
        let statuses = await withTaskGroup(of: [Int32].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    (try? await offPool {
                        (0..<60).map { index -> Int32 in
                            switch (index + worker) % 4 {
                            case 0: CAnswer { ptgBackground(handle, 600, $0) }.status
                            case 1: CAnswer { ptgForeground(handle, nil, $0) }.status
                            case 2: CAnswer { ptgSettle(handle, $0) }.status
                            default: CAnswer { ptgAnchorRequest(handle, $0) }.status
                            }
                        }
                    }) ?? [-1]
                }
            }
            group.addTask {
                (try? await offPool {
                    Thread.sleep(forTimeInterval: 0.05)
                    return [ptgClose(handle)]
                }) ?? [-1]
            }
            return await group.reduce([], +)
        }
        #expect(Set(statuses).isSubset(of: [0, 6]), "each call succeeded or found the handle closed: \(Set(statuses))")
        let late = try await offPool { CAnswer { ptgSettle(handle, $0) } }
        #expect(late.code == "closed-handle")
        let reopened = try await offPool { ptgClose(try fixture.open()) }
        #expect(reopened == 0, "the directory opens again at once")
        #expect(CInterfaceTesting.openHandles == 0)
    }
}
