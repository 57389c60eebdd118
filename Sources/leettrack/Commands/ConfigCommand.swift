import ArgumentParser
import LeetTrackCore
import LeetTrackScreen

/// `leettrack config [NAME [VALUE]] [--reset]`: the review settings, stored in the store.
struct ConfigCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings (desired retention of reviews, ...).",
        discussion: paragraphs("""
            Settings live in the store, so they follow it to another machine. A change applies to the
            ratings made from then on; reviews already scheduled keep their dates.

            Settings:
            """) + "\n" + ReviewSettings.Name.allCases.map { "  \($0.rawValue)\n      \($0.help)" }.joined(separator: "\n")
            + "\n" + CodeSettings.Name.allCases.map { "  \($0.rawValue)\n      \($0.help)" }.joined(separator: "\n"))

    @Argument(
        help: ArgumentHelp("A setting's name (see above).", valueName: "name"),
        completion: .list(ReviewSettings.Name.allCases.map(\.rawValue) + CodeSettings.Name.allCases.map(\.rawValue)))
    var name: String?
    @Argument(help: ArgumentHelp("Its new value.", valueName: "value")) var value: String?
    @Flag(help: "Set NAME back to its default.") var reset = false
    @OptionGroup var output: JSONOutput
    var json: Bool { output.json }
    @ParentCommand var root: LeetTrack

    enum Action {
        case showAll
        case show(ReviewSettings.Name)
        case set(ReviewSettings.Name, String)
        case reset(ReviewSettings.Name)
        /// A setting of this machine's `code` (set to the value, or back to the default on `nil`).
        case code(CodeSettings.Name, set: String??)
    }

    private func action() throws -> Action {
        guard let text = name else {
            if reset { throw Self.usageError("'--reset' needs the NAME of a setting") }
            return .showAll
        }
        if let name = CodeSettings.Name(rawValue: text.lowercased()) {
            if let value {
                if reset { throw Self.usageError("give a VALUE or '--reset', not both") }
                var probe = CodeSettings()
                try probe.set(name, to: value)
                return .code(name, set: .some(value))
            }
            return .code(name, set: reset ? .some(nil) : nil)
        }
        guard let name = ReviewSettings.Name(rawValue: text.lowercased()) else {
            let names = (ReviewSettings.Name.allCases.map(\.rawValue) + CodeSettings.Name.allCases.map(\.rawValue)).joined(separator: ", ")
            throw Self.usageError("unknown setting '\(text)'; the settings are \(names)")
        }
        if let value {
            if reset { throw Self.usageError("give a VALUE or '--reset', not both") }
            // Checked now, so a bad value never opens the store.
            var probe = ReviewSettings()
            try probe.set(name, to: value)
            return .set(name, value)
        }
        return reset ? .reset(name) : .show(name)
    }

    func run(_ context: CommandContext) throws {
        switch try action() {
        case .showAll:
            let settings = try context.reviewSettings()
            let code = try codeSettings(context)
            if json {
                return try context.writeJSON(Dictionary(uniqueKeysWithValues: ReviewSettings.Name.allCases.map { ($0.rawValue, settings.value(of: $0)) }
                    + CodeSettings.Name.allCases.map { ($0.rawValue, code.value(of: $0)) }))
            }
            let defaults = ReviewSettings()
            for name in ReviewSettings.Name.allCases {
                let value = settings.value(of: name)
                let note = value == defaults.value(of: name) ? context.style.dim("  (default)") : ""
                context.line(Format.fit(name.rawValue, 18) + "  " + value + note)
            }
            for name in CodeSettings.Name.allCases {
                let value = code.value(of: name)
                let note = value == CodeSettings().value(of: name) ? context.style.dim("  (default)") : ""
                context.line(Format.fit(name.rawValue, 18) + "  " + value + note)
            }
        case .show(let name):
            let value = try context.reviewSettings().value(of: name)
            if json { return try context.writeJSON([name.rawValue: value]) }
            context.line(value)
        case .set(let name, let text):
            try change(name, context) { try $0.set(name, to: text) }
        case .reset(let name):
            try change(name, context) { try $0.set(name, to: ReviewSettings().value(of: name)) }
        case .code(let name, let newValue):
            guard let newValue else {
                let value = try codeSettings(context).value(of: name)
                if json { return try context.writeJSON([name.rawValue: value]) }
                return context.line(value)
            }
            let codeFiles = try context.tracker().codeFiles
            var settings = try codeFiles.settings()
            try settings.set(name, to: newValue ?? CodeSettings().value(of: name))
            try codeFiles.save(settings)
            if json { return try context.writeJSON([name.rawValue: settings.value(of: name)]) }
            context.line("\(name.rawValue) is now \(settings.value(of: name)) (on this machine).")
        }
    }

    /// This machine's code settings (the defaults when there is no store yet).
    private func codeSettings(_ context: CommandContext) throws -> CodeSettings {
        guard context.storeExists else { return CodeSettings() }
        return try context.readingTrackerOpened().codeFiles.settings()
    }

    private func change(_ name: ReviewSettings.Name, _ context: CommandContext, _ body: (inout ReviewSettings) throws -> Void) throws {
        let book = try context.tracker().reviews
        var settings = try book.settings()
        try body(&settings)
        try book.save(settings)
        if json { return try context.writeJSON([name.rawValue: settings.value(of: name)]) }
        context.line("\(name.rawValue) is now \(settings.value(of: name)).")
    }
}
