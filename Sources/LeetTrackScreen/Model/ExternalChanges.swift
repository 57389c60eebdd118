import Synchronization

/// The keys other writers changed in the store since the screen last looked, gathered from the
/// store's notices (on their thread) for the screen's next frame (on its own).
///
/// The screen applies only these keys (see ``Browser/applyExternalChanges()``): one record read
/// per changed problem, not every record decoded again.
public final class ExternalChanges: Sendable {
    private struct Pending {
        var keys: [String] = []
        /// Whether ``keys`` are all that changed; once false, the next frame reads everything again.
        var isComplete = true
        var isEmpty: Bool { keys.isEmpty && isComplete }
    }

    private let pending = Mutex(Pending())

    public init() {}

    /// Adds a notice's keys (`isComplete` false when the notice could not say everything that
    /// changed). Returns whether the screen has to be woken: false while an earlier notice still
    /// waits for its frame, which then takes these keys too.
    @discardableResult
    public func add(_ keys: [String], isComplete: Bool) -> Bool {
        pending.withLock { pending in
            let wasEmpty = pending.isEmpty
            pending.keys += keys
            pending.isComplete = pending.isComplete && isComplete
            return wasEmpty
        }
    }

    /// The keys gathered so far (a key changed twice is there twice), and whether they are all
    /// that changed; the list starts again empty.
    func take() -> (keys: [String], isComplete: Bool) {
        pending.withLock { pending in
            defer { pending = Pending() }
            return (pending.keys, pending.isComplete)
        }
    }
}
