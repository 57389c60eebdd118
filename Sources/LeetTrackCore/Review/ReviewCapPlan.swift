import FoundationEssentials

/// The review cap's rule over a run of days, in one place: the queue's plan of the next days
/// (``ReviewQueue/upcoming(days:)``) and an import's due dates (``Importer``) both come here.
///
/// Day after day, the cards waiting from the days before join the day's own; when they are more
/// than the day has room for, the most forgotten on that day go first, and the rest wait for the
/// next day. So no day holds more than its room, and a card is planned for one day only.
enum ReviewCapPlan {
    /// Plans `carried` (waiting before `first`) and `coming` (sorted by `dueDay`, earliest first)
    /// over the days from `first`, calling `place` once a day with that day's cards, until every
    /// card has a day or `last` is planned.
    /// - Parameters:
    ///   - last: the last day planned; `nil` plans until every card has a day. Days after the
    ///     last card's are not visited, so a far `last` costs nothing.
    ///   - room: how many cards a day takes; asked once for each day, in order (so it may carry
    ///     state from one day to the next). With `last` `nil`, it must eventually give room.
    ///   - mostForgotten: the cards ordered most forgotten first, as on that day.
    /// - Complexity: O(d + c log c) for c cards and the d days until the last of them is placed.
    static func plan<Card>(
        carried: [Card], coming: [Card], dueDay: (Card) -> LocalDay, from first: LocalDay, through last: LocalDay?,
        room: (LocalDay) -> Int, mostForgotten: ([Card], LocalDay) -> [Card], place: ([Card], LocalDay) -> Void
    ) {
        var carried = carried
        var index = coming.startIndex
        var day = first
        while index < coming.endIndex || !carried.isEmpty, last.map({ day <= $0 }) ?? true {
            while index < coming.endIndex, dueDay(coming[index]) <= day {
                carried.append(coming[index])
                index += 1
            }
            let room = max(0, room(day))
            if carried.count > room { carried = mostForgotten(carried, day) }
            let taken = min(room, carried.count)
            place(Array(carried.prefix(taken)), day)
            carried.removeFirst(taken)
            day = day.adding(days: 1)
        }
    }
}
