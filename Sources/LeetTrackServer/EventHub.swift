import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The open server-sent-event streams, and the store observation that feeds them: one
/// observation for the whole server, started with the first stream and stopped with the last.
final class EventHub: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var generation = 0
    }

    private let state = NIOLockedValueBox(State())

    /// Adds a stream; `channel` already has its response head.
    func add(_ channel: any Channel) {
        state.withLockedValue { $0.channels[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLockedValue { _ = $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    /// Tells every open page that the store changed; each refetches what it shows. The event
    /// carries a counter only: the pages read the data through the API, with its checks.
    func broadcast() {
        let (channels, generation) = state.withLockedValue { state -> ([any Channel], Int) in
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
