/// A count with its noun in the right number, for every message that counts something.
public enum Plural {
    /// `1 day`, `3 days`, `0 days`; `plural` when the noun does not just take an s
    /// (`count(2, "entry", "entries")`).
    public static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        value == 1 ? "1 \(singular)" : "\(value) \(plural ?? singular + "s")"
    }
}
