/// A usage mistake on an example's command line.
package struct ExampleUsageError: Error, CustomStringConvertible {
    /// What was wrong.
    package var description: String

    /// Creates an error.
    package init(_ description: String) { self.description = description }
}

/// The examples' command lines: `--name VALUE` options (repeatable) and `--flag` switches, nothing else.
/// Small on purpose; the `playtime` CLI has the full parser.
package struct ExampleArguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Scans `arguments` (without the program name). Unknown names, a missing value or a stray word throw.
    package init(_ arguments: [String], options: Set<String>, flags known: Set<String>) throws(ExampleUsageError) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if options.contains(word) {
                guard index + 1 < arguments.count else { throw ExampleUsageError("\(word) needs a value") }
                values[word, default: []].append(arguments[index + 1])
                index += 2
            } else if known.contains(word) {
                flags.insert(word)
                index += 1
            } else {
                throw ExampleUsageError("unknown argument '\(word)'")
            }
        }
    }

    /// The last value given for `option`.
    package func value(_ option: String) -> String? { values[option]?.last }

    /// Every value given for a repeatable `option`, in order.
    package func values(_ option: String) -> [String] { values[option] ?? [] }

    /// True when `flag` was given.
    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The integer value of `option` within `range`, or `fallback` when absent.
    package func integer(_ option: String, in range: ClosedRange<Int64>, default fallback: Int64) throws(ExampleUsageError) -> Int64 {
        guard let text = value(option) else { return fallback }
        guard let number = Int64(text), range.contains(number) else {
            throw ExampleUsageError("\(option) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// The value of `option` in seconds (decimals allowed) within `range`, as nanoseconds; `fallback` when absent.
    package func seconds(_ option: String, in range: ClosedRange<Double>, default fallback: Double) throws(ExampleUsageError) -> Int64 {
        var seconds = fallback
        if let text = value(option) {
            guard let parsed = Double(text), parsed.isFinite, range.contains(parsed) else {
                throw ExampleUsageError("\(option) must be a number of seconds in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
            }
            seconds = parsed
        }
        return Int64((seconds * 1_000_000_000).rounded())
    }
}
