import FoundationEssentials
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The open server-sent-event streams, fed by the store's observation.
///
/// Changes are coalesced: the first change after a quiet spell schedules one event
/// ``coalescingDelay`` later, and every change until then rides on it. A burst of edits (50 clients
/// toggling hearts) thus costs each edit O(1), not one write per open page, and each page refetches
/// once per burst instead of once per edit; a change still shows within the promised second.
final class EventHub: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var generation = 0
        var scheduled = false
    }

    /// How long changes gather before the event that announces them goes out.
    static let coalescingDelay = TimeAmount.milliseconds(100)

    private let state = NIOLockedValueBox(State())
    /// Where the coalesced events are scheduled.
    private let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Adds a stream; `channel` already has its response head.
    func add(_ channel: any Channel) {
        state.withLockedValue { $0.channels[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLockedValue { _ = $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    /// Tells every open page, at most ``coalescingDelay`` from now, that the store changed.
    /// - Complexity: O(1); the event's fan-out runs later, once for all the changes until then.
    func broadcast() {
        let schedules = state.withLockedValue { state -> Bool in
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        guard schedules else { return }
        eventLoop.scheduleTask(in: Self.coalescingDelay) { [self] in send() }
    }

    /// Sends one event to every open page; each refetches what it shows. The event carries a
    /// counter only: the pages read the data through the API, with its checks. The flag is
    /// cleared first, so a change that lands while sending schedules the next event.
    private func send() {
        let (channels, generation) = state.withLockedValue { state -> ([any Channel], Int) in
            state.scheduled = false
            state.generation += 1
            return (Array(state.channels.values), state.generation)
        }
        let text = "event: change\ndata: \(generation)\n\n"
        for channel in channels {
            let buffer = channel.allocator.buffer(string: text)
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: nil)
        }
    }

    /// Closes every stream (the server is stopping).
    func closeAll() {
        let channels = state.withLockedValue { Array($0.channels.values) }
        for channel in channels { channel.close(promise: nil) }
    }

    var count: Int { state.withLockedValue { $0.channels.count } }
}
