/// A failing input, before and after shrinking.
public struct Counterexample<Value> {
    /// The seed of the run that found it.
    public var seed: UInt64
    /// How many cases ran, including the failing one.
    public var casesRun: Int
    /// The first failing value found.
    public var original: Value
    /// The simplest failing value the shrinker reached.
    public var shrunk: Value
    /// Why the original value failed.
    public var originalMessage: String
    /// Why the shrunk value failed.
    public var shrunkMessage: String
    /// The recorded choices of the original value.
    public var originalChoices: [UInt64]
    /// The recorded choices of the shrunk value.
    public var shrunkChoices: [UInt64]
    /// How many simplifications the shrinker adopted.
    public var shrinkSteps: Int
    /// How many property evaluations the shrinker spent.
    public var shrinkEvaluations: Int
}

/// The outcome of running a property.
public enum PropertyResult<Value> {
    /// Every case passed.
    case passed(seed: UInt64, casesRun: Int, discarded: Int)
    /// A case failed.
    case failed(Counterexample<Value>)
    /// Too many generations were discarded before `count` cases passed.
    case gaveUp(seed: UInt64, casesRun: Int, discarded: Int)
}
