import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack config [NAME [VALUE]] [--reset]`: the review and practice settings, stored in the store.
struct ConfigCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings (desired retention of reviews, the followed list, a daily goal, ...).",
        discussion: paragraphs("""
            Settings live in the store, so they follow it to another machine. A change of a review setting
            applies to the ratings made from then on; reviews already scheduled keep their dates.

            Settings:
            """) + Setting.listText)

    @Argument(help: ArgumentHelp("A setting's name (see above).", valueName: "name"), completion: .list(Setting.all.map(\.name)))
    var name: String?
    /// Every word after NAME that is no option of `config`: a value that starts with '-' (`-1`) is
    /// a value, checked and refused as one, not an unknown option; more than one is refused.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Its new value.", valueName: "value")) var values: [String] = []
    var value: String? { values.first }
    @Flag(help: "Set NAME back to its default (for follow and daily-goal: none).") var reset = false
    @Option(help: ArgumentHelp("With target-date: the lists to know by then, separated by commas (default: the followed list).", valueName: "lists"))
    var lists: String?
    @Flag(help: .json) var json = false
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { value != nil || reset ? .writing : .reading }

    /// A setting `config` knows: one of the review settings, or a practice setting.
    enum Setting: Equatable {
        case review(ReviewSettings.Name)
        /// The followed list (`next`, `today`, `list --section`).
        case follow
        /// Problems a day.
        case dailyGoal
        /// Whether paid-only problems may be offered (`next`, `today`, `random`, the web page).
        case premium
        /// The interview date and its lists (`leettrack plan`).
        case targetDate
        /// A setting of this machine's `code` (not synced: paths are per machine).
        case code(CodeSettings.Name)
        /// Whether the views of the day capture solves made on LeetCode's website (this store only).
        case leetCodeCapture

        static let all: [Setting] = ReviewSettings.Name.allCases.map(Setting.review) + [.follow, .dailyGoal, .premium, .targetDate]
            + CodeSettings.Name.allCases.map(Setting.code) + [.leetCodeCapture]

        /// Each setting's name and help on lines of their own, for the help text. A loop rather
        /// than `joined(separator:)`: the parser builds every command's help text at each run, and
        /// the generic `joined` searches every protocol conformance in the process the first time.
        static var listText: String {
            var text = ""
            for setting in all { text += "\n  \(setting.name)\n      \(setting.help)" }
            return text
        }

        var name: String { nameAndHelp.name }
        var help: String { nameAndHelp.help }

        /// Each setting's name beside its help, so that a setting is described in one place.
        private var nameAndHelp: (name: String, help: String) {
            switch self {
            case .review(let name): (name.rawValue, name.help)
            case .follow: ("follow", "The study list `next` and `today` use: a built-in list's key or one of yours (default none).")
            case .dailyGoal:
                ("daily-goal", "Problems to practise a day, 1 to 100; `today`, the streak and the calendar show the days that met it (default none).")
            case .premium: ("premium", "yes if you can open paid-only problems; with no, next, today, random and serve pass over them (default yes).")
            case .targetDate:
                ("target-date", "An interview date YYYY-MM-DD with --lists a,b: `leettrack plan` plans the days to it (default none).")
            case .code(let name): (name.rawValue, name.help)
            case .leetCodeCapture:
                ("leetcode-capture", "on or off: signed in to LeetCode, `today`, the screen and `serve` record the solves you made on the website, "
                    + "looking at most every 10 minutes (default on; this store only).")
            }
        }

        func value(review: ReviewSettings, practice: PracticeSettings, code: CodeSettings, capture: Bool = true) -> String {
            switch self {
            case .review(let name): review.value(of: name)
            case .follow: practice.followedList ?? "none"
            case .dailyGoal: practice.dailyGoal.map(String.init) ?? "none"
            case .premium: practice.premium ? "yes" : "no"
            case .targetDate: practice.target?.text ?? "none"
            case .code(let name): code.value(of: name)
            case .leetCodeCapture: capture ? "on" : "off"
            }
        }
    }

    enum Action {
        case showAll
        case show(Setting)
        case set(Setting, String)
        case reset(Setting)
    }

    private func action() throws -> Action {
        guard let text = name else {
            if reset { throw Self.usageError("'--reset' needs the NAME of a setting") }
            return .showAll
        }
        guard let setting = Setting.all.first(where: { $0.name == text.lowercased() }) else {
            let names = Setting.all.map(\.name).joined(separator: ", ")
            throw Self.usageError("unknown setting '\(text)'; the settings are \(names)")
        }
        if values.count > 1 { throw Self.usageError("unexpected argument '\(Format.outside(values[1]))' (a setting takes one VALUE)") }
        if lists != nil, setting != .targetDate || value == nil { throw Self.usageError("'--lists' goes with `config target-date DATE`") }
        if let value {
            if reset { throw Self.usageError("give a VALUE or '--reset', not both") }
            // Checked now, so a bad value never opens the store (a list is looked up in `run`).
            switch setting {
            case .review(let name):
                var probe = ReviewSettings()
                try probe.set(name, to: value)
            case .dailyGoal: _ = try PracticeSettings.dailyGoal(from: value)
            case .premium: _ = try PracticeSettings.premium(from: value)
            case .code(let name):
                var probe = CodeSettings()
                try probe.set(name, to: value)
            case .leetCodeCapture: _ = try Self.capture(from: value)
            case .follow, .targetDate: break
            }
            return .set(setting, value)
        }
        return reset ? .reset(setting) : .show(setting)
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        switch try action() {
        case .showAll:
            let (review, practice, code) = (try context.reviewSettings(), try context.practiceSettings(), try codeSettings(context))
            let capture = try captureSetting(context)
            if json {
                return try output.writeJSON(Dictionary(uniqueKeysWithValues: Setting.all.map {
                    ($0.name, $0.value(review: review, practice: practice, code: code, capture: capture))
                }))
            }
            for setting in Setting.all {
                let value = setting.value(review: review, practice: practice, code: code, capture: capture)
                let defaultValue = setting.value(review: ReviewSettings(), practice: PracticeSettings(), code: CodeSettings())
                let note = value == defaultValue ? output.style.dim("  (default)") : ""
                output.line(Format.fit(setting.name, 18) + "  " + value + note)
            }
        case .show(let setting):
            let value = setting.value(
                review: try context.reviewSettings(), practice: try context.practiceSettings(), code: try codeSettings(context),
                capture: try captureSetting(context))
            if json { return try output.writeJSON([setting.name: value]) }
            output.line(value)
        case .set(.review(let name), let text):
            try change(name, context, output) { try $0.set(name, to: text) }
        case .reset(.review(let name)):
            try change(name, context, output) { try $0.set(name, to: ReviewSettings().value(of: name)) }
        case .set(.code(let name), let text):
            if name == .codeDirectory { try Self.checkFolder(text, context) }
            // `code-git on` makes or adopts the repository first: a failure leaves the setting off.
            if name == .codeGit, try CodeSettings.Name.isOn(text) { CodeGit.say(try CodeGit.enable(context), json: json, output) }
            try changeCode(name, to: text, context, output)
        case .reset(.code(let name)):
            try changeCode(name, to: CodeSettings().value(of: name), context, output)
        case .set(.leetCodeCapture, let text):
            try changeCapture(try Self.capture(from: text), context, output)
        case .reset(.leetCodeCapture):
            try changeCapture(true, context, output)
        case .set(.targetDate, let text):
            let target = try Self.target(from: text, lists: lists, context)
            try changePractice(.targetDate, context, output) { $0.target = target }
        case .reset(.targetDate):
            try changePractice(.targetDate, context, output) { $0.target = nil }
        case .set(let setting, let text):
            let followed = setting == .follow ? try context.list(named: text).key : nil
            let goal = setting == .dailyGoal ? try PracticeSettings.dailyGoal(from: text) : nil
            let premium = setting == .premium ? try PracticeSettings.premium(from: text) : true
            try changePractice(setting, context, output) { settings in
                switch setting {
                case .follow: settings.followedList = followed
                case .premium: settings.premium = premium
                default: settings.dailyGoal = goal
                }
            }
        case .reset(let setting):
            try changePractice(setting, context, output) { settings in
                switch setting {
                case .follow: settings.followedList = nil
                case .premium: settings.premium = true
                default: settings.dailyGoal = nil
                }
            }
        }
    }

    /// `on` or `off` (also yes/no, true/false, 1/0), as `leetcode-capture` takes it.
    private static func capture(from text: String) throws -> Bool {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw usageError("leetcode-capture is on or off, not '\(Format.outside(text))'")
        }
    }

    /// Whether capture is on (on when there is no store yet).
    private func captureSetting(_ context: CommandContext) throws -> Bool {
        guard context.storeExists else { return true }
        return try context.tracker().store.value(for: SubmissionCapture.enabledKey)
    }

    private func changeCapture(_ on: Bool, _ context: CommandContext, _ output: CommandOutput) throws {
        try context.tracker().store.set(on, for: SubmissionCapture.enabledKey)
        let value = on ? "on" : "off"
        if json { return try output.writeJSON(["leetcode-capture": value]) }
        output.line(on
            ? "leetcode-capture is now on: signed in, `today`, the screen and `serve` record your solves on the website."
            : "leetcode-capture is now off: only `leettrack leetcode pull` reads your solves on the website.")
    }

    /// This machine's code settings (the defaults when there is no store yet).
    private func codeSettings(_ context: CommandContext) throws -> CodeSettings {
        guard context.storeExists else { return CodeSettings() }
        return try context.tracker().codeFiles.settings()
    }

    /// Refuses (exit 64, before the store is opened) a `code-dir` that exists and is not a folder:
    /// `code` could never make a file in it. A folder that does not exist yet is fine: `code` makes it.
    private static func checkFolder(_ text: String, _ context: CommandContext) throws {
        var settings = CodeSettings()
        try settings.set(.codeDirectory, to: text)
        let path = settings.resolvedDirectory(home: CodeSolution.home(context.environment))
        var isFolder = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder {
            throw usageError("\(Format.outside(path)) is a file, not a folder; give a folder for the solution files (a missing one is made by `leettrack code`)")
        }
        // A missing folder is made by `code`: only if its nearest existing folder is a folder.
        var ancestor = path
        while !FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder) {
            let parent = FilePaths.directory(of: ancestor)
            guard !parent.isEmpty, parent != ancestor else { return }
            ancestor = parent
        }
        if !isFolder {
            throw usageError("\(Format.outside(path)) cannot be made: \(Format.outside(ancestor)) is a file, not a folder; give a folder for the solution files")
        }
    }

    private func changeCode(_ name: CodeSettings.Name, to text: String, _ context: CommandContext, _ output: CommandOutput) throws {
        let settings = try context.tracker().codeFiles.update { try $0.set(name, to: text) }
        if json { return try output.writeJSON([name.rawValue: settings.value(of: name)]) }
        output.line("\(name.rawValue) is now \(settings.value(of: name)) (on this machine).")
    }

    private func change(_ name: ReviewSettings.Name, _ context: CommandContext, _ output: CommandOutput, _ body: (inout ReviewSettings) throws -> Void) throws {
        let book = try context.tracker().reviews
        var settings = try book.settings()
        try body(&settings)
        try book.save(settings)
        if json { return try output.writeJSON([name.rawValue: settings.value(of: name)]) }
        output.line("\(name.rawValue) is now \(settings.value(of: name)).")
    }

    private func changePractice(_ setting: Setting, _ context: CommandContext, _ output: CommandOutput, _ body: (inout PracticeSettings) -> Void) throws {
        let tracker = try context.tracker()
        let settings = try tracker.practice.update(body)
        let value = setting.value(review: ReviewSettings(), practice: settings, code: CodeSettings())
        if json { return try output.writeJSON([setting.name: value]) }
        switch (setting, value) {
        case (.follow, "none"): output.line("You follow no list now.")
        case (.follow, _): output.line("You follow \(value) now: `leettrack next` and `leettrack today` take their next problem from it.")
        case (.premium, "yes"): output.line("premium is now yes: paid-only problems may be offered.")
        case (.premium, _): output.line("premium is now no: next, today, random and serve pass over paid-only problems.")
        case (.targetDate, "none"): output.line("No target date now.")
        case (.targetDate, _):
            let target = settings.target.map { "\($0.day) for \($0.lists.map(Format.outside).joined(separator: ", "))" } ?? Format.outside(value)
            output.line("target-date is now \(target): `leettrack plan` shows the days to it.")
        case (_, "none"): output.line("No daily goal now.")
        default: output.line("daily-goal is now \(value == "1" ? "1 problem" : "\(value) problems") a day.")
        }
    }
}
