import FoundationEssentials

/// Decodes HTML character references in text and attribute values, and makes the text inert.
///
/// `&lt;`, `&#60;` and `&#x3C;` all become `<`. A reference needs its `;` (within 32 bytes); one
/// that names no entity of ``named``, or a number that is no Unicode scalar (0, a surrogate,
/// above U+10FFFF), stays as it was written. Every control or bidirectional formatting character,
/// decoded or not, becomes U+FFFD, except the line feed (a carriage return ends a line too) and
/// the tab.
enum HTMLEntities {
    /// The named entities statements use, and the common ones of mathematics and typography.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "thinsp": "\u{2009}", "le": "≤", "ge": "≥", "ne": "≠", "times": "×", "divide": "÷", "minus": "−", "plusmn": "±",
        "middot": "·", "sdot": "⋅", "deg": "°", "infin": "∞", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘",
        "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "bull": "•", "larr": "←", "rarr": "→",
        "uarr": "↑", "darr": "↓", "harr": "↔", "lArr": "⇐", "rArr": "⇒", "hArr": "⇔", "lfloor": "⌊", "rfloor": "⌋",
        "lceil": "⌈", "rceil": "⌉", "sum": "∑", "prod": "∏", "radic": "√", "asymp": "≈", "equiv": "≡", "isin": "∈",
        "notin": "∉", "sube": "⊆", "supe": "⊇", "sub": "⊂", "sup": "⊃", "cap": "∩", "cup": "∪", "forall": "∀",
        "exist": "∃", "empty": "∅", "and": "∧", "or": "∨", "not": "¬", "oplus": "⊕", "prime": "′", "Prime": "″",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ", "lambda": "λ", "mu": "μ",
        "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ", "omega": "ω", "Delta": "Δ", "Sigma": "Σ", "Omega": "Ω",
        "copy": "©", "reg": "®", "trade": "™", "sect": "§", "para": "¶", "cent": "¢", "pound": "£", "euro": "€",
        "yen": "¥", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³", "circ": "ˆ", "tilde": "˜",
        "iexcl": "¡", "iquest": "¿", "shy": "\u{00AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// `bytes` as text, references decoded and made inert.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        // Most of a statement is printable ASCII with no reference: nothing to decode or make
        // inert, so the bytes are the text (one pass, no scalar-by-scalar rebuilding).
        var plain = true
        for byte in bytes where byte == UInt8(ascii: "&") || byte == 0x0D || byte >= 0x7F || (byte < 0x20 && byte != 0x0A && byte != 0x09) {
            plain = false
            break
        }
        if plain { return String(decoding: bytes, as: UTF8.self) }
        // Byte by byte into UTF-8 (no scalar-by-scalar `String` rebuilding): ASCII as it is,
        // a run of other bytes decoded as `String(decoding:)` does (a bad sequence becomes
        // U+FFFD), a reference as its scalars; then each scalar made inert.
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var previousWasReturn = false
        func emit(_ scalar: Unicode.Scalar) {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar {
            case "\r": text.append(0x0A)
            case "\n": if !previousWasReturn { text.append(0x0A) }
            case "\t": text.append(0x09)
            default:
                let shown: Unicode.Scalar =
                    InputRules.isControlOrBidi(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" ? "\u{FFFD}" : scalar
                UTF8.encode(shown) { text.append($0) }
            }
        }
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let byte = bytes[position]
            if byte >= 0x80 {
                var end = position + 1
                while end < bytes.endIndex, bytes[end] >= 0x80 { end += 1 }
                for scalar in String(decoding: bytes[position..<end], as: UTF8.self).unicodeScalars { emit(scalar) }
                position = end
            } else if byte == UInt8(ascii: "&"), let (scalars, length) = reference(in: bytes, at: position) {
                for scalar in scalars { emit(scalar) }
                position += length
            } else {
                if byte >= 0x20 && byte != 0x7F {
                    text.append(byte)
                    previousWasReturn = false
                } else {
                    emit(Unicode.Scalar(byte))
                }
                position += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The reference starting at `start` (an `&`) and its length in bytes, or `nil` when it is none.
    private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> (String.UnicodeScalarView, Int)? {
        guard let end = bytes[start..<min(bytes.endIndex, start + 34)].firstIndex(of: UInt8(ascii: ";")), end > start + 1 else {
            return nil
        }
        let body = bytes[(start + 1)..<end]
        let length = end - start + 1
        if body.first == UInt8(ascii: "#") {
            var digits = body.dropFirst()
            var radix = 10
            if let marker = digits.first, marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.count <= 8, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: radix), value != 0,
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (String.UnicodeScalarView([scalar]), length)
        }
        guard body.allSatisfy({ Tokenizer.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }),
            let value = named[String(decoding: body, as: UTF8.self)]
        else { return nil }
        return (value.unicodeScalars, length)
    }
}
