import FoundationEssentials

/// The conflict rule for the practice settings (`settings.practice`): field by field, unlike the
/// other settings and the lists (``SyncValueMerge``), so that a skip on one machine and a goal set
/// on another before either synced both survive.
///
/// - **The followed list** and **the daily goal** each go to the side that changed it last, by
///   the hybrid logical clock (``PracticeStamps``).
/// - **The target** (date and lists, ``StudyTarget``) goes, as one part, to the side that changed it last.
/// - **Skipped problems** merge per slug, as a set of additions and removals each with its own
///   stamp: for every problem, the later of the two sides' last skip or unskip wins. Skips of
///   different problems never hide each other; an unskip after a skip of the same problem (by
///   the clock, whichever machine made them) leaves it unskipped, and a skip after an unskip
///   leaves it skipped.
/// - A part's stamp is never below its side's floor (`since`, or the whole value's last change
///   for a record without per-part stamps), so a record of an older build, which holds only the
///   whole value's stamp, counts as "all of this, as of my last change".
/// - **Ties** (equal stamps, which one write never makes: unstamped values from before a first
///   sync, or damaged data) fall to the value: a followed list over none, then the larger by its
///   UTF-8 bytes; a goal over none, then the larger; a skip over an unskip.
///
/// Each part is the maximum of a total order on (stamp, value) (``SyncMerge/latest(_:_:isBelow:)``, the
/// rule of a progress record's favorite and note), the floor is the larger floor,
/// the creation stamp the earliest and the last change the latest: a join of a lattice, so the
/// merge is commutative, associative and idempotent. The result is written in one canonical form
/// (a part's own stamp kept only when above the floor; no per-part stamps at all when the floor
/// is the last change and no part is newer), so equal merges compare equal.
enum PracticeSettingsMerge {
    /// One side of a merge.
    typealias Side = SyncValueMerge.Side

    /// The merge of two sides.
    static func merge(_ a: Side, _ b: Side) -> Side {
        let (x, y) = (Parts(a), Parts(b))
        let since = later(x.since, y.since)
        /// A part's stamp as the result keeps it: only when above the result's floor.
        func own(_ stamp: HLCTimestamp?) -> HLCTimestamp? { later(stamp, since) == since ? nil : stamp }

        var settings = PracticeSettings()
        var stamps = PracticeStamps(since: since)
        let follow = SyncMerge.latest(
            (x.settings.followedList, x.stamp(x.own.followedList)), (y.settings.followedList, y.stamp(y.own.followedList))
        ) {
            guard let first = $0, let second = $1 else { return $0 == nil && $1 != nil }
            return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
        (settings.followedList, stamps.followedList) = (follow.0, own(follow.1))
        let goal = SyncMerge.latest((x.settings.dailyGoal, x.stamp(x.own.dailyGoal)), (y.settings.dailyGoal, y.stamp(y.own.dailyGoal))) {
            ($0 ?? .min, $0 == nil ? 0 : 1) < ($1 ?? .min, $1 == nil ? 0 : 1)
        }
        (settings.dailyGoal, stamps.dailyGoal) = (goal.0, own(goal.1))
        // Ties go to "no": a store that says it cannot open paid-only problems is not overruled by
        // an unstamped default.
        let premium = SyncMerge.latest((x.settings.premium, x.stamp(x.own.premium)), (y.settings.premium, y.stamp(y.own.premium))) { $0 && !$1 }
        (settings.premium, stamps.premium) = (premium.0, own(premium.1))
        // The target date and its lists are one part: a date set on one machine and lists on
        // another would make a plan nobody asked for. Ties go to a target over none, then the
        // later date, then the lists by their UTF-8 bytes.
        let target = SyncMerge.latest((x.settings.target, x.stamp(x.own.target)), (y.settings.target, y.stamp(y.own.target))) {
            guard let first = $0, let second = $1 else { return $0 == nil && $1 != nil }
            if first.day != second.day { return first.day < second.day }
            return first.lists.joined(separator: ",").utf8.lexicographicallyPrecedes(second.lists.joined(separator: ",").utf8)
        }
        (settings.target, stamps.target) = (target.0, own(target.1))
        let slugs = x.skipped.union(y.skipped).union(x.own.skipped.keys).union(y.own.skipped.keys)
        for slug in slugs {
            let mark = SyncMerge.latest(
                (x.skipped.contains(slug), x.stamp(x.own.skipped[slug])), (y.skipped.contains(slug), y.stamp(y.own.skipped[slug]))
            ) { !$0 && $1 }
            if mark.0 { settings.skipped.append(slug) }
            stamps.skipped[slug] = own(mark.1)
        }
        settings.skipped.sort()

        let created = [a.stamps.created, b.stamps.created].compactMap { $0 }.min()
        let changed = later(a.stamps.changed, b.stamps.changed)
        // A floor equal to the last change with no newer part is what a record without per-part
        // stamps means: written that way, records of older builds merge into themselves unchanged.
        let plain = stamps == PracticeStamps(since: changed)
        let value = x.present || y.present ? SyncValue(practice: settings) : SyncValue()
        return (value, SyncValueStamps(created: created, changed: changed, practice: plain ? nil : stamps))
    }

    /// One side read part by part: absent settings are the defaults, unstamped.
    private struct Parts {
        var present: Bool
        var settings: PracticeSettings
        var skipped: Set<String>
        var since: HLCTimestamp?
        var own: PracticeStamps

        init(_ side: Side) {
            present = side.value.practice != nil
            settings = side.value.practice ?? PracticeSettings()
            skipped = Set(settings.skipped)
            // A record without per-part stamps holds everything as of its last change.
            since = side.stamps.practice.map(\.since) ?? side.stamps.changed
            own = side.stamps.practice ?? PracticeStamps()
        }

        /// A part's stamp: its own, but never below the floor.
        func stamp(_ own: HLCTimestamp?) -> HLCTimestamp? { later(own, since) }
    }

    /// The later of two stamps; nil (unstamped) is earlier than any stamp.
    private static func later(_ a: HLCTimestamp?, _ b: HLCTimestamp?) -> HLCTimestamp? {
        guard let a, let b else { return a ?? b }
        return max(a, b)
    }
}
