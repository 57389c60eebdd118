@testable import TerminalUI

/// A minimal terminal for tests: it understands exactly the sequences the renderer writes (cursor
/// moves, clear, SGR, scrolling regions, SU/SD, cursor visibility) and keeps the screen's text,
/// so a test can check that the bytes written really turn one frame into the next.
struct VirtualTerminal {
    private(set) var rows: [[String]]
    private var x = 0
    private var y = 0
    private var top = 0
    private var bottom: Int
    let width: Int

    init(width: Int, height: Int) {
        self.width = width
        rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        bottom = height - 1
    }

    /// The screen's text, in `Buffer.lines` form.
    var lines: [String] {
        rows.map { row in
            var text = row.joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                control(parameters, final: bytes[end])
                index = end + 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] != 0x1B { end += 1 }
            for character in String(decoding: bytes[index..<end], as: UTF8.self) { put(character) }
            index = end
        }
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ position: Int, default value: Int) -> Int {
            position < numbers.count ? (numbers[position] ?? value) : value
        }
        switch final {
        case 0x48:  // H
            y = number(0, default: 1) - 1
            x = number(1, default: 1) - 1
        case 0x4A:  // J
            if parameters == "2" { rows = rows.map { $0.map { _ in " " } } }
        case 0x72:  // r
            top = parameters.isEmpty ? 0 : number(0, default: 1) - 1
            bottom = parameters.isEmpty ? rows.count - 1 : number(1, default: rows.count) - 1
            x = 0
            y = 0
        case 0x53:  // S: scroll the region up
            for _ in 0..<number(0, default: 1) {
                rows.remove(at: top)
                rows.insert(Array(repeating: " ", count: width), at: bottom)
            }
        case 0x54:  // T: scroll the region down
            for _ in 0..<number(0, default: 1) {
                rows.remove(at: bottom)
                rows.insert(Array(repeating: " ", count: width), at: top)
            }
        default:
            break  // SGR and modes do not change the text
        }
    }

    private mutating func put(_ character: Character) {
        guard y >= 0, y < rows.count, x >= 0, x < width else { return }
        let columns = DisplayWidth.of(character)
        guard columns > 0 else { return }
        if rows[y][x].isEmpty, x > 0 { rows[y][x - 1] = " " }  // cutting a wide grapheme's right half
        if x + 1 < width, rows[y][x + 1].isEmpty { rows[y][x + 1] = " " }  // or its left half
        rows[y][x] = String(character)
        if columns == 2, x + 1 < width {
            if x + 2 < width, rows[y][x + 2].isEmpty { rows[y][x + 2] = " " }
            rows[y][x + 1] = ""
        }
        x = min(width - 1, x + columns)
    }
}
