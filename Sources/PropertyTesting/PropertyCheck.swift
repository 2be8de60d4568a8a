import Foundation

/// `forAll`: property checks usable from Swift Testing and XCTest alike.
///
/// ```swift
/// try PropertyCheck.forAll(.int(in: 0...100), name: "square is non-negative") { n in n * n >= 0 }
/// ```
/// Use `check` for bodies that assert by throwing instead of returning a `Bool`.
/// On failure it prints the report to standard error and throws a ``PropertyFailure``;
/// both test frameworks record a thrown error as a test failure.
///
/// Environment: `PLAYTIME_PROPERTY_SEED=<n>` replays a seed; `PLAYTIME_PROPERTY_COUNT=<n>`
/// sets the case count, `=x<k>` multiplies it (see ``PropertyEnvironment``).
package enum PropertyCheck {
    /// Checks that `property` returns `true` (and does not throw) for generated values.
    ///
    /// - Parameters:
    ///   - count: passing cases required; overridden by `PLAYTIME_PROPERTY_COUNT`.
    ///   - seed: a fixed seed; `PLAYTIME_PROPERTY_SEED` takes precedence; `nil` = random.
    ///   - configuration: further knobs; its `count` and `seed` are replaced by the arguments.
    ///   - environment: where to read the variables (the process environment by default).
    package static func forAll<Value>(
        _ gen: Gen<Value>,
        count: Int = 1000,
        name: String = "property",
        seed: UInt64? = nil,
        configuration: PropertyConfiguration = PropertyConfiguration(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        fileID: String = #fileID,
        line: Int = #line,
        _ property: (Value) throws -> Bool
    ) throws(PropertyFailure) {
        var base = configuration
        base.count = max(1, count)
        base.maxDiscards = max(configuration.maxDiscards, base.count.multipliedReportingOverflow(by: 10).partialValue)
        base.seed = seed ?? configuration.seed
        let effective = base.applying(environment: environment)
        let result = PropertyRunner.run(gen, configuration: effective, property)
        if let failure = Self.failure(from: result, name: name, location: "\(fileID):\(line)") {
            if effective.echoFailures { Self.echo(failure) }
            throw failure
        }
    }

    /// Checks that `property` does not throw for generated values (multi-statement bodies).
    ///
    /// Same parameters and report as `forAll`. Inside the body use
    /// `try PropertyCheck.expect(...)`, `try #require(...)` or `throw`: a bare
    /// `#expect` records an issue but does not fail the case, so it would not be
    /// shrunk. (A separate name, because Swift cannot pick between a `Bool` and a
    /// `Void` closure overload for multi-statement bodies; for a `Bool` body use
    /// `forAll`, since a single `Bool` expression given here would be discarded.)
    package static func check<Value>(
        _ gen: Gen<Value>,
        count: Int = 1000,
        name: String = "property",
        seed: UInt64? = nil,
        configuration: PropertyConfiguration = PropertyConfiguration(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        fileID: String = #fileID,
        line: Int = #line,
        _ property: (Value) throws -> Void
    ) throws(PropertyFailure) {
        try forAll(
            gen, count: count, name: name, seed: seed, configuration: configuration,
            environment: environment, fileID: fileID, line: line
        ) { (value: Value) throws -> Bool in
            try property(value)
            return true
        }
    }

    /// Throws a ``PropertyAssertion`` with `message` unless `condition` holds.
    package static func expect(
        _ condition: Bool,
        _ message: @autoclosure () -> String = "expectation failed"
    ) throws(PropertyAssertion) {
        if !condition { throw PropertyAssertion(message()) }
    }

    /// Converts a runner result into the error `forAll` throws, or `nil` when it passed.
    package static func failure<Value>(from result: PropertyResult<Value>, name: String, location: String) -> PropertyFailure? {
        switch result {
        case .passed:
            return nil
        case .failed(let example):
            return PropertyFailure(
                kind: .counterexample, name: name, seed: example.seed, casesRun: example.casesRun,
                discarded: 0, original: String(describing: example.original),
                shrunk: String(describing: example.shrunk), reason: example.shrunkMessage,
                shrinkSteps: example.shrinkSteps, location: location
            )
        case .gaveUp(let seed, let casesRun, let discarded):
            return PropertyFailure(
                kind: .gaveUp, name: name, seed: seed, casesRun: casesRun, discarded: discarded,
                original: nil, shrunk: nil,
                reason: "more than \(discarded - 1) generated values were discarded; loosen the filters",
                shrinkSteps: 0, location: location
            )
        }
    }

    private static func echo(_ failure: PropertyFailure) {
        let text = "[PropertyTesting] \(failure.description)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
