/// Turns the bytes a terminal sends into key events.
///
/// It knows the encodings terminals use for the same key (Home is `ESC [ H`, `ESC O H`,
/// `ESC [ 1 ~` or `ESC [ 7 ~` depending on the terminal and its mode), xterm's modifier
/// parameters (`ESC [ 1 ; 5 A` is Ctrl-Up), Alt as an Esc prefix, bracketed paste and UTF-8.
///
/// Bytes arrive in chunks that may end inside a sequence, so the decoder keeps what it cannot
/// decode yet. A lone Esc is indistinguishable from the start of a sequence until no more bytes
/// come: the event loop calls `flush()` after a short quiet time, which turns it into `Escape`.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    /// How many bytes at the start of `pending` are an unfinished CSI sequence already scanned
    /// (its Esc, its `[` and parameter bytes), so that a sequence arriving a byte at a time is
    /// scanned once rather than again at every read.
    private var scannedCSI = 0

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence (so the caller should call `flush()`
    /// if nothing else arrives soon).
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` (appended to anything pending) and returns the complete events.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Decodes what is pending as if no more bytes will follow: a lone Esc becomes Escape and an
    /// unfinished sequence becomes the keys its bytes stand for.
    public mutating func flush() -> [Event] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Event] {
        var events: [Event] = []
        var index = 0
        defer { if index > 0 || final { scannedCSI = 0 } }  // what was scanned is decoded
        while index < pending.count {
            if paste != nil {
                guard let end = findPasteEnd(from: index) else {
                    if final {
                        paste?.append(contentsOf: pending[index...])
                        finishPaste(into: &events)
                        break
                    }
                    // Keep the last bytes back: they may be the start of a split end marker.
                    let keep = max(index, pending.count - 5)
                    paste?.append(contentsOf: pending[index..<keep])
                    pending.removeFirst(keep)
                    return events
                }
                paste?.append(contentsOf: pending[index..<end])
                finishPaste(into: &events)
                index = end + 6
                continue
            }
            switch decodeOne(at: index, final: final) {
            case .incomplete:
                pending.removeFirst(index)
                // An unfinished CSI sequence is unfinished because every byte after its `[` is a
                // parameter byte: the next read scans on from the end.
                scannedCSI = pending.count > 1 && pending[0] == 0x1B && pending[1] == 0x5B ? pending.count : 0
                index = 0
                return events
            case .event(let event, let length):
                if let event { events.append(event) }
                index += length
            case .pasteStart(let length):
                paste = []
                index += length
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    private func findPasteEnd(from start: Int) -> Int? {
        let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
        guard pending.count >= start + marker.count else { return nil }
        for position in start...(pending.count - marker.count) where pending[position] == 0x1B {
            if Array(pending[position..<position + marker.count]) == marker { return position }
        }
        return nil
    }

    private mutating func finishPaste(into events: inout [Event]) {
        events.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
        paste = nil
    }

    private enum Step {
        case incomplete
        case event(Event?, length: Int)
        case pasteStart(length: Int)
    }

    private func decodeOne(at index: Int, final: Bool) -> Step {
        let byte = pending[index]
        switch byte {
        case 0x1B: return decodeEscape(at: index, final: final)
        case 0x0D: return .event(.key(KeyEvent(.enter)), length: 1)
        // Line feed is Ctrl-J, which Enter never sends in raw mode (ICRNL is off): an application
        // may give it a meaning of its own (a new line in a note) or take it as Enter.
        case 0x0A: return .event(.key(.control("j")), length: 1)
        case 0x09: return .event(.key(KeyEvent(.tab)), length: 1)
        case 0x7F, 0x08: return .event(.key(KeyEvent(.backspace)), length: 1)
        case 0x00: return .event(.key(.control(" ")), length: 1)
        case 0x01...0x1A: return .event(.key(.control(Character(Unicode.Scalar(byte + 0x60)))), length: 1)
        case 0x1C...0x1F: return .event(.key(.control(Character(Unicode.Scalar(byte + 0x40)))), length: 1)
        case 0x20..<0x7F: return .event(.key(.character(Character(Unicode.Scalar(byte)))), length: 1)
        default: return decodeText(at: index, final: final)
        }
    }

    /// Decodes a run of UTF-8 text at once, so a grapheme of several scalars (an emoji with a skin
    /// tone, a ZWJ family, a letter with a combining accent) arrives as one character.
    private func decodeText(at index: Int, final: Bool) -> Step {
        var end = index
        while end < pending.count, pending[end] >= 0x80 {
            let length = InputDecoder.sequenceLength(lead: pending[end])
            if end + length > pending.count {
                if end == index && !final { return .incomplete }
                break
            }
            end += max(1, length)
        }
        if end == index { end = pending.count }  // only possible when final: a cut sequence
        let text = String(decoding: pending[index..<end], as: UTF8.self)
        guard let first = text.first else { return .event(nil, length: end - index) }
        // Emit the first grapheme; the rest is decoded on the next steps.
        let firstLength = String(first).utf8.count
        let consumed = text.count == 1 ? end - index : min(firstLength, end - index)
        return .event(.key(.character(first)), length: max(1, consumed))
    }

    private static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1  // a stray continuation or invalid byte: decoded as U+FFFD
        }
    }

    private func decodeEscape(at index: Int, final: Bool) -> Step {
        guard index + 1 < pending.count else {
            return final ? .event(.key(KeyEvent(.escape)), length: 1) : .incomplete
        }
        let next = pending[index + 1]
        switch next {
        case 0x5B:  // [
            return decodeCSI(at: index, final: final)
        case 0x4F:  // O
            guard index + 2 < pending.count else {
                return final ? .event(.key(KeyEvent(.character("O"), modifiers: .alt)), length: 2) : .incomplete
            }
            let key: KeyCode? = switch pending[index + 2] {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            case 0x50: .function(1)
            case 0x51: .function(2)
            case 0x52: .function(3)
            case 0x53: .function(4)
            case 0x4D: .enter  // keypad Enter in application mode
            default: nil
            }
            return .event(key.map { .key(KeyEvent($0)) }, length: 3)
        case 0x1B:
            // Esc Esc: the first is a plain Escape; the second starts over.
            return .event(.key(KeyEvent(.escape)), length: 1)
        default:
            // Alt + key: decode the key after the Esc and add Alt.
            switch decodeOne(at: index + 1, final: final) {
            case .incomplete: return .incomplete
            case .pasteStart: return .event(.key(KeyEvent(.escape)), length: 1)
            case .event(let event, let length):
                guard case .key(var key)? = event else { return .event(event, length: length + 1) }
                key.modifiers.insert(.alt)
                return .event(.key(key), length: length + 1)
            }
        }
    }

    private func decodeCSI(at index: Int, final: Bool) -> Step {
        var end = index == 0 ? max(2, scannedCSI) : index + 2
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else {
            return final ? .event(.key(KeyEvent(.character("["), modifiers: .alt)), length: 2) : .incomplete
        }
        let finalByte = pending[end]
        let length = end - index + 1
        guard let parameters = InputDecoder.parameters(pending[(index + 2)..<end]) else {
            // No key is sent this way (a sign, a sub-parameter, a private marker, a number no
            // terminal sends): the sequence is dropped whole, as an unknown one is.
            return .event(nil, length: length)
        }
        let modifiers = InputDecoder.modifiers(parameter: parameters.count > 1 ? parameters[1] : 1)
        let key: KeyCode?
        switch finalByte {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x5A: return .event(.key(KeyEvent(.backTab)), length: length)
        case 0x50: key = .function(1)
        case 0x51: key = .function(2)
        case 0x52: key = .function(3)
        case 0x53: key = .function(4)
        case 0x7E:  // ~
            let code = parameters.first ?? 0
            if code == 200 { return .pasteStart(length: length) }
            key = switch code {
            case 1, 7: .home
            case 2: .insert
            case 3: .delete
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            case 11...15: .function(code - 10)
            case 17...21: .function(code - 11)
            case 23, 24: .function(code - 12)
            default: nil
            }
        default: key = nil  // mouse reports, focus events and the like: ignored
        }
        return .event(key.map { .key(KeyEvent($0, modifiers: modifiers)) }, length: length)
    }

    /// The largest number a CSI parameter may be: U+10FFFF, the largest character code, which the
    /// keyboard protocols that send a key's character as a parameter (kitty's `CSI 97;5u`) can
    /// need; the parameters of the keys decoded here are far smaller (Delete is 3, F12 24, the
    /// paste markers 200 and 201, a modifier at most 16). Small enough that no arithmetic on a
    /// parameter can overflow.
    static let largestParameter = 0x10_FFFF

    /// The numbers of a CSI sequence's parameter bytes, `1;5` → `[1, 5]` (an empty one is 0), or
    /// `nil` when they are not plain numbers separated by `;`.
    ///
    /// ECMA-48 parameters are digits and separators only, so a sign (`1;-9223372036854775808`, which
    /// `Int(_:)` read as `Int.min`, and the modifier's `parameter - 1` then trapped), a
    /// sub-parameter (`:`), a private marker (`?`, `<`), an intermediate byte or a number above
    /// ``largestParameter`` (a run of digits that overflows) make a sequence no key is sent as.
    /// The digits are added up one at a time and refused past the limit, so parsing a run of any
    /// length cannot overflow either.
    /// - Complexity: O(bytes).
    private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        var numbers = [0]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let value = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
                guard value <= largestParameter else { return nil }
                numbers[numbers.count - 1] = value
            case UInt8(ascii: ";"):
                numbers.append(0)
            default:
                return nil
            }
        }
        return numbers
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, control 4). `parameter` is at most
    /// ``largestParameter`` (see ``parameters(_:)``), so the subtraction cannot overflow.
    private static func modifiers(parameter: Int) -> Modifiers {
        let bits = max(0, parameter - 1)
        var modifiers: Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }
}
