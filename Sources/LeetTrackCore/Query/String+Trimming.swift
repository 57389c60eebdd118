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

extension String {
    /// The text with its line feeds written as `\n`, so that text from outside quoted in a message
    /// cannot add a line of its own to the output (scalar by scalar: in `\r\n`, one `Character`,
    /// the line feed counts too).
    public var lineFeedsEscaped: String {
        guard unicodeScalars.contains("\n") else { return self }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "\n" { scalars.append(contentsOf: "\\n".unicodeScalars) } else { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
