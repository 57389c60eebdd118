import FoundationEssentials
import LeetTrackCore
import Persistence

extension ServerModel {
    /// The result of one request's edit: the problem as `show --json` prints it after the edit.
    typealias EditResult = Result<ProblemJSON, any Error>

    /// Applies the edits of several requests in one transaction (group commit): one commit, one
    /// observation and one append to the log for a whole batch, instead of one each. Each request
    /// gets its problem as it was right after its own edit; edits of one problem apply in the
    /// order given. A name that does not resolve fails only its own request; when the transaction
    /// fails on one record (it does not decode), each edit is tried alone, so that the damaged
    /// record fails only the requests that touch it. Nothing returns before its edit is committed.
    ///
    /// An edit with a stamp (the page's change id and time) is dated when it was made; one applied
    /// before fails with ``ChangeLedger/Repeated``, which holds its first answer, and one whose id
    /// another request used fails with ``ServerError/changeReused(id:)`` (see ``ChangeLedger``).
    func apply(_ edits: [(name: String, edit: ProgressEdit)], stamps: [ChangeStamp?] = []) -> [EditResult] {
        var results = [EditResult?](repeating: nil, count: edits.count)
        let stamps = stamps.count == edits.count ? stamps : Array(repeating: nil, count: edits.count)
        checkRepeated(stamps, into: &results)
        var problems: [Int: Problem] = [:]
        for (index, item) in edits.enumerated() {
            do {
                problems[index] = try catalog.resolve(item.name)
            } catch {
                results[index] = .failure(error)
            }
        }
        var scheduler: ReviewScheduler?
        if edits.contains(where: \.edit.isSolve) {
            do {
                scheduler = try tracker.reviews.scheduler()
            } catch {
                for index in edits.indices where edits[index].edit.isSolve && results[index] == nil { results[index] = .failure(error) }
            }
        }
        let ready = edits.indices.filter { results[$0] == nil }
        let now = self.now
        do {
            let after = try commit(ready, edits, problems, now: now, scheduler: scheduler, stamps: stamps)
            for index in ready { results[index] = problems[index].map { .success(ProblemJSON($0, after[index], withHistory: true)) } }
        } catch where Self.concernsOneRecord(error) || ChangeLedger.concernsOneChange(error) {
            for index in ready {
                do {
                    let after = try commit([index], edits, problems, now: now, scheduler: scheduler, stamps: stamps)
                    results[index] = problems[index].map { .success(ProblemJSON($0, after[index], withHistory: true)) }
                } catch {
                    results[index] = .failure(error)
                }
            }
        } catch {
            // The store itself failed (locked, full, replaced): trying each edit alone would only
            // wait for it again, once per edit.
            for index in ready { results[index] = .failure(error) }
        }
        return results.map { $0 ?? .failure(ServerError.badRequest("the change was not applied; nothing was changed.")) }
    }

    /// Whether `error` is about one record (which then fails only the edits of its problem).
    private static func concernsOneRecord(_ error: any Error) -> Bool {
        switch error as? PersistenceError {
        case .undecodable, .unencodable, .invalidKey, .untrackedChanges: true
        default: false
        }
    }

    /// One transaction over the problems of `indices`; each edit's record right after it, by index.
    private func commit(
        _ indices: [Int], _ edits: [(name: String, edit: ProgressEdit)], _ problems: [Int: Problem], now: Date,
        scheduler: ReviewScheduler?, stamps: [ChangeStamp?]
    ) throws -> [Int: ProblemProgress] {
        var planned: [(index: Int, problem: Problem)] = []
        var dated: [DatedProgressEdit] = []
        for index in indices {
            guard let problem = problems[index] else { continue }
            let (edit, slug) = (edits[index].edit, problem.slug)
            planned.append((index, problem))
            // Events are dated when the change was made (now for an ordinary request).
            dated.append(DatedProgressEdit(slug: slug, madeAt: stamps[index]?.madeAt) { record, date in
                edit.apply(to: &record, slug: slug, now: date, scheduler: scheduler)
            })
        }
        guard !planned.isEmpty else { return [:] }
        let records = try repository.update(dated) { transaction, records in
            for ((index, problem), record) in zip(planned, records) where stamps[index]?.id != nil {
                let answer = HTTPHandler.encode(ProblemJSON(problem, record, withHistory: true))
                try ChangeLedger.record(stamps[index], body: answer, now: now, in: transaction)
            }
        }
        noteWritten(Array(Set(planned.map(\.problem.slug))))
        return Dictionary(zip(planned.map(\.index), records)) { $1 }
    }
}
