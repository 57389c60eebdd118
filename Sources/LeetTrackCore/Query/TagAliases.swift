/// Short names people type for common tags (`dp`, `bfs`, `2p`), accepted wherever a tag is.
///
/// An alias is tried only when no tag is spelled that way, so it never hides a real tag name.
public enum TagAliases {
    /// Alias to the catalog's tag name, in the order `--help` and the guide list them.
    public static let all: [(alias: String, tag: String)] = [
        ("dp", "Dynamic Programming"), ("bfs", "Breadth-First Search"), ("dfs", "Depth-First Search"),
        ("bs", "Binary Search"), ("ll", "Linked List"), ("2p", "Two Pointers"), ("sw", "Sliding Window"),
        ("bt", "Backtracking"), ("bit", "Bit Manipulation"), ("heap", "Heap (Priority Queue)"),
        ("pq", "Heap (Priority Queue)"), ("uf", "Union-Find"), ("dsu", "Union-Find"), ("bst", "Binary Search Tree"),
        ("mono", "Monotonic Stack"), ("topo", "Topological Sort"),
        ("hash", "Hash Table"), ("greedy", "Greedy"), ("prefix", "Prefix Sum"), ("trie", "Trie"),
        ("segtree", "Segment Tree"), ("bit-tree", "Binary Indexed Tree"), ("sql", "Database"),
    ]

    /// The tag an alias names (any case), or `nil`.
    public static func tag(for alias: String) -> String? {
        let wanted = alias.lowercased()
        return all.first { $0.alias == wanted }?.tag
    }

    /// `dp (Dynamic Programming), bfs (Breadth-First Search), …`, for help text. It is part of
    /// `list`'s declarations, made at every run: joined without the generic `joined`.
    public static var summary: String {
        all.map { $0.alias + " (" + $0.tag + ")" }.joinedText(separator: ", ")
    }
}
