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

    /// Settings with the defaults.
    public init(directory: String? = nil, language: String? = nil) {
        self.directory = directory
        self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case directory, language
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
        do {
            if let directory { try checked.set(.codeDirectory, to: directory) }
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .directory, in: container, debugDescription: error.description)
        }
        do {
            if let language { try checked.set(.codeLanguage, to: language) }
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .language, in: container, debugDescription: error.description)
        }
        self.directory = directory
        self.language = language
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

        /// One line of help.
        public var help: String {
            switch self {
            case .codeDirectory: "The folder of `leettrack code`'s solution files (default ~/leetcode; this machine only)."
            case .codeLanguage: "The language `leettrack code` starts files in without --lang (default py; this machine only)."
            }
        }
    }

    /// A setting's value as text.
    public func value(of name: Name) -> String {
        switch name {
        case .codeDirectory: directory ?? Self.defaultDirectory
        case .codeLanguage: language ?? SolutionLanguage.standard.fileExtension
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
        }
    }

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
