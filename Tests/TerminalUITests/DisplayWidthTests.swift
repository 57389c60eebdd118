import Testing
@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII letters take one column")
    func asciiIsNarrow() {
        #expect(DisplayWidth.of("Two Sum") == 7)
    }

    @Test("CJK ideographs and kana take two columns each")
    func cjkIsWide() {
        #expect(DisplayWidth.of("两数之和") == 8)
        #expect(DisplayWidth.of("カタカナ") == 8)
        #expect(DisplayWidth.of("한국어") == 6)
    }

    @Test("Fullwidth forms take two columns")
    func fullwidthIsWide() {
        #expect(DisplayWidth.of("ＡＢ") == 4)
    }

    @Test("Emoji take two columns, including skin tones, ZWJ families, flags and VS16")
    func emojiAreWide() {
        #expect(DisplayWidth.of(Character("😀")) == 2)
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)
        #expect(DisplayWidth.of(Character("👨‍👩‍👧‍👦")) == 2)
        #expect(DisplayWidth.of(Character("🇫🇷")) == 2)
        #expect(DisplayWidth.of(Character("❤️")) == 2)
    }

    @Test("A text-style symbol without VS16 takes one column")
    func textSymbolIsNarrow() {
        #expect(DisplayWidth.of(Character("♥")) == 1)
        #expect(DisplayWidth.of(Character("✓")) == 1)
    }

    @Test("Combining marks add no width to their base")
    func combiningMarksAreZeroWidth() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    }

    @Test("Control characters take no columns, but one once drawn")
    func controlCharacters() {
        #expect(DisplayWidth.of(Character("\u{7}")) == 0)
        #expect(DisplayWidth.drawn(Character("\u{7}")) == 1)
        #expect(DisplayWidth.drawn(Character("\t")) == 1)
    }

    @Test("Mixed text sums its graphemes")
    func mixedText() {
        #expect(DisplayWidth.of("a中😀b") == 6)
    }
}
