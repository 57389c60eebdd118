/// Text for the report page: HTML escaping and the few number formats it uses.
///
/// Everything is written by hand rather than with `String(format:)` or a `NumberFormatter`, whose
/// locale machinery costs more than building the whole page.
enum ReportText {
    /// `text` safe to place in HTML text or in a quoted attribute value: `&`, `<`, `>`, `"` and
    /// `'` become character references, and control characters (which HTML forbids and which
    /// would make the page unreadable as XML) become U+FFFD. Tabs and line feeds are kept; a
    /// carriage return and the bidirectional formatting controls (U+202E, U+2067, ...) become
    /// numeric references, so that the page read back holds them, but no raw byte of them reaches
    /// a terminal that shows the page (`report -o -`): a CR would let a note overwrite the line it
    /// is on, an override would reorder what follows it.
    static func escaped(_ text: String) -> String {
        var output = ""
        appendEscaped(text, to: &output)
        return output
    }

    /// Appends `text`, escaped as ``escaped(_:)`` does, to `output`.
    static func appendEscaped(_ text: String, to output: inout String) {
        // Most text (titles, dates, tags) has nothing to escape: append it whole.
        if !text.utf8.contains(where: needsEscaping) {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            case "\r": output += "&#13;"
            case _ where InputRules.isBidiControl(scalar):
                output += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default:
                let value = scalar.value
                let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
                output.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
            }
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        // Control characters, DEL, and every non-ASCII byte (C1 controls and U+FFFE/U+FFFF are
        // multi-byte; checking those scalars is left to the slow path).
        case 0..<0x20, 0x7F...: byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n")
        default: false
        }
    }

    /// `13.3%`, with one decimal as `leettrack stats` prints it; `0.0%` of an empty whole.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0.0%" }
        let tenths = Int((Double(part) / Double(whole) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A length for SVG attributes, with at most two decimals (`12.57`).
    static func length(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths % 100 == 0 { return "\(hundredths / 100)" }
        let fraction = abs(hundredths % 100)
        return "\(hundredths < 0 && hundredths > -100 ? "-" : "")\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `UTC+01:00`, `UTC−05:30` (a true minus sign), `UTC`.
    static func utcOffset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        return "UTC\(seconds < 0 ? "−" : "+")\(LocalDay.twoDigits(minutes / 60)):\(LocalDay.twoDigits(minutes % 60))"
    }
}
