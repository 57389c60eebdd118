import FoundationEssentials
import Persistence

/// How the user practises day by day: the study list they follow, their daily goal and the
/// problems they chose to skip. Stored under `settings.practice` and synced field by field
/// (``PracticeSettingsMerge``): the followed list and the goal each go to the side that changed it
/// last, and each problem's skip mark to the side that skipped or unskipped it last, so changes of
/// different parts on two machines both survive.
public struct PracticeSettings: Codable, Sendable, Hashable {
    /// The key of the followed study list (built-in or own), or `nil`: what `next` and `today`
    /// use when no `--list` is given.
    public var followedList: String?
    /// Problems (solved, attempted or reviewed) a day that make a day count as met; `nil` for no goal.
    public var dailyGoal: Int?
    /// The slugs `next` passes over (`leettrack skip`), sorted.
    public var skipped: [String]
    /// Whether the user can open paid-only problems (`leettrack config premium`); true by default
    /// (a subscriber, or someone who does not mind). With false, `next`, `today`, `random` and the
    /// web page's suggestions pass over paid-only problems; lists still show them, marked.
    public var premium: Bool
    /// The interview date and the lists to know by then (`leettrack config target-date`), or `nil`.
    public var target: StudyTarget?

    /// The accepted daily goals.
    public static let dailyGoalRange: ClosedRange<Int> = 1...100

    /// No followed list, no goal, nothing skipped.
    public init(
        followedList: String? = nil, dailyGoal: Int? = nil, skipped: [String] = [], premium: Bool = true, target: StudyTarget? = nil
    ) {
        self.target = target
        self.followedList = followedList
        self.dailyGoal = dailyGoal
        self.skipped = skipped
        self.premium = premium
    }

    enum CodingKeys: String, CodingKey {
        case followedList = "follow", dailyGoal, skipped, premium, target
    }

    /// Decodes settings; a missing field takes its default, so fields added later keep old stores readable.
    /// A goal outside ``dailyGoalRange`` (a store edited by hand: `-3`, `Int.max`) does not decode,
    /// so it is reported as a damaged record by its key instead of showing "-3 / -3 today ✓ met".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        followedList = try container.decodeIfPresent(String.self, forKey: .followedList)
        dailyGoal = try container.decodeIfPresent(Int.self, forKey: .dailyGoal)
        if let dailyGoal {
            try container.require(
                Self.dailyGoalRange.contains(dailyGoal), at: .dailyGoal,
                "\(dailyGoal) is not a daily goal from \(Self.dailyGoalRange.lowerBound) to \(Self.dailyGoalRange.upperBound)")
        }
        skipped = try container.decodeIfPresent([String].self, forKey: .skipped) ?? []
        premium = try container.decodeIfPresent(Bool.self, forKey: .premium) ?? true
        target = try container.decodeIfPresent(StudyTarget.self, forKey: .target)
    }

    /// Encodes the settings, leaving out fields that hold their default.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(followedList, forKey: .followedList)
        try container.encodeIfPresent(dailyGoal, forKey: .dailyGoal)
        if !skipped.isEmpty { try container.encode(skipped, forKey: .skipped) }
        if !premium { try container.encode(premium, forKey: .premium) }
        try container.encodeIfPresent(target, forKey: .target)
    }

    /// The store key.
    public static let key = Key<PracticeSettings>("settings.practice", default: PracticeSettings())

    /// Whether `slug` is marked to skip.
    public func isSkipped(_ slug: String) -> Bool {
        skipped.contains(slug)
    }

    /// Whether the user has Premium, from text: yes/no, on/off, true/false.
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` naming what is accepted.
    public static func premium(from text: String) throws(LeetTrackError) -> Bool {
        switch text.trimmedOfWhitespace.lowercased() {
        case "yes", "on", "true", "1": return true
        case "no", "off", "false", "0": return false
        default: throw .invalidSetting("premium", value: text, reason: "use yes (you can open paid-only problems) or no")
        }
    }

    /// A daily goal from text (`3`).
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` naming the accepted range.
    public static func dailyGoal(from text: String) throws(LeetTrackError) -> Int {
        guard let value = Int(text.trimmedOfWhitespace), dailyGoalRange.contains(value) else {
            throw .invalidSetting("daily-goal", value: text, reason: "use a whole number of problems a day from 1 to 100")
        }
        return value
    }
}

/// The practice settings of a store: read, changed in one synced write each.
public struct PracticeBook: Sendable {
    /// The store they live in.
    public let store: Store
    /// Dates the changes for sync.
    public let clock: Clock

    /// The stored settings (the defaults when none are stored).
    /// - Throws: `PersistenceError.undecodable` when the stored settings do not decode.
    public func settings() throws -> PracticeSettings {
        // Read by `PracticeSettingsJSONReader` (`show` reads them at every run); a record it does
        // not take goes through the store's decoder, which reads it or reports it `undecodable`.
        guard let raw = try store.rawValue(forKey: PracticeSettings.key.name) else { return PracticeSettings() }
        if let settings = PracticeSettingsJSONReader.read(raw) { return settings }
        return try store.value(for: PracticeSettings.key)
    }

    /// Applies `change` to the stored settings in one transaction, noted for sync (each part that
    /// changed is stamped on its own); nothing is written when nothing changed.
    /// - Returns: the settings after the change.
    @discardableResult
    public func update(_ change: (inout PracticeSettings) throws -> Void) throws -> PracticeSettings {
        try store.transaction { transaction in
            let before = try transaction.value(for: PracticeSettings.key)
            var settings = before
            try change(&settings)
            settings.skipped = Array(Set(settings.skipped)).sorted()
            guard settings != before else { return settings }
            try SyncedWrites(clock: clock).value(SyncValue(practice: settings), for: PracticeSettings.key.name, in: transaction)
            return settings
        }
    }

    /// Marks problems to skip (`skip: true`) or not; returns the slugs whose mark changed.
    public func setSkipped(_ slugs: [String], _ skip: Bool) throws -> [String] {
        var changed: [String] = []
        try update { settings in
            var set = Set(settings.skipped)
            for slug in slugs where skip ? set.insert(slug).inserted : set.remove(slug) != nil {
                changed.append(slug)
            }
            settings.skipped = set.sorted()
        }
        return changed
    }
}

extension Tracker {
    /// The followed list, daily goal and skipped problems.
    public var practice: PracticeBook { PracticeBook(store: store, clock: clock) }
}
