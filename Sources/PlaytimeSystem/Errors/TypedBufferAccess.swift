/// `withUnsafeBytes` and `withUnsafeMutableBytes` whose body throws a typed error: the standard library's rethrow an
/// untyped one, which a `throws(SystemError)` caller cannot pass on without a cast.
extension Array where Element == UInt8 {
    /// Runs `body` on the bytes and returns or throws what it does.
    package func withUnsafeBytesThrowing<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let result = withUnsafeBytes { raw in Result { () throws(Failure) in try body(raw) } }
        return try result.get()
    }

    /// Runs `body` on the mutable bytes and returns or throws what it does.
    package mutating func withUnsafeMutableBytesThrowing<Value, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let result = withUnsafeMutableBytes { raw in Result { () throws(Failure) in try body(raw) } }
        return try result.get()
    }
}
