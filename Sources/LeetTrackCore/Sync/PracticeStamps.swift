import FoundationEssentials

/// When each part of the practice settings was last changed, by the hybrid logical clock, so that
/// sync merges the followed list, the daily goal and each skipped problem on its own
/// (``PracticeSettingsMerge``). Kept in ``SyncValueStamps/practice``, beside the whole value's
/// stamps: locally under `sync.stamps.settings.practice`, remotely in the `settings.practice` record.
///
/// `since` is a floor: every part of the settings is at least as recent as it, and a part carries
/// a stamp of its own only when it changed later. So a skipped problem with no stamp is skipped as
/// of `since`, and a problem neither skipped nor stamped is not skipped as of `since`; a problem
/// stamped but not skipped was unskipped at its stamp (a tombstone, kept so that the unskip syncs).
///
/// Records without these stamps (written by builds before them, or before the store's first
/// change since) read as if `since` were the whole value's last change (``SyncValueStamps/changed``):
/// everything in the record as of that change, which is what such a record says. A store that
/// never synced has no stamps at all, and its settings rank below any stamped change.
struct PracticeStamps: Codable, Hashable {
    /// The floor of every part's stamp; nil for parts unstamped (made before the first sync).
    var since: HLCTimestamp?
    /// When the followed list was last changed, if later than `since`.
    var followedList: HLCTimestamp?
    /// When the daily goal was last changed, if later than `since`.
    var dailyGoal: HLCTimestamp?
    /// When the premium setting was last changed, if later than `since`.
    var premium: HLCTimestamp?
    /// When the target date and lists were last changed, if later than `since`.
    var target: HLCTimestamp?
    /// Per problem slug, when it was last skipped or unskipped, if later than `since`.
    var skipped: [String: HLCTimestamp]

    /// Stamps with only a floor: every part as of `since`.
    init(since: HLCTimestamp? = nil, followedList: HLCTimestamp? = nil, dailyGoal: HLCTimestamp? = nil,
         skipped: [String: HLCTimestamp] = [:], premium: HLCTimestamp? = nil, target: HLCTimestamp? = nil) {
        self.premium = premium
        self.target = target
        self.since = since
        self.followedList = followedList
        self.dailyGoal = dailyGoal
        self.skipped = skipped
    }

    enum CodingKeys: String, CodingKey {
        case since, followedList = "follow", dailyGoal, skipped, premium, target
    }

    /// Decodes stamps; every field may be missing.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        since = try container.decodeIfPresent(HLCTimestamp.self, forKey: .since)
        followedList = try container.decodeIfPresent(HLCTimestamp.self, forKey: .followedList)
        dailyGoal = try container.decodeIfPresent(HLCTimestamp.self, forKey: .dailyGoal)
        skipped = try container.decodeIfPresent([String: HLCTimestamp].self, forKey: .skipped) ?? [:]
        premium = try container.decodeIfPresent(HLCTimestamp.self, forKey: .premium)
        target = try container.decodeIfPresent(HLCTimestamp.self, forKey: .target)
    }

    /// Encodes the stamps, leaving out the missing ones.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(since, forKey: .since)
        try container.encodeIfPresent(followedList, forKey: .followedList)
        try container.encodeIfPresent(dailyGoal, forKey: .dailyGoal)
        if !skipped.isEmpty { try container.encode(skipped, forKey: .skipped) }
        try container.encodeIfPresent(premium, forKey: .premium)
        try container.encodeIfPresent(target, forKey: .target)
    }

    /// The latest stamp held.
    var latest: HLCTimestamp? {
        ([since, followedList, dailyGoal, premium, target].compactMap { $0 } + skipped.values).max()
    }

    /// Stamps `stamp` on every part that differs between `before` and `after`: the followed list,
    /// the goal, and each problem skipped or unskipped.
    mutating func record(from before: PracticeSettings, to after: PracticeSettings, at stamp: HLCTimestamp) {
        if before.followedList != after.followedList { followedList = stamp }
        if before.dailyGoal != after.dailyGoal { dailyGoal = stamp }
        if before.premium != after.premium { premium = stamp }
        if before.target != after.target { target = stamp }
        for slug in Set(before.skipped).symmetricDifference(after.skipped) { skipped[slug] = stamp }
    }
}
