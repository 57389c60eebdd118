/// A key, as decoded from the bytes a terminal sends.
public enum KeyCode: Hashable, Sendable {
    /// A printable grapheme (or, with `.control`, the letter of a control key: Ctrl-C is `c`).
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or BS).
    case backspace
    /// Delete (forward).
    case delete
    /// Insert.
    case insert
    /// Escape on its own (not the start of a sequence).
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// A function key, F1 to F12.
    case function(Int)
}

/// Modifier keys held with a key, as far as the terminal reports them.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift (reported only with special keys).
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt or Meta (sent as an Esc prefix).
    public static let alt = Modifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = Modifiers(rawValue: 1 << 2)
}

/// A key press with its modifiers.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: KeyCode
    /// The modifiers held.
    public var modifiers: Modifiers

    /// A key press.
    public init(_ key: KeyCode, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A plain character key, as in `KeyEvent.character("q")`.
    public static func character(_ character: Character) -> KeyEvent { KeyEvent(.character(character)) }

    /// A control key, as in `KeyEvent.control("c")` for Ctrl-C.
    public static func control(_ letter: Character) -> KeyEvent { KeyEvent(.character(letter), modifiers: .control) }

    /// Whether this is Ctrl-C.
    public var isInterrupt: Bool { self == .control("c") }

    /// A readable name, as in `"Ctrl-C"`, `"Alt-b"`, `"Up"`: for messages and test failures.
    public var description: String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "Ctrl-" }
        if modifiers.contains(.alt) { prefix += "Alt-" }
        if modifiers.contains(.shift) { prefix += "Shift-" }
        switch key {
        case .character(let character): return prefix + String(character)
        case .function(let number): return prefix + "F\(number)"
        default: return prefix + "\(key)".prefix(1).uppercased() + "\(key)".dropFirst()
        }
    }
}

/// Something that happened to a running application.
public enum Event: Hashable, Sendable {
    /// A key was pressed.
    case key(KeyEvent)
    /// Text was pasted (bracketed paste), delivered whole so it is not taken as commands.
    case paste(String)
    /// The terminal changed size.
    case resize(Size)
    /// Something outside the terminal asked for attention through a `Waker` (another process
    /// changed the data, say).
    case wake
}
