#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// On the listening channel: when `accept` fails for want of descriptors or memory (EMFILE,
/// ENFILE, ENOBUFS, ENOMEM), stops watching the socket for ``pause`` and then tries again.
///
/// Why not NIO's `AcceptBackoffHandler`: it delays the channel's next `read`, but after a failed
/// `accept` the channel still has a read pending and stays registered for the socket, which is
/// still readable (the connection waits in the backlog): the event loop tried again at once, for
/// ever, and burned a core until a descriptor came free. Turning `autoRead` off unregisters it.
final class AcceptPause: ChannelInboundHandler {
    typealias InboundIn = any Channel

    /// How long accepting rests after running out.
    static let pause = TimeAmount.milliseconds(200)

    private var paused = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let failure = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(failure.errnoCode) else {
            return context.fireErrorCaught(error)
        }
        guard !paused, let options = context.channel.syncOptions else { return }
        paused = true
        do {
            try options.setOption(.autoRead, value: false)
        } catch {
            return  // The listening channel is closing: nothing to resume.
        }
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.pause) { [self] in
            paused = false
            do {
                try context.channel.syncOptions?.setOption(.autoRead, value: true)
            } catch {
                // Closed in the meantime (the server is stopping).
            }
        }
    }
}
