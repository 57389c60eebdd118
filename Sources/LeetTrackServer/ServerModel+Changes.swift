import FoundationEssentials
import LeetTrackCore
import NIOCore
import Persistence

extension ServerModel {
    /// Marks the results of the changes already applied (found in the ledger) as repeated, so
    /// that they take no part in the commit; a ledger entry that cannot be read, or whose id another
    /// request used (``ServerError/changeReused(id:)``), fails its request.
    func checkRepeated(_ stamps: [ChangeStamp?], into results: inout [EditResult?]) {
        for (index, stamp) in stamps.enumerated() where stamp?.id != nil {
            do {
                if let entry = try ChangeLedger.firstAnswer(to: stamp, in: tracker.store) {
                    results[index] = .failure(ChangeLedger.Repeated(answer: entry))
                }
            } catch {
                results[index] = .failure(error)
            }
        }
    }

    /// Rates a review as `leettrack review PROBLEM RATING --date` does, dated when the page made
    /// the change; a change applied before gets its first answer and changes nothing.
    func review(_ name: String, rating: ReviewRating, stamp: ChangeStamp?) throws -> APIResponse {
        let problem = try catalog.resolve(name)
        if let entry = try ChangeLedger.firstAnswer(to: stamp, in: tracker.store) {
            return ChangeLedger.response(to: ChangeLedger.Repeated(answer: entry))
        }
        let now = self.now
        let zone = tracker.timeZone
        let answer = { (result: ReviewBook.Rating) in
            ReviewItemJSON(ReviewItem(problem: problem, card: result.after, today: LocalDay(now, in: zone), timeZone: zone))
        }
        do {
            let result = try tracker.reviews.rate(problem, rating, at: stamp?.madeAt ?? now) { transaction, result in
                try ChangeLedger.record(stamp, body: HTTPHandler.encode(answer(result)), now: now, in: transaction)
            }
            noteWritten([problem.slug])
            return APIResponse(value: answer(result))
        } catch let repeated as ChangeLedger.Repeated {
            return ChangeLedger.response(to: repeated)
        }
    }
}
