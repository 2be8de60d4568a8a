/// The error thrown by ``PropertyCheck/forAll(_:count:name:seed:configuration:environment:fileID:line:_:)-(_,_,_,_,_,_,_,_,(Value)->Bool)``
/// when a property does not hold.
///
/// Its description names the property, the seed and how to replay it, how many
/// cases ran, the original and shrunk counterexamples and the underlying reason.
package struct PropertyFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Sendable, Equatable {
        /// A counterexample was found.
        case counterexample
        /// Too many generated values were discarded.
        case gaveUp
    }

    /// Whether a counterexample was found or the run gave up.
    package var kind: Kind
    /// The property's name.
    package var name: String
    /// The seed to replay.
    package var seed: UInt64
    /// How many cases ran (including the failing one).
    package var casesRun: Int
    /// How many generations were discarded.
    package var discarded: Int
    /// The original failing value, rendered with `String(describing:)`.
    package var original: String?
    /// The shrunk failing value, rendered with `String(describing:)`.
    package var shrunk: String?
    /// The reason the shrunk value failed (error description or "returned false").
    package var reason: String
    /// Adopted shrink steps.
    package var shrinkSteps: Int
    /// Where the property was declared (`#fileID:#line`).
    package var location: String

    /// The command that replays this failure.
    package var replayInstruction: String {
        let module = location.split(separator: "/").first.map(String.init) ?? ""
        let filter = module.isEmpty ? "" : " --filter \(module)"
        return "\(PropertyEnvironment.seedKey)=\(seed) swift test\(filter)"
    }

    /// A multi-line report.
    package var description: String {
        var lines: [String] = []
        switch kind {
        case .counterexample:
            lines.append("Property '\(name)' failed after \(casesRun) case(s) (seed \(seed)).")
            lines.append("  original: \(original ?? "?")")
            lines.append("  shrunk:   \(shrunk ?? "?") (\(shrinkSteps) shrink step(s))")
            lines.append("  reason:   \(reason)")
        case .gaveUp:
            lines.append("Property '\(name)' gave up after \(casesRun) passing case(s) and \(discarded) discarded generation(s) (seed \(seed)).")
            lines.append("  reason:   \(reason)")
        }
        lines.append("  at:       \(location)")
        lines.append("  replay:   \(replayInstruction)")
        return lines.joined(separator: "\n")
    }
}
