/// Text from outside (notes, titles, list names, arguments echoed in errors) made safe to write to
/// a terminal: it can show, but never drive the terminal.
///
/// A terminal obeys the control characters in what it prints: ESC starts sequences that set the
/// window title (`ESC ] 0 ;`), clear the screen (`ESC [ 2 J`) or write the clipboard (`ESC ] 52`),
/// and in UTF-8 mode some terminals read C1 characters (U+009B is CSI) the same way. Bidirectional
/// controls (U+202E) reorder whatever follows them on the line. Every such scalar becomes U+FFFD,
/// as the interactive screen's `Buffer` draws a control character, so the bytes are visible and
/// inert. Line feeds and tabs stay: a note may have several lines.
///
/// The command line passes every human-readable line through ``sanitized(_:keepingStyle:)`` and
/// every error message through it too; `--json` output keeps the exact text, escaped as JSON is.
public enum TerminalText {
    /// What an unsafe scalar is shown as.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The SGR sequences the program's own styling writes (bold, dim, red, green, yellow, magenta,
    /// reset, and the calendar's five greys and greens): with `keepingStyle`, exactly these
    /// survive, so colour works and nothing else passes.
    private static let ownStyles: Set<String> = [
        "0", "1", "2", "31", "32", "33", "35", "38;5;238", "38;5;22", "38;5;28", "38;5;34", "38;5;40",
    ]

    /// Whether `scalar` may drive a terminal: a C0 control other than line feed and tab, DEL, a C1
    /// control, or a bidirectional formatting control.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, overrides, isolates
        default: false
        }
    }

    /// `text` with every unsafe scalar replaced by U+FFFD.
    ///
    /// With `keepingStyle`, an ESC that starts one of the program's own colour sequences
    /// (`ESC [ 32 m` and the like) is kept; any other escape is replaced. Styling is only on when
    /// standard output is a terminal, so piped output never carries an ESC.
    /// - Complexity: O(n); text with no byte that could start an unsafe scalar (the common case)
    ///   is returned after one scan of its bytes.
    public static func sanitized(_ text: String, keepingStyle: Bool = false) -> String {
        guard mayContainUnsafe(text) else { return text }
        if keepingStyle, isSafeWithOwnStyles(text) { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if keepingStyle, scalar == "\u{1B}", let length = ownStyleLength(scalars, at: index) {
                output.append(contentsOf: scalars[index..<index + length])
                index += length
                continue
            }
            output.append(isUnsafe(scalar) ? replacement : scalar)
            index += 1
        }
        return String(output)
    }

    /// The own styles' codes as bytes, for the scan below.
    private static let ownStyleBytes: [[UInt8]] = ownStyles.map { Array($0.utf8) }

    /// Whether every unsafe byte of `text` is the ESC of one of the program's own colour
    /// sequences: styled rows (a `list` on a terminal writes thousands) then need no rebuilding.
    private static func isSafeWithOwnStyles(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        while let escape = bytes.firstIndex(of: 0x1B) {
            guard !mayContainUnsafe(Substring(text.utf8[bytes.startIndex..<escape])) else { return false }
            var rest = text.utf8[text.utf8.index(after: escape)...]
            guard rest.first == UInt8(ascii: "[") else { return false }
            rest = rest.dropFirst()
            guard let end = rest.prefix(12).firstIndex(of: UInt8(ascii: "m")) else { return false }
            let code = Array(rest[rest.startIndex..<end])
            guard ownStyleBytes.contains(code) else { return false }
            bytes = text.utf8[text.utf8.index(after: end)...]
        }
        return !mayContainUnsafe(Substring(bytes))
    }

    /// The length of `ESC [ code m` at `index` when `code` is one of ``ownStyles``.
    private static func ownStyleLength(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 2 < scalars.count, scalars[index + 1] == "[" else { return nil }
        var code = ""
        var end = index + 2
        while end < scalars.count, end - index < 12, ("0"..."9").contains(scalars[end]) || scalars[end] == ";" {
            code.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "m", ownStyles.contains(code) else { return nil }
        return end - index + 1
    }

    /// A quick byte scan: `false` means no unsafe scalar is in `text`. An unsafe scalar is a
    /// byte below 0x20 or 0x7F, or in UTF-8 `C2 80…9F` (C1), `D8 9C` (U+061C), `E2 80 8E…8F`,
    /// `E2 80 AA…AE` or `E2 81 A6…A9` (the bidi controls); `…`, `♥` and `█` (`E2` too) stay fast.
    private static func mayContainUnsafe(_ text: some StringProtocol) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable(mayContainUnsafe(bytes:)) { return found }
        var copy = String(text)  // A bridged or shared string: made contiguous once.
        return copy.withUTF8(mayContainUnsafe(bytes:))
    }

    /// The scan over bytes where they lie, as tight as a loop over memory gets: it reads every byte
    /// of `list --json` (1.8 MB on a large store), and most bytes are printable ASCII.
    private static func mayContainUnsafe(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F { continue }
            if byte < 0x20 {
                if byte != 0x0A && byte != 0x09 { return true }
                continue
            }
            if byte == 0x7F { return true }
            let last = index > 0 ? bytes[index - 1] : 0
            let beforeLast = index > 1 ? bytes[index - 2] : 0
            switch (beforeLast, last, byte) {
            case (_, 0xC2, 0x80...0x9F), (_, 0xD8, 0x9C): return true
            case (0xE2, 0x80, 0x8E...0x8F), (0xE2, 0x80, 0xAA...0xAE), (0xE2, 0x81, 0xA6...0xA9): return true
            default: continue
            }
        }
        return false
    }

    /// `json` (UTF-8 that `JSONEncoder` or `OutputJSON` wrote) with the scalars ``escapingJSON(_:)-(String)``
    /// escapes, without making a `String` of it when there are none (the usual case).
    public static func escapingJSON(_ json: [UInt8]) -> [UInt8] {
        guard json.withUnsafeBufferPointer(mayContainUnsafe(bytes:)) else { return json }
        return Array(escapingJSON(String(decoding: json, as: UTF8.self)).utf8)
    }

    /// `json` (text `JSONEncoder` wrote) with DEL, C1 controls and bidirectional controls written
    /// as `\uXXXX` escapes: the same JSON value, but no byte that a
    /// terminal would obey when the output is shown rather than piped.
    ///
    /// Outside strings, JSON is ASCII, so every such scalar is inside a string, where an escape
    /// stands for the same character. `JSONEncoder` already escapes the C0 controls.
    public static func escapingJSON(_ json: String) -> String {
        guard mayContainUnsafe(json) else { return json }
        var output = ""
        output.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F && isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
