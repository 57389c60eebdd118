import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Group commit for the requests that edit a problem's record (favorite, solve, attempt, reset,
/// note): the edits that arrive while a transaction is committing are committed together by the
/// next one, on one thread-pool thread, and each request is answered once its edit is committed.
///
/// Why: every SQLite transaction appends the pages it changed to the log, and the log is copied
/// into the database (with two `fdatasync`s, under the store's lock) every 1,000 pages. With 50
/// clients toggling hearts one transaction each, that copy ran every few hundred requests and
/// stalled all of them; batched, the pages of a whole group are written once. It also keeps the
/// event loops free (the edit, its resolution and its JSON run on the pool) and ties up one pool
/// thread however many edits wait, so reads keep the other.
///
/// Durability is unchanged: a request's response is sent only after the transaction holding its
/// edit has committed, exactly as when each request committed alone.
final class WriteQueue: Sendable {
    private struct Pending {
        var request: APIRequest
        var promise: EventLoopPromise<(status: Int, body: [UInt8])>
    }

    private struct State {
        var pending: [Pending] = []
        var draining = false
    }

    /// At most this many edits per transaction, so that one transaction stays short.
    static let largestBatch = 256

    private let routes: Routes
    private let pool: NIOThreadPool
    private let state = NIOLockedValueBox(State())

    init(routes: Routes, pool: NIOThreadPool) {
        self.routes = routes
        self.pool = pool
    }

    /// Queues an edit; the future gives its status and JSON body once it is committed (or refused).
    /// It fails only when the server is stopping.
    func submit(_ request: APIRequest, on eventLoop: any EventLoop) -> EventLoopFuture<(status: Int, body: [UInt8])> {
        let promise = eventLoop.makePromise(of: (status: Int, body: [UInt8]).self)
        let startsDraining = state.withLockedValue { state -> Bool in
            state.pending.append(Pending(request: request, promise: promise))
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if startsDraining {
            pool.submit { [self] work in
                guard work == .active else { return failPending() }
                drain()
            }
        }
        return promise.futureResult
    }

    /// Commits batches until none is waiting.
    private func drain() {
        while true {
            let batch = state.withLockedValue { state -> [Pending] in
                let batch = Array(state.pending.prefix(Self.largestBatch))
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let responses = routes.respond(toEdits: batch.map(\.request))
            for (pending, response) in zip(batch, responses) { pending.promise.succeed(response) }
        }
    }

    private func failPending() {
        let batch = state.withLockedValue { state -> [Pending] in
            defer { state.pending = []; state.draining = false }
            return state.pending
        }
        for pending in batch { pending.promise.fail(ServerError.requestTimeout) }
    }
}
