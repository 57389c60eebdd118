import Testing
@testable import TerminalUI

@Suite("Input decoding")
struct InputDecoderTests {
    private func keys(_ text: String, flush: Bool = false) -> [Event] {
        var decoder = InputDecoder()
        var events = decoder.feed(Array(text.utf8))
        if flush { events += decoder.flush() }
        return events
    }

    private func key(_ key: KeyCode, _ modifiers: Modifiers = []) -> Event { .key(KeyEvent(key, modifiers: modifiers)) }

    @Test("Printable ASCII becomes characters")
    func asciiCharacters() {
        #expect(keys("jk/") == [.key(.character("j")), .key(.character("k")), .key(.character("/"))])
    }

    @Test("Arrow keys decode in both CSI and SS3 form")
    func arrows() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [key(.up), key(.down), key(.right), key(.left)])
        #expect(keys("\u{1B}OA\u{1B}OD") == [key(.up), key(.left)])
    }

    @Test("Home and End decode in all their encodings")
    func homeAndEnd() {
        #expect(keys("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~") == Array(repeating: key(.home), count: 4))
        #expect(keys("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~") == Array(repeating: key(.end), count: 4))
    }

    @Test("Page Up, Page Down, Insert and Delete decode")
    func pagingKeys() {
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~") == [key(.pageUp), key(.pageDown), key(.insert), key(.delete)])
    }

    @Test("xterm modifier parameters decode: Ctrl-Up, Shift-Right")
    func modifiedArrows() {
        #expect(keys("\u{1B}[1;5A\u{1B}[1;2C") == [key(.up, .control), key(.right, .shift)])
    }

    @Test("Function keys decode")
    func functionKeys() {
        #expect(keys("\u{1B}OP\u{1B}[15~\u{1B}[24~") == [key(.function(1)), key(.function(5)), key(.function(12))])
    }

    @Test("Enter, Ctrl-J, Tab, Backspace and Ctrl-C decode")
    func controlKeys() {
        #expect(keys("\r\n\t\u{7F}\u{8}\u{3}") == [
            key(.enter), .key(.control("j")), key(.tab), key(.backspace), key(.backspace), .key(.control("c")),
        ])
    }

    @Test("Alt-Enter is Enter with Alt")
    func altEnter() {
        #expect(keys("\u{1B}\r") == [.key(KeyEvent(.enter, modifiers: .alt))])
    }

    @Test("A lone Esc waits for more bytes, then becomes Escape on flush")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.hasPending)
    }

    @Test("Esc followed by a letter is Alt with that letter")
    func altLetter() {
        #expect(keys("\u{1B}b") == [.key(KeyEvent(.character("b"), modifiers: .alt))])
    }

    @Test("Two Escs are an Escape and then whatever follows")
    func doubleEscape() {
        #expect(keys("\u{1B}\u{1B}[A") == [key(.escape), key(.up)])
    }

    @Test("A sequence split across reads is decoded once complete")
    func splitSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.feed([0x35]).isEmpty)
        #expect(decoder.feed([0x7E]) == [key(.pageUp)])
    }

    @Test("UTF-8 text decodes to graphemes, even split across reads")
    func utf8Text() {
        var decoder = InputDecoder()
        let bytes = Array("é中".utf8)
        #expect(decoder.feed(bytes[0..<1]).isEmpty)
        #expect(decoder.feed(bytes[1...]) == [.key(.character("é")), .key(.character("中"))])
    }

    @Test("An emoji with a skin tone arrives as one character")
    func emojiGrapheme() {
        #expect(keys("👍🏽") == [.key(.character("👍🏽"))])
    }

    @Test("Bracketed paste arrives as one paste event, not as keys")
    func bracketedPaste() {
        #expect(keys("\u{1B}[200~q x\u{1B}[A\u{1B}[201~j") == [.paste("q x\u{1B}[A"), .key(.character("j"))])
    }

    @Test("A paste split across reads is kept whole")
    func splitPaste() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[2".utf8)).isEmpty)
        #expect(decoder.feed(Array("01~".utf8)) == [.paste("abc")])
    }

    @Test("Unknown sequences are dropped without disturbing the next key")
    func unknownSequencesAreDropped() {
        #expect(keys("\u{1B}[?1;2cq") == [.key(.character("q"))])
    }

    @Test("A modifier parameter of Int.min is dropped, not subtracted from, and the next key decodes")
    func signedModifierIsDropped() {
        #expect(keys("\u{1B}[1;-9223372036854775808B\u{1B}[B") == [key(.down)])
        #expect(keys("\u{1B}[1;-9223372036854775808Bj") == [.key(.character("j"))])
        #expect(keys("\u{1B}[1;-9223372036854775809B\u{1B}[1;5A") == [key(.up, .control)])
    }

    @Test("A key code of Int.min before ~ is dropped, and the next key decodes")
    func signedKeyCodeIsDropped() {
        #expect(keys("\u{1B}[-9223372036854775808~\u{1B}[B") == [key(.down)])
        #expect(keys("\u{1B}[-3~q") == [.key(.character("q"))])
    }

    @Test("A parameter with a plus sign is no parameter: the sequence is dropped rather than read as Ctrl-Up")
    func plusSignIsDropped() {
        #expect(keys("\u{1B}[1;+5A\u{1B}[C") == [key(.right)])
    }

    @Test("Runs of digits too long for a number are dropped, whatever their length, and the next key decodes")
    func hugeParametersAreDropped() {
        let digits = String(repeating: "9", count: 10_000)
        #expect(keys("\u{1B}[1;9223372036854775807A\u{1B}[B") == [key(.down)])
        #expect(keys("\u{1B}[1;\(digits)A\u{1B}[B") == [key(.down)])
        #expect(keys("\u{1B}[\(digits)~\u{1B}[5~") == [key(.pageUp)])
        #expect(keys("\u{1B}[1;\(InputDecoder.largestParameter + 1)A\u{1B}[B") == [key(.down)])
    }

    @Test("A parameter at the largest accepted number is still read as a number")
    func largestParameterIsKept() {
        // The modifier's bits are 0x10FFFF - 1 = 0x10FFFE: no shift (bit 0), alt (bit 1), control (bit 2).
        #expect(keys("\u{1B}[1;\(InputDecoder.largestParameter)A") == [key(.up, [.alt, .control])])
    }

    @Test("A malformed sequence split across reads is dropped once complete, and the next key decodes")
    func splitMalformedSequenceIsDropped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;-92233720".utf8)).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed(Array("36854775808B\u{1B}[B".utf8)) == [key(.down)])
        #expect(!decoder.hasPending)
    }

    @Test("A sequence arriving a byte at a time decodes as it does whole, whether it ends in a key or is dropped")
    func sequenceByteByByte() {
        func byteByByte(_ text: String) -> [Event] {
            var decoder = InputDecoder()
            var events: [Event] = []
            for byte in text.utf8 { events += decoder.feed([byte]) }
            #expect(!decoder.hasPending)
            return events
        }
        let digits = String(repeating: "9", count: 20_000)
        #expect(byteByByte("\u{1B}[\(digits)~\u{1B}[5~") == [key(.pageUp)])
        #expect(byteByByte("x\u{1B}[1;5Aé\u{1B}[3~\u{1B}[1;2C") == [.key(.character("x")), key(.up, .control), .key(.character("é")), key(.delete), key(.right, .shift)])
        // A sequence left unfinished by one read and followed by another at the next.
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("a\u{1B}[1;".utf8)) == [.key(.character("a"))])
        #expect(decoder.feed(Array("5".utf8)).isEmpty)
        #expect(decoder.feed(Array("A\u{1B}[".utf8)) == [key(.up, .control)])
        #expect(decoder.feed(Array("B".utf8)) == [key(.down)])
        #expect(decoder.feed(Array("\u{1B}".utf8)).isEmpty)
        #expect(decoder.flush() == [key(.escape)])
    }

    @Test("Sub-parameters, private markers and mouse reports are dropped without disturbing the next key")
    func otherParameterFormsAreDropped() {
        #expect(keys("\u{1B}[1;5:1A\u{1B}[<0;20000;20000M\u{1B}[>1;2Aq") == [.key(.character("q"))])
    }
}
