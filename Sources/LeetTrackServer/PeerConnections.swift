#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers
import NIOCore

/// The open connections by peer address, so that no one client can take every descriptor the
/// server has: a peer over its share has each further connection closed as soon as it is
/// accepted, and other peers are still served. The whole server also keeps a reserve of
/// descriptors for the store, its log and the event loops.
final class PeerConnections: Sendable {
    private struct State {
        var byPeer: [String: Int] = [:]
        var total = 0
    }

    /// Descriptors kept back for everything but connections (the store's files, the event loops'
    /// own descriptors, a signal pipe), and the connections refused while accepting.
    static let reserve = 48

    #if canImport(Glibc)
    private static let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFilesResource = RLIMIT_NOFILE
    #endif

    /// The most connections one address holds at once.
    let perPeer: Int
    /// The most connections all peers hold at once.
    let total: Int
    private let state = NIOLockedValueBox(State())

    /// - Parameter perPeer: the most one address may hold; lowered to half of the descriptors
    ///   left for connections when the process may open few (`ulimit -n`).
    init(perPeer: Int) {
        var limit = rlimit()
        // RLIM_INFINITY is the largest value: clamped, it counts as plenty.
        let descriptors = getrlimit(Self.openFilesResource, &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1 << 20
        total = max(2, descriptors - Self.reserve)
        self.perPeer = max(1, min(perPeer, total / 2))
    }

    /// Counts `channel` for its peer until it closes; `false` (and nothing counted) when its peer
    /// or the server holds as many as it may.
    func admit(_ channel: any Channel) -> Bool {
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        let admitted = state.withLockedValue { state -> Bool in
            guard state.total < total, state.byPeer[peer, default: 0] < perPeer else { return false }
            state.byPeer[peer, default: 0] += 1
            state.total += 1
            return true
        }
        guard admitted else { return false }
        channel.closeFuture.whenComplete { [state] _ in
            state.withLockedValue { state in
                state.total -= 1
                let left = state.byPeer[peer, default: 1] - 1
                state.byPeer[peer] = left > 0 ? left : nil
            }
        }
        return true
    }
}
