/// The stream of choices a generator draws from.
///
/// In *random* mode every draw comes from a seeded ``SplitMix64`` and is recorded;
/// in *replay* mode draws are read back from a recorded (possibly shrunk) choice
/// sequence, and draws past its end return 0, the simplest choice. Every value a
/// generator produces is therefore a pure function of the recorded choices, which
/// is what lets the shrinker simplify values through `map` and `flatMap`.
///
/// Custom generators call ``choice(upTo:)`` or ``generate(_:)``; the class is not
/// `Sendable` and lives only for the duration of one generation.
package final class GenSource {
    private enum Mode {
        case random(SplitMix64)
        case replay([UInt64])
    }

    private var mode: Mode
    /// The choices consumed so far, after clamping (what a replay would need).
    package private(set) var recorded: [UInt64] = []
    /// The maximum number of choices one value may consume.
    package let choiceLimit: Int

    init(random generator: SplitMix64, choiceLimit: Int) {
        self.mode = .random(generator)
        self.choiceLimit = choiceLimit
    }

    init(replaying choices: [UInt64], choiceLimit: Int) {
        self.mode = .replay(choices)
        self.choiceLimit = choiceLimit
    }

    /// True when draws come from the random generator rather than a recorded sequence.
    package var isRandom: Bool {
        if case .random = mode { return true }
        return false
    }

    /// Draws one choice in `0...bound`; smaller choices mean simpler values.
    ///
    /// In random mode the distribution is biased toward boundaries and small
    /// numbers so that edge cases are found early.
    package func choice(upTo bound: UInt64) throws(GenerationError) -> UInt64 {
        try choice(upTo: bound) { rng in Self.biased(upTo: bound, using: &rng) }
    }

    /// Draws one choice in `0...bound`, taking the random-mode value from `pick`.
    ///
    /// Use this when a generator wants its own random distribution (for example a
    /// target length) while keeping the recorded value replayable and shrinkable.
    package func choice(
        upTo bound: UInt64,
        random pick: (inout SplitMix64) -> UInt64
    ) throws(GenerationError) -> UInt64 {
        guard recorded.count < choiceLimit else { throw .tooManyChoices(limit: choiceLimit) }
        let value: UInt64
        switch mode {
        case .random(var rng):
            value = min(pick(&rng), bound)
            mode = .random(rng)
        case .replay(let choices):
            let index = recorded.count
            value = index < choices.count ? min(choices[index], bound) : 0
        }
        recorded.append(value)
        return value
    }

    /// Runs `generator` against this source and returns its value.
    package func generate<Value>(_ generator: Gen<Value>) throws(GenerationError) -> Value {
        try generator.run(self)
    }

    /// Uses the random generator directly (random mode only); in replay mode returns `fallback`.
    ///
    /// The result is not recorded, so use it only for decisions that do not affect
    /// the generated value, such as how to distribute later choices.
    package func unrecordedRandom(upTo bound: UInt64, fallback: UInt64 = 0) -> UInt64 {
        guard case .random(var rng) = mode else { return fallback }
        let value = rng.next(upTo: bound)
        mode = .random(rng)
        return value
    }

    /// A mixture of uniform, small and boundary values in `0...bound`.
    static func biased(upTo bound: UInt64, using rng: inout SplitMix64) -> UInt64 {
        switch rng.next(upTo: 15) {
        case 0: return 0
        case 1: return bound
        case 2: return min(bound, rng.next(upTo: 3))
        case 3...8:
            // Log-uniform: pick a bit width, then a value of at most that width.
            let bits = rng.next(upTo: 63)
            let mask: UInt64 = bits == 63 ? .max : (UInt64(1) << (bits + 1)) - 1
            return min(bound, rng.next() & mask)
        default:
            return rng.next(upTo: bound)
        }
    }
}
