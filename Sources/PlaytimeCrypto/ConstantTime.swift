/// Compares two byte collections in time that depends only on their lengths, never on their contents.
///
/// Collections of different lengths compare unequal at once (lengths are not secret);
/// for equal lengths every byte pair is examined, with no early exit.
@inlinable
package func constantTimeEquals<A: Collection, B: Collection>(_ lhs: A, _ rhs: B) -> Bool
where A.Element == UInt8, B.Element == UInt8 {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for (left, right) in zip(lhs, rhs) {
        difference |= left ^ right
    }
    return difference == 0
}
