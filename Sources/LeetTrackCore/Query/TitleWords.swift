/// The words of a text as ASCII-lowercased UTF-8 bytes, for matching what a user typed against
/// 4,029 titles quickly: naming a problem by title words scans every title, and doing that with
/// `String.lowercased()` and `Character` properties costs milliseconds. The buffers are reused
/// from one text to the next.
///
/// A text has two levels of words:
/// - its *runs*: runs of ASCII letters and digits or non-ASCII letters (so `日本` stays whole);
///   everything else separates them. A title typed with any punctuation has the same runs.
/// - its *whole words*: what blanks separate, punctuation at their ends ignored. `1-bit`,
///   `1's` and `Knight’s` are one whole word each, of two runs; the number `1` is not a word of
///   "1-bit and 2-bit Characters". A name's runs may spell a whole word of a title with any
///   punctuation between them (`1 bit` and `1-bit` are the word `1-bit`), never a part of one.
///
/// Typographic characters are folded to what a keyboard types first: `’` `‘` to `'`, `×` to `x`,
/// the Unicode hyphens and dashes to `-`, no-break and other spaces to a blank, so "The Knight’s
/// Tour" is named `the knight's tour` and "Paint N × 3 Grid" `paint n x 3 grid`.
struct TitleWords {
    /// The lowercased, folded bytes of the runs of the last text loaded.
    private(set) var bytes: [UInt8] = []
    /// Where each run is in `bytes`.
    private(set) var ranges: [Range<Int>] = []
    /// The index in ``ranges`` of the first run of each whole word.
    private(set) var wordStarts: [Int] = []
    /// Which runs of a name ``matches(_:_:)`` has reached, kept for the next title.
    private var reached: [Bool] = []

    /// How a run of a name may match a run of a title when it is not part of a whole word spelled.
    enum Looseness {
        /// Only whole words: a change names a problem for sure.
        case wholeWords
        /// A run that is not a number may start a run of the title (`median sort arr`): a guess.
        case startsOfWords
        /// A run that is not a number may occur anywhere in a run of the title: a search.
        case within
    }

    init() {}

    init(_ text: String) {
        var text = text
        text.withUTF8 { load($0) }
    }

    /// The number of runs.
    var count: Int { ranges.count }

    /// The run at `index`.
    subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    /// The number of whole words.
    var wordCount: Int { wordStarts.count }

    /// The runs of the whole word at `index`.
    func runs(ofWord index: Int) -> Range<Int> {
        wordStarts[index]..<(index + 1 < wordStarts.count ? wordStarts[index + 1] : ranges.count)
    }

    /// Replaces the words with those of `utf8`.
    mutating func load(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        wordStarts.removeAll(keepingCapacity: true)
        var start: Int?
        var newWord = true
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            var length = 1
            var ascii: UInt8? = byte
            if byte >= 0x80 {
                length = Self.sequenceLength(byte, available: utf8.count - index)
                ascii = Self.folded(UnsafeBufferPointer(rebasing: utf8[index..<(index + length)]))
            }
            if ascii == 0 {
                // An invisible character (a zero-width space, a soft hyphen): nothing.
            } else if let ascii, !Self.isLetterOrDigit(ascii) {
                if let first = start {
                    ranges.append(first..<bytes.count)
                    start = nil
                }
                if ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) { newWord = true }
            } else {
                if start == nil {
                    start = bytes.count
                    if newWord { wordStarts.append(ranges.count) }
                    newWord = false
                }
                if let ascii {
                    bytes.append(ascii >= 0x41 && ascii <= 0x5A ? ascii | 0x20 : ascii)
                } else {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<(index + length)]))
                }
            }
            index += length
        }
        if let first = start { ranges.append(first..<bytes.count) }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The length of the UTF-8 sequence that starts with `lead`, at most `available`.
    private static func sequenceLength(_ lead: UInt8, available: Int) -> Int {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return min(length, available)
    }

    /// The ASCII byte a typographic character is typed as, 0 for an invisible one, or `nil` for a
    /// character kept as it is (a letter of another script).
    private static func folded(_ sequence: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var scalar: UInt32 = 0
        switch sequence.count {
        case 2: scalar = UInt32(sequence[0] & 0x1F) << 6 | UInt32(sequence[1] & 0x3F)
        case 3: scalar = UInt32(sequence[0] & 0x0F) << 12 | UInt32(sequence[1] & 0x3F) << 6 | UInt32(sequence[2] & 0x3F)
        default: return nil
        }
        switch scalar {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x02BC, 0x2032, 0x00B4: return UInt8(ascii: "'")
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033: return UInt8(ascii: "\"")
        case 0x00D7: return UInt8(ascii: "x")
        case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D: return UInt8(ascii: "-")
        case 0x00A0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return UInt8(ascii: " ")
        case 0x00AD, 0x200B...0x200D, 0x2060, 0xFEFF: return 0
        default: return nil
        }
    }

    /// Whether the run at `index` is a number: ASCII digits only.
    func isNumber(_ index: Int) -> Bool {
        self[index].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether the runs of `name` all match words of this title: each run is part of runs of the
    /// name that spell a whole word of the title (`1 bit` spells `1-bit`, `1` alone spells none
    /// of its words), or, by `looseness`, a run that is not a number matches a run of the title
    /// more loosely. A number is always a whole word.
    mutating func matches(_ name: TitleWords, _ looseness: Looseness) -> Bool {
        let wanted = name.count
        guard wanted > 0 else { return true }
        reached.removeAll(keepingCapacity: true)
        reached.append(contentsOf: repeatElement(false, count: wanted + 1))
        reached[0] = true
        for start in 0..<wanted where reached[start] {
            for word in 0..<wordCount {
                let runs = runs(ofWord: word)
                guard start + runs.count <= wanted, !reached[start + runs.count] else { continue }
                if (0..<runs.count).allSatisfy({ self[runs.lowerBound + $0].elementsEqual(name[start + $0]) }) {
                    reached[start + runs.count] = true
                }
            }
            if !reached[start + 1], looseness != .wholeWords, !name.isNumber(start) {
                let run = name[start]
                let found = (0..<count).contains { index in
                    looseness == .startsOfWords ? self[index].starts(with: run) : Self.contains(self[index], run)
                }
                if found { reached[start + 1] = true }
            }
        }
        return reached[wanted]
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: ArraySlice<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        var start = haystack.startIndex
        while start + needle.count <= haystack.endIndex {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Whether both hold the same runs in the same order.
    func hasSameWords(as other: TitleWords) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where !self[index].elementsEqual(other[index]) { return false }
        return true
    }

    /// The runs joined by `separator`.
    func joined(separator: UInt8) -> [UInt8] {
        var result: [UInt8] = []
        for (index, range) in ranges.enumerated() {
            if index > 0 { result.append(separator) }
            result += bytes[range]
        }
        return result
    }
}

extension Catalog {
    /// Calls `body` with the UTF-8 bytes of a problem's title, without building a `String` (the
    /// built-in catalog's lie in the binary): a listing writes thousands of titles.
    public func withTitleUTF8<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withTextUTF8(at: position, field: 1, \.title, body)
    }

    /// Calls `body` with the UTF-8 bytes of a problem's slug, without building a `String`.
    func withSlugUTF8<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withTextUTF8(at: position, field: 0, \.slug, body)
    }

    /// The slug (`field` 0) or the title (`field` 1): the generated catalog keeps the two texts of
    /// each problem one after the other.
    @inline(__always)
    private func withTextUTF8<Result>(
        at position: Int, field: Int, _ text: KeyPath<Problem, String>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        switch storage {
        case .generated:
            let start = Int(CatalogData.textStarts[2 * position + field])
            let end = Int(CatalogData.textStarts[2 * position + field + 1])
            return CatalogData.text.withUTF8Buffer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        case .decoded(let problems, _):
            var string = problems[position][keyPath: text]
            return string.withUTF8(body)
        case .overlaid(let overlay):
            return overlay.resolve(position, base: { overlay.base.withTextUTF8(at: $0, field: field, text, body) }, update: { problem in
                var string = problem[keyPath: text]
                return string.withUTF8(body)
            })
        }
    }
}
