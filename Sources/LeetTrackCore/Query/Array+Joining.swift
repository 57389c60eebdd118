extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` makes them. The standard
    /// library's generic `joined` looks up a protocol conformance at run time, and the first lookup
    /// of a process searches every conformance record (about 0.1 ms); a command that joins once on
    /// its way out pays that for one line. This loop does not.
    public func joinedText(separator: String) -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}
