import LeetTrackCore
import LeetTrackText
import TerminalUI

/// The cell style type of `TerminalUI` (text output has its own `TextStyle` for coloured text).
typealias CellStyle = TerminalUI.Style

/// The interactive screen's colours and marks, in one place.
enum Theme {
    /// The heart of a favorite, and of a problem that is not one.
    static let heart = "♥"
    static let noHeart = "♡"
    static let solvedMark = "✓"
    static let attemptedMark = "~"

    static let favoriteStyle = CellStyle(foreground: .red)
    static let noFavoriteStyle = CellStyle.dim
    static let solvedStyle = CellStyle(foreground: .green)
    static let attemptedStyle = CellStyle(foreground: .yellow)
    static let barStyle = CellStyle.reverse
    static let labelStyle = CellStyle.dim
    static let errorStyle = CellStyle(foreground: .red, attributes: .bold)
    static let keyStyle = CellStyle.bold

    /// LeetCode's colours for the difficulties.
    static func style(for difficulty: Difficulty) -> CellStyle {
        switch difficulty {
        case .easy: CellStyle(foreground: .cyan)
        case .medium: CellStyle(foreground: .yellow)
        case .hard: CellStyle(foreground: .red)
        }
    }

    /// The status column's mark.
    static func mark(for status: Status) -> Span {
        switch status {
        case .solved: Span(solvedMark, style: solvedStyle)
        case .attempted: Span(attemptedMark, style: attemptedStyle)
        case .todo: Span(" ")
        }
    }

    /// The status as words, with its mark.
    static func describe(_ status: Status) -> Span {
        switch status {
        case .solved: Span("\(solvedMark) solved", style: solvedStyle)
        case .attempted: Span("\(attemptedMark) attempted", style: attemptedStyle)
        case .todo: Span("todo")
        }
    }

    /// The heart column.
    static func heart(_ favorite: Bool) -> Span {
        favorite ? Span(heart, style: favoriteStyle) : Span(noHeart, style: noFavoriteStyle)
    }
}
