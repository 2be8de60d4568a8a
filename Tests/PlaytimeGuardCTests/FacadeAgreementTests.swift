import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeGuardC
import PlaytimeTestSupport
import Testing

/// One script of a game's life, played on the facade and through the C calls on clocks moved alike.
enum ScriptStep: Sendable {
    case launch([String]?)
    case background(Int64)
    case advance(Int64)
    case foreground([String]?)
    case settle
    /// The process ends (the handle closed, the facade let go) and a new one opens the directory.
    case restart
    case reboot(downtimeNanoseconds: Int64, uptimeNanoseconds: Int64)
    case network(ManualNetworkTimeSource.Mode)
}

extension CInterfaceTests {
    static let s: Int64 = 1_000_000_000
    static let hour: Int64 = 3_600 * s

    /// Online at launch, 2 h away with the ad asked for, a repeat, a kill while away across a reboot without
    /// network (provisional, half in escrow), a settle offline (nothing), then one online (the top-up).
    static let script: [ScriptStep] = [
        .launch(nil), .background(600), .advance(2 * hour), .foreground(["ad"]), .foreground(["ad"]), .settle,
        .advance(30 * s), .background(600), .restart, .reboot(downtimeNanoseconds: hour, uptimeNanoseconds: 600 * s),
        .network(.unreachable), .launch([]), .settle, .advance(300 * s), .network(.answer), .settle, .settle,
    ]

    static func multipliersJSON(_ names: [String]?) -> String? {
        names.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
    }

    /// The payouts of each step, on the facade.
    static func playFacade(_ fixture: CFixture) async throws -> [[PayoutFigures]] {
        var earnings: OfflineEarnings? = try fixture.facade()
        var paid: [[PayoutFigures]] = []
        for step in script {
            switch step {
            case .launch(let names): paid.append(try await earnings!.launch(multipliers: names ?? []).map { [PayoutFigures($0)] } ?? [])
            case .background(let rate): _ = try earnings!.background(goldPerHour: rate)
            case .advance(let nanoseconds): fixture.clock.advance(nanoseconds: nanoseconds)
            case .foreground(let names): paid.append(try await earnings!.foreground(multipliers: names ?? []).map { [PayoutFigures($0)] } ?? [])
            case .settle: paid.append(try await earnings!.settle().map(PayoutFigures.init))
            case .restart:
                earnings = nil
                earnings = try fixture.facade()
            case .reboot(let down, let up): fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: down, uptimeNanoseconds: up)
            case .network(let mode): fixture.network.set(mode)
            }
        }
        return paid
    }

    /// The payouts of each step, through the C functions (the blocking forms).
    static func playC(_ fixture: CFixture) throws -> [[PayoutFigures]] {
        var handle = try fixture.open()
        var paid: [[PayoutFigures]] = []
        func payouts(_ answer: CAnswer) -> [PayoutFigures] {
            #expect(answer.status == 0, "\(answer.json)")
            return answer.payouts.map(PayoutFigures.init)
        }
        for step in script {
            switch step {
            case .launch(let names): paid.append(payouts(CAnswer { ptgLaunch(handle, multipliersJSON(names), $0) }))
            case .background(let rate):
                let departed = CAnswer { ptgBackground(handle, rate, $0) }
                #expect(departed.json == "{}")
            case .advance(let nanoseconds): fixture.clock.advance(nanoseconds: nanoseconds)
            case .foreground(let names): paid.append(payouts(CAnswer { ptgForeground(handle, multipliersJSON(names), $0) }))
            case .settle: paid.append(payouts(CAnswer { ptgSettle(handle, $0) }))
            case .restart:
                #expect(ptgClose(handle) == 0)
                handle = try fixture.open()
            case .reboot(let down, let up): fixture.clock.reboot(newBootID: "boot-B", downtimeNanoseconds: down, uptimeNanoseconds: up)
            case .network(let mode): fixture.network.set(mode)
            }
        }
        #expect(ptgClose(handle) == 0)
        return paid
    }

    @Test(
        "The C calls pay what the facade pays for the same life (a return with the ad, a kill while away, a reboot offline, the top-up): figures, messages, explanations"
    )
    func paysAsTheFacade() async throws {
        let swift = CFixture()
        let c = CFixture()
        defer {
            swift.cleanUp()
            c.cleanUp()
        }
        let strings = CInterfaceTesting.outstandingStrings
        let expected = try await Self.playFacade(swift)
        let received = try await offPool { try Self.playC(c) }
        #expect(received == expected)
        // The script pays what it is meant to: a return with the ad pending, a provisional launch, a top-up.
        #expect(expected.map(\.count) == [0, 1, 0, 0, 1, 0, 1, 0])
        #expect(expected[1].first?.pending == ["ad=600"], "the ad doubles the 599 gold of 2 h: \(expected[1])")
        let provisional = expected[4].first?.goldInEscrow ?? 0
        #expect(provisional > 0, "provisional: part held")
        #expect(expected[6].first?.messages.first?.hasPrefix("settledLater") == true, "\(expected[6])")
        #expect(CInterfaceTesting.outstandingStrings == strings, "every string the calls handed out was freed")
        #expect(CInterfaceTesting.openHandles == 0)
    }
}
