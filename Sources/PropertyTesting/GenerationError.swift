/// Why a generator could not produce a value for the current choice sequence.
///
/// These are not test failures: the runner discards the attempt (while
/// searching) or treats the candidate as uninteresting (while shrinking).
package enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `filter` found no acceptable value within its retry budget.
    case filterExhausted(attempts: Int)
    /// The generator drew more choices than the per-value limit allows.
    case tooManyChoices(limit: Int)
    /// A custom generator rejected the choices with a reason.
    case rejected(String)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .filterExhausted(let attempts): return "filter rejected \(attempts) candidates in a row"
        case .tooManyChoices(let limit): return "generator drew more than \(limit) choices"
        case .rejected(let reason): return "generator rejected the input: \(reason)"
        }
    }
}
