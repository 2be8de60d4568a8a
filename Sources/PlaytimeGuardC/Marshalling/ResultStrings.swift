internal import PlaytimeSystem

/// The strings the library hands out (`char *` results), each to be freed once with `ptg_free`.
///
/// Each address is kept while the string is out, so that `ptg_free` of a pointer it never returned (or already
/// freed) is refused with an error instead of corrupting the heap. The addresses are kept complemented: a leak
/// checker scanning this set sees no pointer to the strings, and still reports one a caller never freed.
final class ResultStrings: Sendable {
    /// The one set of a process: C holds bare pointers, so the library must know them without a context.
    static let shared = ResultStrings()

    private let outstanding = ThreadLock(Set<UInt>())

    /// A NUL-terminated copy of `text` the caller owns until `release`.
    func allocate(_ text: String) -> UnsafeMutablePointer<CChar> {
        let utf8 = Array(text.utf8)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
        for (index, byte) in utf8.enumerated() { (pointer + index).initialize(to: CChar(bitPattern: byte)) }
        (pointer + utf8.count).initialize(to: 0)
        let key = ~UInt(bitPattern: pointer)
        outstanding.withLock { _ = $0.insert(key) }
        return pointer
    }

    /// Frees a string `allocate` returned; false (nothing freed) for any other pointer.
    func release(_ pointer: UnsafeMutablePointer<CChar>) -> Bool {
        let key = ~UInt(bitPattern: pointer)
        guard outstanding.withLock({ $0.remove(key) != nil }) else { return false }
        pointer.deallocate()
        return true
    }

    /// How many strings are out (tests).
    var count: Int { outstanding.withLock { $0.count } }
}
