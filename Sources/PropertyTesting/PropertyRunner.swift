/// Runs a property against generated values and shrinks the first failure.
///
/// This is the framework-free core used by ``PropertyCheck``; it never prints.
package enum PropertyRunner {
    /// Evaluates `property` for up to `configuration.count` generated values.
    ///
    /// A value fails when the property returns `false` or throws. Generation
    /// errors (filters, rejections) are discarded, not failures.
    package static func run<Value>(
        _ gen: Gen<Value>,
        configuration: PropertyConfiguration,
        _ property: (Value) throws -> Bool
    ) -> PropertyResult<Value> {
        withoutActuallyEscaping(property) { property in
            runEscaping(gen, configuration: configuration, property)
        }
    }

    private static func runEscaping<Value>(
        _ gen: Gen<Value>,
        configuration: PropertyConfiguration,
        _ property: @escaping (Value) throws -> Bool
    ) -> PropertyResult<Value> {
        let seed = configuration.seed ?? UInt64.random(in: .min ... .max)
        var seeds = SplitMix64(seed: seed)
        var passed = 0
        var discarded = 0

        func evaluate(_ value: Value) -> String? {
            do {
                return try property(value) ? nil : "property returned false"
            } catch {
                return "threw \(String(reflecting: type(of: error))): \(error)"
            }
        }

        while passed < configuration.count {
            let source = GenSource(random: SplitMix64(seed: seeds.next()), choiceLimit: configuration.choiceLimit)
            let value: Value
            do {
                value = try gen.run(source)
            } catch {
                discarded += 1
                if discarded > configuration.maxDiscards {
                    return .gaveUp(seed: seed, casesRun: passed, discarded: discarded)
                }
                continue
            }
            guard let message = evaluate(value) else {
                passed += 1
                continue
            }
            let start = Shrinker<Value>.Failure(choices: source.recorded, value: value, message: message)
            var shrinker = Shrinker(start: start, budget: configuration.shrinkBudget) { choices in
                let replay = GenSource(replaying: choices, choiceLimit: configuration.choiceLimit)
                guard let candidate = try? gen.run(replay), let reason = evaluate(candidate) else { return nil }
                return .init(choices: replay.recorded, value: candidate, message: reason)
            }
            shrinker.shrink()
            return .failed(
                Counterexample(
                    seed: seed,
                    casesRun: passed + 1,
                    original: value,
                    shrunk: shrinker.best.value,
                    originalMessage: message,
                    shrunkMessage: shrinker.best.message,
                    originalChoices: start.choices,
                    shrunkChoices: shrinker.best.choices,
                    shrinkSteps: shrinker.improvements,
                    shrinkEvaluations: shrinker.evaluations
                ))
        }
        return .passed(seed: seed, casesRun: passed, discarded: discarded)
    }
}
