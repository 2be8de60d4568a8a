/// A failing input, before and after shrinking.
package struct Counterexample<Value> {
    /// The seed of the run that found it.
    package var seed: UInt64
    /// How many cases ran, including the failing one.
    package var casesRun: Int
    /// The first failing value found.
    package var original: Value
    /// The simplest failing value the shrinker reached.
    package var shrunk: Value
    /// Why the original value failed.
    package var originalMessage: String
    /// Why the shrunk value failed.
    package var shrunkMessage: String
    /// The recorded choices of the original value.
    package var originalChoices: [UInt64]
    /// The recorded choices of the shrunk value.
    package var shrunkChoices: [UInt64]
    /// How many simplifications the shrinker adopted.
    package var shrinkSteps: Int
    /// How many property evaluations the shrinker spent.
    package var shrinkEvaluations: Int
}

/// The outcome of running a property.
package enum PropertyResult<Value> {
    /// Every case passed.
    case passed(seed: UInt64, casesRun: Int, discarded: Int)
    /// A case failed.
    case failed(Counterexample<Value>)
    /// Too many generations were discarded before `count` cases passed.
    case gaveUp(seed: UInt64, casesRun: Int, discarded: Int)
}
