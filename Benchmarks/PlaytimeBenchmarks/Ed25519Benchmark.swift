import Foundation
import PlaytimeCrypto
import PlaytimeRoughtime
import PlaytimeTestSupport

/// Measures Ed25519 verification (and, for reference, key validation and test-only signing) in µs/op.
///
/// Arguments: `[--seconds S] [--runs N]`. Each operation is calibrated, warmed up and timed `runs`
/// times; the median run is reported. The message is 64 bytes; openssl speed signs a short message too.
/// `--count N` instead runs exactly N verifications and prints only their count, so that a script can
/// divide by the process's CPU time as `openssl speed` does (scripts/bench-ed25519.sh).
func runEd25519Benchmark(arguments: [String]) {
    let options = ThroughputBenchmarkOptions(arguments: arguments, defaultSeconds: 4, defaultRuns: 5)
    let signer = Ed25519SigningKey(seed: (0..<32).map { UInt8($0 &* 7 &+ 1) })
    let message = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
    let signature = signer.signature(for: message)
    let rawKey = signer.publicKey.rawRepresentation
    guard let key = try? Ed25519PublicKey(rawRepresentation: rawKey), key.isValidSignature(signature, for: message) else {
        print("ed25519: self-check failed")
        return
    }
    if let count = fixedCount(arguments) {
        var verified = 0
        for _ in 0..<count where key.isValidSignature(signature, for: message) { verified += 1 }
        print("verified \(verified)")
        return
    }
    print("ed25519 (PlaytimeCrypto, pure Swift; 64-byte message)")
    print("operation        µs/op (median of \(options.runs))   min      max      ops/s")
    var sink = 0
    let verify = measureThroughput(options: options, bytesPerIteration: 1) { iterations in
        for _ in 0..<iterations where key.isValidSignature(signature, for: message) { sink &+= 1 }
    }
    printOperation("verify", verify)
    let parse = measureThroughput(options: options, bytesPerIteration: 1) { iterations in
        for _ in 0..<iterations { if (try? Ed25519PublicKey(rawRepresentation: rawKey)) != nil { sink &+= 1 } }
    }
    printOperation("key-validate", parse)
    let sign = measureThroughput(options: options, bytesPerIteration: 1) { iterations in
        for _ in 0..<iterations { sink &+= Int(signer.signature(for: message)[0]) }
    }
    printOperation("sign (test)", sign)
    // One complete Roughtime response verification (docs/roughtime.md): framing, both signatures (DELE under
    // the long-term key, SREP under the delegated one), the Merkle path, nonce, version and validity window.
    let responder = FakeRoughtimeResponder(seed: (0..<32).map { UInt8($0 &* 5 &+ 3) })
    let request = RoughtimeRequest.make(nonce: (0..<32).map { UInt8($0) }, serverKey: responder.publicKey)
    guard let response = responder.response(to: request, now: 1_800_000_000, misbehaviour: .honest),
        case .success = RoughtimeVerifier.verify(request: request, response: response, publicKey: responder.publicKey)
    else {
        print("roughtime: self-check failed")
        return
    }
    let roughtime = measureThroughput(options: options, bytesPerIteration: 1) { iterations in
        for _ in 0..<iterations {
            if case .success = RoughtimeVerifier.verify(request: request, response: response, publicKey: responder.publicKey) { sink &+= 1 }
        }
    }
    printOperation("roughtime-resp", roughtime)
    print(String(format: "roughtime response / verify: %.2f× (bar ≤ 2.5×)", verify.median / roughtime.median))
    if sink == 42 { print("") }  // keeps the results observable
}

/// Prints one line of µs/op from a rate summary in millions of operations per second.
private func printOperation(_ name: String, _ rates: ThroughputSummary) {
    // measureThroughput reports 10^6 units per second; with 1 unit per operation that is ops/µs.
    let figures = String(
        format: "%-25.2f %-8.2f %-8.2f %.0f", 1 / rates.median, 1 / rates.max, 1 / rates.min, rates.median * 1e6)
    print(name.padding(toLength: 16, withPad: " ", startingAt: 0) + " " + figures)
}

/// Measures SHA-512 throughput on 16 KiB and 256 B messages and prints MB/s (10^6 bytes per second).
///
/// Arguments: `[--seconds S] [--runs N]`, as for the SHA-256 benchmark; `--count N` hashes exactly N
/// 16 KiB messages and prints only a digest byte (for CPU-time measurement by a script).
func runSHA512Benchmark(arguments: [String]) {
    let options = ThroughputBenchmarkOptions(arguments: arguments, defaultSeconds: 3, defaultRuns: 5)
    if let count = fixedCount(arguments) {
        let message = [UInt8]((0..<16_384).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var sink: UInt8 = 0
        for _ in 0..<count { sink ^= SHA512.hash(message)[0] }
        print("hashed \(count) (\(sink))")
        return
    }
    print("sha512 (PlaytimeCrypto, \(SHAImplementation.sha512 == .instructions ? "the CPU's SHA-512 instructions" : "portable Swift"))")
    print("size      MB/s (median of \(options.runs))   min      max")
    for size in [16_384, 256] {
        let message = [UInt8]((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var sink: UInt8 = 0
        let rates = measureThroughput(options: options, bytesPerIteration: size) { iterations in
            message.withUnsafeBytes { buffer in
                for _ in 0..<iterations {
                    var digest = SHA512()
                    digest.update(bufferPointer: buffer)
                    var out = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                    withUnsafeMutableBytes(of: &out) { digest.finalize(into: $0) }
                    sink ^= UInt8(truncatingIfNeeded: out.0)
                }
            }
        }
        let line = String(format: "%-9d %-22.1f %-8.1f %.1f", size, rates.median, rates.min, rates.max)
        print(line)
        if sink == 0x5a { print("") }  // keeps the digests observable
    }
}

/// The value of `--count N` (N ≥ 0), if given (the SHA-256 benchmark reads it too).
func fixedCount(_ arguments: [String]) -> Int? {
    guard let flag = arguments.firstIndex(of: "--count"), flag + 1 < arguments.count,
        let count = Int(arguments[flag + 1]), count >= 0
    else { return nil }
    return count
}
