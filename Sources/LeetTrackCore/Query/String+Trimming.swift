extension StringProtocol {
    /// The text without leading and trailing white space. Foundation's
    /// `trimmingCharacters(in:)` builds a `CharacterSet` on first use, which costs a noticeable
    /// part of a short command's run time; this needs only the standard library.
    public var trimmedOfWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
