/// The words of a text as ASCII-lowercased UTF-8 bytes, for matching what a user typed against
/// 4,029 titles quickly: naming a problem by title words scans every title, and doing that with
/// `String.lowercased()` and `Character` properties costs milliseconds. A word is a run of ASCII
/// letters and digits or non-ASCII bytes (so `日本` and `Knight’s` stay whole); everything else
/// separates words. The buffers are reused from one text to the next.
struct TitleWords {
    /// The lowercased bytes of the last text loaded.
    private(set) var bytes: [UInt8] = []
    /// Where each word is in `bytes`.
    private(set) var ranges: [Range<Int>] = []

    init() {}

    init(_ text: String) {
        var text = text
        text.withUTF8 { load($0) }
    }

    var count: Int { ranges.count }

    subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    /// Replaces the words with those of `utf8`.
    mutating func load(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        var start: Int?
        for byte in utf8 {
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if isWordByte {
                if start == nil { start = bytes.count }
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if let first = start {
                ranges.append(first..<bytes.count)
                start = nil
            }
        }
        if let first = start { ranges.append(first..<bytes.count) }
    }

    /// Whether one of the words is `word`.
    func contains(_ word: ArraySlice<UInt8>) -> Bool {
        ranges.contains { bytes[$0].elementsEqual(word) }
    }

    /// Whether the word at `index` is a number: ASCII digits only.
    func isNumber(_ index: Int) -> Bool {
        self[index].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether one of the words starts with `prefix`, or is `prefix` when `wholeIfNumber` (a number
    /// typed is a word of the title, never the start of one: `2` is not `2d`).
    func containsWord(startingWith prefix: ArraySlice<UInt8>, wholeIfNumber: Bool = false) -> Bool {
        wholeIfNumber ? contains(prefix) : ranges.contains { bytes[$0].starts(with: prefix) }
    }

    /// Whether both hold the same words in the same order.
    func hasSameWords(as other: TitleWords) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where !self[index].elementsEqual(other[index]) { return false }
        return true
    }

    /// The words joined by `separator`.
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
        switch storage {
        case .generated:
            let start = Int(CatalogData.textStarts[2 * position + 1])
            let end = Int(CatalogData.textStarts[2 * position + 2])
            return CatalogData.text.withUTF8Buffer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        case .decoded(let problems, _):
            var title = problems[position].title
            return title.withUTF8(body)
        case .overlaid(let overlay):
            return overlay.resolve(position, base: { overlay.base.withTitleUTF8(at: $0, body) }, update: { problem in
                var title = problem.title
                return title.withUTF8(body)
            })
        }
    }

    /// Calls `body` with the UTF-8 bytes of a problem's slug, without building a `String`.
    func withSlugUTF8<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .generated:
            let start = Int(CatalogData.textStarts[2 * position])
            let end = Int(CatalogData.textStarts[2 * position + 1])
            return CatalogData.text.withUTF8Buffer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        case .decoded(let problems, _):
            var slug = problems[position].slug
            return slug.withUTF8(body)
        case .overlaid(let overlay):
            return overlay.resolve(position, base: { overlay.base.withSlugUTF8(at: $0, body) }, update: { problem in
                var slug = problem.slug
                return slug.withUTF8(body)
            })
        }
    }
}
