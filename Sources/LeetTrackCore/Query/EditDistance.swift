/// Levenshtein distance, for "did you mean" suggestions (only computed on error paths).
enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions from `a` to `b`.
    /// - Complexity: O(a.count × b.count) time, O(b.count) space.
    static func between(_ a: String, _ b: String) -> Int {
        let left = Array(a.unicodeScalars)
        let right = Array(b.unicodeScalars)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for (i, l) in left.enumerated() {
            current[0] = i + 1
            for (j, r) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
