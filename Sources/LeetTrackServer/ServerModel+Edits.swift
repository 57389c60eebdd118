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
    func apply(_ edits: [(name: String, edit: ProgressEdit)]) -> [EditResult] {
        var results = [EditResult?](repeating: nil, count: edits.count)
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
            let after = try commit(ready, edits, problems, now: now, scheduler: scheduler)
            for index in ready { results[index] = problems[index].map { .success(ProblemJSON($0, after[index], withHistory: true)) } }
        } catch where Self.concernsOneRecord(error) {
            for index in ready {
                do {
                    let after = try commit([index], edits, problems, now: now, scheduler: scheduler)
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
        scheduler: ReviewScheduler?
    ) throws -> [Int: ProblemProgress] {
        var slugs: [String] = []
        var bySlug: [String: [Int]] = [:]
        for index in indices {
            guard let slug = problems[index]?.slug else { continue }
            if bySlug[slug] == nil { slugs.append(slug) }
            bySlug[slug, default: []].append(index)
        }
        guard !slugs.isEmpty else { return [:] }
        var after: [Int: ProblemProgress] = [:]
        try repository.update(slugs) { slug, record in
            for index in bySlug[slug] ?? [] {
                edits[index].edit.apply(to: &record, slug: slug, now: now, scheduler: scheduler)
                after[index] = record
            }
        }
        noteWritten(slugs)
        return after
    }
}
