/// A command line split into options, flags and positional arguments, checked against what a command accepts.
struct ParsedArguments {
    /// Values of options that take one, in order of appearance.
    var options: [String: [String]] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// Everything else, in order.
    var positionals: [String] = []

    /// The last value given for `name`.
    func value(_ name: String) -> String? { options[name]?.last }
    /// Every value given for `name`.
    func values(_ name: String) -> [String] { options[name] ?? [] }
    /// True when the flag was given.
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake on the command line; exit code 2.
struct UsageError: Error, CustomStringConvertible {
    /// What was wrong, in words.
    var description: String
}

/// Splits `arguments` given the option names that take a value and the flag names.
/// Accepts `--name value`, `--name=value`, and `--` to end options.
func scanArguments(_ arguments: [String], valueOptions: Set<String>, flags: Set<String>) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            optionsEnded = true
            continue
        }
        var name = argument
        var inlineValue: String?
        if let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        if valueOptions.contains(name) {
            if let inlineValue {
                parsed.options[name, default: []].append(inlineValue)
            } else if index < arguments.count {
                parsed.options[name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError(description: "option '\(name)' needs a value")
            }
        } else if flags.contains(name), inlineValue == nil {
            parsed.flags.insert(name)
        } else {
            throw UsageError(description: "unknown option '\(argument)'")
        }
    }
    return parsed
}

/// Parses a decimal number of seconds (`1`, `0.25`) into nanoseconds; rejects negatives and junk.
func parseSeconds(_ text: String, option: String) throws(UsageError) -> Int64 {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = Int64(parts[0].isEmpty ? "0" : String(parts[0])), whole >= 0, whole < 1_000_000 else {
        throw UsageError(description: "\(option) takes a number of seconds, not '\(text)'")
    }
    var nanos: Int64 = 0
    if parts.count == 2 {
        let digits = parts[1]
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII), let value = Int64(digits) else {
            throw UsageError(description: "\(option) takes a number of seconds, not '\(text)'")
        }
        nanos = value * Int64(pow10(9 - digits.count))
    }
    return whole * 1_000_000_000 + nanos
}

/// Parses a decimal number of seconds within `range` (in nanoseconds), naming the range when out of it.
func parseSeconds(_ text: String, option: String, in range: ClosedRange<Int64>) throws(UsageError) -> Int64 {
    let value = try parseSeconds(text, option: option)
    guard range.contains(value) else {
        throw UsageError(
            description: "\(option) takes a number of seconds from \(secondsText(range.lowerBound)) to \(secondsText(range.upperBound)), not '\(text)'")
    }
    return value
}

/// Nanoseconds as the shortest decimal seconds: `0`, `0.001`, `60`.
private func secondsText(_ nanoseconds: Int64) -> String {
    let whole = String(nanoseconds / 1_000_000_000)
    var fraction = String(nanoseconds % 1_000_000_000)
    guard fraction != "0" else { return whole }
    fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return whole + "." + fraction
}

/// Parses a whole number within `range`.
func parseInteger(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
        throw UsageError(description: "\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
}

private func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }
