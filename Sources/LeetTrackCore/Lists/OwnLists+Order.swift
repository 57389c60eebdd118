import FoundationEssentials
import Persistence

/// The order of the user's own lists among themselves (`lists reorder NAME PLACE`).
///
/// Each list record holds its own place (``Record/place``), a number: the lists are shown by
/// place, and the lists never placed (every list of an older store, and one created since) after
/// them, in the order they were created. So a store that was never reordered reads as it always
/// did, and its records keep their bytes.
///
/// A move gives the moved list a place between its new neighbours' and writes that one record,
/// so it syncs, like any list edit, as one record (the later change wins), and a reorder on one
/// machine and an edit of another list on a second one both stay. The lists never placed are
/// given places after the others at the first move (once each); and only when the neighbours
/// leave no room (places too close after many moves) are all the lists numbered afresh, 1, 2, 3…,
/// writing the records whose place changes.
extension OwnLists {
    /// Where a list was put among the own lists.
    public struct Placement: Sendable, Equatable {
        /// The list that was moved.
        public var list: StudyList
        /// Whether it moved (false when it was already at that place).
        public var moved: Bool
        /// Every own list after the move, in the new order.
        public var lists: [StudyList]
    }

    /// Puts an own list at `position` among the own lists (1 is the first); the others keep their
    /// order. One transaction: a refusal changes nothing.
    /// - Throws: ``LeetTrackError/builtInList(_:)`` for a built-in list,
    ///   ``LeetTrackError/unknownList(_:known:)``, ``LeetTrackError/invalidListPlace(_:place:count:)``
    ///   when `position` is not from 1 to the number of own lists, and `PersistenceError` (a list
    ///   record that does not decode: the order of the others cannot be known).
    /// - Complexity: O(*n* log *n*) for *n* own lists; writes one record, or the records whose place
    ///   changes when the lists are numbered afresh.
    public func reorder(_ name: String, to position: Int, in catalog: Catalog) throws -> Placement {
        let key = Self.keyPrefix + (try ownKey(name, in: catalog))
        return try store.transaction { transaction in
            var entries = Self.ordered(try transaction.values(withKeyPrefix: Self.keyPrefix, as: Record.self))
            guard let from = entries.firstIndex(where: { $0.key == key }) else {
                throw LeetTrackError.unknownList(name, known: catalog.studyLists.map(\.key) + entries.compactMap(\.value.list?.key))
            }
            let listName = entries[from].value.name
            guard (1...entries.count).contains(position) else {
                throw LeetTrackError.invalidListPlace(listName, place: position, count: entries.count)
            }
            let moved = from != position - 1
            if moved {
                entries.insert(entries.remove(at: from), at: position - 1)
                for (storeKey, record) in Self.placing(entries, at: position - 1) {
                    try writes.value(SyncValue(list: record), for: storeKey, in: transaction)
                }
            }
            // The moved list is now at `position` (it was there already when it did not move).
            guard let list = entries[position - 1].value.list else {
                throw LeetTrackError.invalidListName(listName, reason: "it needs a letter or a digit")  // Not reached: it has a key.
            }
            return Placement(list: list, moved: moved, lists: entries.compactMap(\.value.list))
        }
    }

    /// List records (`lists.<key>` and the record) in the user's order: by place, then the lists
    /// never placed; equal places (two machines' moves merged) and the unplaced by creation time,
    /// then key, so every machine shows the same order.
    static func ordered(_ entries: [(key: String, value: Record)]) -> [(key: String, value: Record)] {
        entries.sorted {
            ($0.value.place ?? .infinity, $0.value.created, $0.key) < ($1.value.place ?? .infinity, $1.value.created, $1.key)
        }
    }

    /// The records to write so that `entries`, where the list at `index` was just put, read in that
    /// order. The lists never placed (all at the end, in order) take the places after the last one;
    /// then the moved one takes a place between its neighbours', or, when they leave no room, every
    /// list is numbered afresh (those whose place changes are written).
    static func placing(_ entries: [(key: String, value: Record)], at index: Int) -> [(key: String, value: Record)] {
        var entries = entries
        var writes: [Int] = []
        var next = (entries.compactMap(\.value.place).max() ?? 0).rounded(.down) + 1
        for offset in entries.indices where offset != index && entries[offset].value.place == nil {
            entries[offset].value.place = next
            next += 1
            writes.append(offset)
        }
        let before = index > 0 ? entries[index - 1].value.place : nil
        let after = index + 1 < entries.count ? entries[index + 1].value.place : nil
        let place: Double =
            switch (before, after) {
            case (nil, nil): 1
            case (nil, let after?): after - 1
            case (let before?, nil): before + 1
            case (let before?, let after?): before + (after - before) / 2
            }
        // A midpoint equal to a neighbour (places too close, or equal after a merge) fails here.
        if (before.map { $0 < place } ?? true) && (after.map { place < $0 } ?? true) {
            entries[index].value.place = place
            return (writes + [index]).sorted().map { entries[$0] }
        }
        return entries.enumerated().compactMap { offset, entry in
            let place = Double(offset + 1)
            guard entry.value.place != place || writes.contains(offset) else { return nil }
            var record = entry.value
            record.place = place
            return (entry.key, record)
        }
    }
}
