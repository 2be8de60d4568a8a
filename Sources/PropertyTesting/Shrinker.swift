/// Simplifies a failing choice sequence while it keeps failing (Hypothesis-style).
///
/// Passes: delete chunks (optionally decrementing the choice before them, which
/// shortens length-prefixed structures), zero chunks, minimise each choice by
/// binary search, sort adjacent pairs, and move value from earlier choices to
/// later ones (which simplifies sums and pairs constrained together). Passes repeat until a full round makes
/// no progress or the evaluation budget is spent.
struct Shrinker<Value> {
    /// What replaying a candidate produced, when it still fails.
    struct Failure {
        var choices: [UInt64]
        var value: Value
        var message: String
    }

    private let replay: ([UInt64]) -> Failure?
    private let budget: Int
    private(set) var best: Failure
    private(set) var evaluations = 0
    private(set) var improvements = 0

    init(start: Failure, budget: Int, replay: @escaping ([UInt64]) -> Failure?) {
        self.best = start
        self.budget = max(0, budget)
        self.replay = replay
    }

    private var exhausted: Bool { evaluations >= budget }

    /// Tries a candidate and adopts it when it fails and is simpler. Returns true on adoption.
    @discardableResult
    private mutating func attempt(_ candidate: [UInt64]) -> Bool {
        guard !exhausted, candidate != best.choices else { return false }
        guard ChoiceOrder.isSimpler(candidate, than: best.choices) else { return false }
        evaluations += 1
        guard let failure = replay(candidate),
            ChoiceOrder.isSimpler(failure.choices, than: best.choices)
        else { return false }
        best = failure
        improvements += 1
        return true
    }

    /// Runs all passes to a fixed point (or until the budget runs out).
    mutating func shrink() {
        var previous: [UInt64]? = nil
        while !exhausted, previous != best.choices {
            previous = best.choices
            deleteChunks()
            zeroChunks()
            minimiseEach()
            sortAdjacent()
            redistribute()
        }
    }

    private mutating func deleteChunks() {
        for size in [8, 4, 2, 1] {
            var start = best.choices.count - size
            while start >= 0, !exhausted {
                var removed = best.choices
                removed.removeSubrange(start..<start + size)
                if attempt(removed) {
                    start = min(start, best.choices.count - size)
                    continue
                }
                // Deleting elements of a length-prefixed structure also needs its
                // length choice reduced; only worth trying when real content goes.
                let chunkHasContent = best.choices[start..<start + size].contains { $0 != 0 }
                if chunkHasContent, start > 0, removed[start - 1] > 0 {
                    removed[start - 1] -= 1
                    attempt(removed)
                }
                start = min(start - 1, best.choices.count - size)
            }
        }
    }

    private mutating func zeroChunks() {
        for size in [8, 4, 2] {
            var start = 0
            while start + size <= best.choices.count, !exhausted {
                let range = start..<start + size
                if best.choices[range].contains(where: { $0 != 0 }) {
                    var zeroed = best.choices
                    zeroed.replaceSubrange(range, with: repeatElement(0, count: size))
                    attempt(zeroed)
                }
                start += 1
            }
        }
    }

    private mutating func minimiseEach() {
        var index = 0
        while index < best.choices.count, !exhausted {
            minimise(at: index)
            index += 1
        }
    }

    /// Binary-searches the smallest failing value at `index` (exact when failure is monotone).
    private mutating func minimise(at index: Int) {
        guard best.choices[index] > 0 else { return }
        if replace(index, with: 0) { return }
        if replace(index, with: 1) { return }
        var passing: UInt64 = 1
        var failing = best.choices[index]
        while failing - passing > 1, !exhausted, index < best.choices.count {
            let middle = passing + (failing - passing) / 2
            if replace(index, with: middle) {
                failing = min(middle, best.choices[index])
            } else {
                passing = middle
            }
            if index >= best.choices.count || best.choices[index] != failing { return }
        }
        // Non-monotone failures: also try a few neighbours below.
        var step: UInt64 = 1
        while step <= 4, index < best.choices.count, best.choices[index] >= step {
            _ = replace(index, with: best.choices[index] - step)
            step += 1
        }
    }

    private mutating func replace(_ index: Int, with value: UInt64) -> Bool {
        guard index < best.choices.count else { return false }
        var candidate = best.choices
        candidate[index] = value
        return attempt(candidate)
    }

    private mutating func sortAdjacent() {
        var index = 0
        while index + 1 < best.choices.count, !exhausted {
            if best.choices[index] > best.choices[index + 1] {
                var swapped = best.choices
                swapped.swapAt(index, index + 1)
                attempt(swapped)
            }
            index += 1
        }
    }

    private mutating func redistribute() {
        var first = 0
        while first < best.choices.count, !exhausted {
            var second = first + 1
            while second < min(first + 4, best.choices.count), !exhausted {
                var amount = best.choices[first]
                while amount > 0, !exhausted, second < best.choices.count {
                    var moved = best.choices
                    moved[first] -= min(amount, moved[first])
                    moved[second] = moved[second].addingReportingOverflow(amount).overflow ? .max : moved[second] + amount
                    if attempt(moved) { break }
                    amount /= 2
                }
                second += 1
            }
            first += 1
        }
    }
}
