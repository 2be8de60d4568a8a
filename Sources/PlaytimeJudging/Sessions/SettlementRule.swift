/// When a return waits for a later network fix, and which fix settles it (docs/journal-format.md §10, rules 2c and 3):
/// the one rule the recorder, the verdict and the server's auditor apply.
package enum SettlementRule {
    /// A return needs settlement when it crossed a reboot and has no network time: only a later fix in
    /// the return's boot can prove how long the player was away. Within one boot, it needs one when network
    /// time falls short of the boot clock beyond their errors and the clock-step tolerance: a later fix tells
    /// which of them lied.
    package static func needsSettlement(
        departure: Evidence, arrival: Evidence, driftPPM: Int64 = VerdictConfiguration.standard.driftPPM,
        tolerance: Int64 = VerdictConfiguration.standard.clockStepToleranceNanoseconds
    ) -> Bool {
        // Across a reboot a return without usable network time of its own (absent, or a negative error
        // bound) waits for a later fix of its boot (docs/journal-format.md §10, rule 3).
        if departure.clock.bootID != arrival.clock.bootID { return TrustedNetworkTime(arrival.network) == nil }
        guard departure.clock.bootID != nil else { return false }
        return SameBootAgreement.networkFallsShort(departure: departure, arrival: arrival, driftPPM: driftPPM, tolerance: tolerance)
    }

    /// True when a settlement record `proof` settles the return: across a reboot any fix of the return's boot
    /// does; within one boot only a fix a server accepts (rule 2c of docs/journal-format.md §10, the same
    /// ``SameBootAgreement/settles(departure:arrival:later:driftPPM:tolerance:)`` the verdict applies), so a
    /// spoofer's answer or a fix with a useless error bound leaves the session waiting.
    package static func settles(
        departure: Evidence, arrival: Evidence, with proof: Evidence,
        driftPPM: Int64 = VerdictConfiguration.standard.driftPPM,
        tolerance: Int64 = VerdictConfiguration.standard.clockStepToleranceNanoseconds
    ) -> Bool {
        guard departure.clock.bootID != nil, departure.clock.bootID == arrival.clock.bootID else { return true }
        return SameBootAgreement.settles(departure: departure, arrival: arrival, later: proof, driftPPM: driftPPM, tolerance: tolerance)
    }
}
