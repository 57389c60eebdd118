import FoundationEssentials
import LeetTrackCore
import LeetTrackText

extension CommandContext {
    /// The practice settings (followed list, daily goal, skipped problems), for a command that
    /// reads them; the defaults when there is no store yet, or, with a warning, when the stored
    /// settings cannot be read (the record is left as it is; writes still refuse to touch it).
    func practiceSettings() throws -> PracticeSettings {
        try settingsOrDefaults(named: "practice settings", PracticeSettings()) { try $0.practice.settings() }
    }

    /// The followed list, or `nil` when none is followed, or, with `warningIfGone` and a warning,
    /// when it no longer exists (an own list deleted on another machine): the day's plan still
    /// shows its reviews, streak and goal.
    /// - Throws: `CLIError.failure` when the followed list no longer exists (an own list deleted
    ///   or renamed since) and not `warningIfGone`, saying how to follow another.
    func followedList(in settings: PracticeSettings, warningIfGone: Bool = false) throws -> StudyList? {
        guard let key = settings.followedList else { return nil }
        do {
            return try list(named: key)
        } catch LeetTrackError.unknownList {
            let gone = Format.listMessages.followedListGone(key)
            guard warningIfGone else { throw CLIError.failure(gone) }
            Terminal.writeError("Warning: \(gone)\n")
            return nil
        }
    }

    /// The list a command works on: `name` (built-in or own) when given, else the followed list.
    /// - Throws: a usage error of `command` when neither exists, saying how to follow one.
    func listOrFollowed(_ name: String?, for what: String, command: any LeetTrackCommand.Type) throws -> StudyList {
        if let name { return try list(named: name) }
        if let list = try followedList(in: try practiceSettings()) { return list }
        throw CLIError.usage(
            "\(what) needs a list: give '--list LIST', or follow one with `leettrack config follow LIST` "
                + "(e.g. neetcode-150)", command: command)
    }
}
