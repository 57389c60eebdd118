import FoundationEssentials
import Persistence

/// Where `leettrack code` keeps solution files and in which language it starts them: settings of
/// this machine, stored under `settings.code` and never synced or exported (a folder path means
/// nothing on another machine).
public struct CodeSettings: Codable, Sendable, Hashable {
    /// The folder, as the user gave it (`~/leetcode` is expanded when used); `nil`: the default.
    public var directory: String?
    /// The default language's extension; `nil`: Python.
    public var language: String?
    /// Whether solves are committed to the folder's git repository (`code-git`); `nil`: off.
    public var git: Bool?
    /// Whether each such commit is pushed (`code-push`); `nil`: off.
    public var push: Bool?
    /// How the folder's README index groups problems (`code-index`); `nil`: by list section.
    public var index: CodeIndex.Grouping?

    /// Settings with the defaults.
    public init(directory: String? = nil, language: String? = nil) {
        self.directory = directory
        self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case directory, language, git, push, index
    }

    /// Decodes settings, held to the rules `config` sets them by (``set(_:to:)``): a folder edited
    /// by hand into a relative path or one with control characters would have `code` write its
    /// files wherever the command runs, and an unknown language would silently become Python.
    /// Such a record does not decode, so it is reported as damaged by its key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let directory = try container.decodeIfPresent(String.self, forKey: .directory)
        let language = try container.decodeIfPresent(String.self, forKey: .language)
        var checked = CodeSettings()
        try container.checked(at: .directory) { if let directory { try checked.set(.codeDirectory, to: directory) } }
        try container.checked(at: .language) { if let language { try checked.set(.codeLanguage, to: language) } }
        self.directory = directory
        self.language = language
        // Added later: absent in older records, which keep decoding (git off, sections).
        git = try container.decodeIfPresent(Bool.self, forKey: .git)
        push = try container.decodeIfPresent(Bool.self, forKey: .push)
        index = try container.decodeIfPresent(CodeIndex.Grouping.self, forKey: .index)
    }

    /// The store key (local: no sync journal, no export).
    public static let key = Key<CodeSettings>("settings.code", default: CodeSettings())

    /// The default folder.
    public static let defaultDirectory = "~/leetcode"

    /// A setting as `leettrack config` names it.
    public enum Name: String, CaseIterable, Sendable {
        /// ``CodeSettings/directory``.
        case codeDirectory = "code-dir"
        /// ``CodeSettings/language``.
        case codeLanguage = "code-lang"
        /// ``CodeSettings/git``.
        case codeGit = "code-git"
        /// ``CodeSettings/push``.
        case codePush = "code-push"
        /// ``CodeSettings/index``.
        case codeIndex = "code-index"

        /// Whether `text` says on (on, yes, true, 1) or off (off, no, false, 0).
        /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` for other text.
        public static func isOn(_ text: String, for name: Name = .codeGit) throws(LeetTrackError) -> Bool {
            switch text.lowercased() {
            case "on", "yes", "true", "1": true
            case "off", "no", "false", "0": false
            default: throw .invalidSetting(name.rawValue, value: text, reason: "it is on or off")
            }
        }

        /// One line of help.
        public var help: String {
            switch self {
            case .codeDirectory: "The folder of `leettrack code`'s solution files (default ~/leetcode; this machine only)."
            case .codeLanguage: "The language `leettrack code` starts files in without --lang (default py; this machine only)."
            case .codeGit:
                "on or off: on runs `git init` in the code folder (or adopts its repository) and commits a problem's files "
                    + "after each solve, at most one commit a problem a day (default off; this machine only)."
            case .codePush: "on or off: push after each such commit, as `leettrack code push` does (default off; this machine only)."
            case .codeIndex: "sections or topics: how the folder's README.md index groups the solved problems (default sections)."
            }
        }
    }

    /// A setting's value as text.
    public func value(of name: Name) -> String {
        switch name {
        case .codeDirectory: directory ?? Self.defaultDirectory
        case .codeLanguage: language ?? SolutionLanguage.standard.fileExtension
        case .codeGit: git == true ? "on" : "off"
        case .codePush: push == true ? "on" : "off"
        case .codeIndex: (index ?? .sections).rawValue
        }
    }

    /// Sets a setting from text, checked: a folder that is absolute or starts with `~/`, with no
    /// control characters; a known language (stored as its extension).
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)``.
    public mutating func set(_ name: Name, to text: String) throws(LeetTrackError) {
        switch name {
        case .codeDirectory:
            guard text.hasPrefix("/") || text == "~" || text.hasPrefix("~/") else {
                throw .invalidSetting(name.rawValue, value: text, reason: "give an absolute folder, or one under ~/")
            }
            guard !text.unicodeScalars.contains(where: InputRules.isControlOrBidi), text.utf8.count <= 4096 else {
                throw .invalidSetting(name.rawValue, value: text, reason: "a folder name has no control characters and at most 4096 bytes")
            }
            directory = text == Self.defaultDirectory ? nil : text
        case .codeLanguage:
            guard let language = SolutionLanguage(named: text) else {
                throw .invalidSetting(name.rawValue, value: text, reason: "the languages are \(SolutionLanguage.namesText)")
            }
            self.language = language == .standard ? nil : language.fileExtension
        case .codeGit, .codePush:
            let on = try Name.isOn(text, for: name)
            if name == .codeGit { git = on ? true : nil } else { push = on ? true : nil }
        case .codeIndex:
            guard let grouping = CodeIndex.Grouping(rawValue: text.lowercased()) else {
                throw .invalidSetting(name.rawValue, value: text, reason: "it is sections or topics")
            }
            index = grouping == .sections ? nil : grouping
        }
    }

    /// Whether solves are committed to git.
    public var commitsToGit: Bool { git == true }

    /// The folder with `~` expanded against `home`.
    public func resolvedDirectory(home: String) -> String {
        let text = directory ?? Self.defaultDirectory
        if text == "~" { return home }
        if text.hasPrefix("~/") { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + text.dropFirst(1) }
        return text
    }

    /// The default language.
    public var defaultLanguage: SolutionLanguage {
        language.flatMap(SolutionLanguage.init(named:)) ?? .standard
    }
}
