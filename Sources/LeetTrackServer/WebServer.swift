import Dispatch
import FoundationEssentials
import LeetTrackCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Persistence

/// `leettrack serve`: the app over HTTP, on SwiftNIO. Nothing here runs before ``start()``: other
/// commands link this library but pay nothing for it.
public final class WebServer {
    /// What `leettrack serve` was asked for.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var storePath: String
        /// One log line per request on standard error.
        public var verbose: Bool
        /// How long, in seconds, a client may take to send a request before it gets a 408.
        public var readTimeout: Int
        /// The largest request body, in bytes.
        public var bodyLimit: Int
        /// Where the server's time comes from (a solve's instant, today's queue).
        public var clock: Clock

        public init(host: String = "127.0.0.1", port: Int = 8765, storePath: String, verbose: Bool = false,
                    readTimeout: Int = 10, bodyLimit: Int = 64 * 1024, clock: Clock = .system) {
            (self.host, self.port, self.storePath, self.verbose) = (host, port, storePath, verbose)
            (self.readTimeout, self.bodyLimit, self.clock) = (readTimeout, bodyLimit, clock)
        }
    }

    private let configuration: Configuration
    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let hub: EventHub
    private var channel: (any Channel)?
    private var observation: ObservationToken?
    private var token: String?
    private var signalSources: [any DispatchSourceSignal] = []

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, min(4, System.coreCount)))
        pool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
        hub = EventHub(eventLoop: group.next())
    }

    /// Opens the store, binds the address and starts answering.
    /// - Returns: the URL to open (with `?token=` on a non-loopback address).
    /// - Throws: `ServerError` for a bad address or token file, the store's error when it cannot
    ///   be opened, NIO's when the port is taken.
    public func start() throws -> String {
        guard (0...65535).contains(configuration.port) else {
            throw ServerError.invalidAddress("'\(configuration.port)' is not a port; use 0 to 65535.")
        }
        let model = try ServerModel(storePath: configuration.storePath, clock: configuration.clock)
        let loopback = AccessPolicy.isLoopback(configuration.host)
        if !loopback { token = try ServerToken.load(at: ServerToken.path(forStore: configuration.storePath)) }
        pool.start()
        var configuredLogger = Logger(label: "leettrack.serve", factory: { label in StreamLogHandler.standardError(label: label) })
        configuredLogger.logLevel = configuration.verbose ? Logger.Level.info : Logger.Level.warning
        let logger = configuredLogger
        let hub = self.hub
        observation = model.observeChanges { hub.broadcast() }
        let bodyLimit = configuration.bodyLimit
        let readTimeout = TimeAmount.seconds(Int64(configuration.readTimeout))
        let host = configuration.host.hasPrefix("[") ? String(configuration.host.dropFirst().dropLast()) : configuration.host
        // The port is known only after binding (0 picks a free one): the policy is made after.
        let policyBox = PolicyBox()
        let pool = self.pool
        let routes = Routes(model: model)
        let writes = WriteQueue(routes: routes, pool: pool)
        // The page's first request is the full list: it is encoded while the browser opens.
        pool.submit { _ in
            do {
                _ = try model.fullListJSON()
            } catch {
                logger.debug("full list not prepared: \(error)")  // The request that needs it reports the error.
            }
        }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let shared = ServerShared(
                        routes: routes, writes: writes, policy: policyBox.policy, hub: hub, pool: pool, logger: logger,
                        bodyLimit: bodyLimit)
                    let sync = channel.pipeline.syncOperations
                    let connection = ConnectionState()
                    // A client that sends requests and never reads the answers is not read from
                    // while its answers wait: without this, pipelined requests grew the server's
                    // memory by a thousand times their size.
                    try sync.addHandler(BackPressureHandler())
                    try sync.addHandler(IdleStateHandler(readTimeout: readTimeout))
                    try sync.addHandler(RequestDeadline(connection: connection))
                    try sync.configureHTTPServerPipeline(withErrorHandling: true)
                    try sync.addHandler(HTTPHandler(shared: shared, connection: connection))
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.bind(host: host, port: configuration.port).wait()
        } catch {
            try? stop()  // Already failing: the bind error is the one to report.
            throw ServerError.invalidAddress("cannot listen on \(configuration.host):\(configuration.port): \(Self.bindFailure(error)).")
        }
        self.channel = channel
        handleSignals(closing: channel)
        let port = channel.localAddress?.port ?? configuration.port
        policyBox.policy = AccessPolicy(token: token, port: port, boundHost: host)
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    /// Why the address could not be bound, in words (NIO's error names its system call).
    private static func bindFailure(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        switch error.errnoCode {
        case EADDRINUSE: return "the port is in use (another `leettrack serve`?); choose another with --port, or --port 0 for any free one"
        case EADDRNOTAVAIL: return "this machine has no such address"
        case EACCES: return "ports below 1024 need root; choose another with --port"
        default: return String(cString: strerror(error.errnoCode))
        }
    }

    /// Serves until SIGINT or SIGTERM (see ``start()``), then stops: open streams are closed.
    public func runUntilSignalled() throws {
        guard let channel else { return }
        try channel.closeFuture.wait()
        signalSources.forEach { $0.cancel() }
        try stop()
    }

    /// SIGINT and SIGTERM close the listening channel. Installed before the URL is printed, so a
    /// signal sent as soon as the URL appears is never lost.
    private func handleSignals(closing channel: any Channel) {
        let queue = DispatchQueue(label: "leettrack.serve.signals")
        let hub = self.hub
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                hub.closeAll()
                channel.close(promise: nil)
            }
            source.resume()
            signal(number, SIG_IGN)
            signalSources.append(source)
        }
    }

    /// Stops listening and releases the threads.
    public func stop() throws {
        observation?.cancel()
        observation = nil
        hub.closeAll()
        var closeError: (any Error)?
        do {
            try channel?.close().wait()
        } catch ChannelError.alreadyClosed {
            // Closed already when a signal stopped it.
        } catch {
            closeError = error
        }
        channel = nil
        // The pool first: its last work (a queued write) completes its promises on the event
        // loops, which must still run; then the loops, which close the connections.
        try pool.syncShutdownGracefully()
        try group.syncShutdownGracefully()
        if let closeError { throw closeError }
    }
}

/// The policy, set once the port is bound and read by each new connection.
private final class PolicyBox: Sendable {
    private let box = NIOLockedValueBox(AccessPolicy(token: nil, port: -1, boundHost: ""))

    var policy: AccessPolicy {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }
}
