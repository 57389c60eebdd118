/// Levenshtein distance, for "did you mean" suggestions (only computed on error paths). Keeps its
/// rows between calls, so comparing a name with every title allocates almost nothing.
struct EditDistance {
    private var previous: [Int] = []
    private var current: [Int] = []

    /// The number of single-byte insertions, deletions and substitutions from `left` to `right`.
    /// - Complexity: O(left.count × right.count) time, O(right.count) space.
    mutating func between(_ left: [UInt8], _ right: [UInt8]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0...right.count)
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(0, count: right.count + 1))
        for (i, l) in left.enumerated() {
            current[0] = i + 1
            for (j, r) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }

    /// The distance between two strings' UTF-8 bytes.
    static func between(_ left: String, _ right: String) -> Int {
        var distance = EditDistance()
        return distance.between(Array(left.utf8), Array(right.utf8))
    }
}
