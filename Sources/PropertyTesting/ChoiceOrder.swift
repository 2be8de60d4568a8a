/// Orders recorded choice sequences by simplicity: shorter first, then lexicographically.
///
/// The shrinker only ever moves to a sequence that is strictly simpler in this order,
/// so shrinking always terminates.
enum ChoiceOrder {
    /// True when `lhs` is strictly simpler than `rhs`.
    static func isSimpler(_ lhs: [UInt64], than rhs: [UInt64]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right
        }
        return false
    }
}
