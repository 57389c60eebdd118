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
        /// The most connections one address may hold open at once (lowered further when the
        /// process has few descriptors: see ``PeerConnections``).
        public var connectionsPerPeer: Int
        /// HTTPS with this certificate and key (PEM files); plain HTTP without.
        public var tls: TLSFiles?

        public init(host: String = "127.0.0.1", port: Int = 8765, storePath: String, verbose: Bool = false,
                    readTimeout: Int = 10, bodyLimit: Int = 64 * 1024, connectionsPerPeer: Int = 64, tls: TLSFiles? = nil) {
            (self.host, self.port, self.storePath, self.verbose) = (host, port, storePath, verbose)
            (self.readTimeout, self.bodyLimit, self.connectionsPerPeer, self.tls) = (readTimeout, bodyLimit, connectionsPerPeer, tls)
        }
    }

    /// The PEM files of `--tls-certificate` and `--tls-key`.
    public struct TLSFiles: Sendable {
        /// The server's certificate, then any intermediate ones.
        public var certificate: String
        /// The certificate's private key, without a passphrase.
        public var key: String

        public init(certificate: String, key: String) {
            (self.certificate, self.key) = (certificate, key)
        }
    }

    private let configuration: Configuration
    /// Opens the session served, over the store at ``Configuration/storePath``: its clock dates
    /// every change and its time zone decides "today".
    private let openTracker: @Sendable () throws -> Tracker
    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let hub: EventHub
    private var channel: (any Channel)?
    private var model: ServerModel?
    private var token: String?
    private var stopSignals: StopSignals?
    /// The addresses to open, known once ``start()`` has bound: on a wildcard address, one per
    /// address of this machine's network interfaces (the loopback one when it has no other).
    public private(set) var urls: [String] = []

    /// Whether `--host` is a wildcard address (`0.0.0.0`, `::`): the server answers every network.
    public var listensOnEveryNetwork: Bool { ListeningAddresses.isWildcard(configuration.host) }

    /// Whether other machines (a phone) can reach it: `--host` is not a loopback address.
    public var listensBeyondThisMachine: Bool { !AccessPolicy.isLoopback(configuration.host) }

    /// A server for `configuration`, serving the tracker `openTracker` opens over the store at
    /// `configuration.storePath`. It is called once, by ``start()`` after the address is bound, so
    /// that a start that fails creates no store.
    public init(_ configuration: Configuration, openTracker: @escaping @Sendable () throws -> Tracker) {
        self.configuration = configuration
        self.openTracker = openTracker
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, min(4, System.coreCount)))
        pool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
        hub = EventHub(eventLoop: group.next())
    }

    /// Binds the address, opens the store and starts answering. The address is bound first, so a
    /// start that fails (a port in use, an address this machine lacks) creates no store and no
    /// token file.
    /// - Returns: the URL to open (with `?token=` on a non-loopback address); on a wildcard address
    ///   (`0.0.0.0`, `::`) the first of ``urls``.
    /// - Throws: `ServerError` for a bad address or token file, the store's error when it cannot
    ///   be opened.
    public func start() throws -> String {
        guard (0...65535).contains(configuration.port) else {
            throw ServerError.invalidAddress("'\(configuration.port)' is not a port; use 0 to 65535.")
        }
        let host = configuration.host.hasPrefix("[") ? String(configuration.host.dropFirst().dropLast()) : configuration.host
        // Before the address is bound: a certificate that cannot be used leaves nothing behind.
        let tls: TLSContext?
        do {
            tls = try configuration.tls.map { try TLSContext(certificate: $0.certificate, key: $0.key) }
        } catch {
            stopAfterFailedStart()
            throw error
        }
        let shared = SharedBox()
        let peers = PeerConnections(perPeer: configuration.connectionsPerPeer)
        let readTimeout = TimeAmount.seconds(Int64(configuration.readTimeout))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Nothing is accepted before the store is open and the routes are set (see below).
            .serverChannelOption(.autoRead, value: false)
            .serverChannelInitializer { channel in
                // Out of descriptors, `accept` fails until one is freed: without a pause between
                // tries the loop would spin on the listening socket at full speed.
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(AcceptPause()) }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard let shared = shared.value, peers.admit(channel) else {
                        channel.close(promise: nil)  // Over its peer's share, or the server is stopping.
                        return
                    }
                    let sync = channel.pipeline.syncOperations
                    let connection = ConnectionState()
                    // Closest to the socket: every handler after it reads and writes plaintext.
                    if let tls { try sync.addHandler(TLSHandler(tls, handshakeTimeout: readTimeout)) }
                    // A client that sends requests and never reads the answers is not read from
                    // while its answers wait: without this, pipelined requests grew the server's
                    // memory by a thousand times their size.
                    try sync.addHandler(BackPressureHandler())
                    try sync.addHandler(IdleStateHandler(readTimeout: readTimeout))
                    try sync.addHandler(RequestDeadline(connection: connection, deadline: readTimeout))
                    // NIO's HTTP codec without its pipelining handler (HTTPHandler orders the
                    // answers), and unpaired: HTTPHandler writes its answers whole, as bytes, below
                    // the encoder (see its `respond`), so an encoder told each request's method
                    // would wait for answers it never sees. The encoder frames the event streams
                    // and NIO's 400 for a request it cannot parse.
                    try sync.addHandler(HTTPResponseEncoder())
                    try sync.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try sync.addHandler(NIOHTTPResponseHeadersValidator())
                    try sync.addHandler(SecurityHeaders())
                    try sync.addHandler(HTTPServerProtocolErrorHandler())
                    try sync.addHandler(HTTPHandler(shared: shared, connection: connection))
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.bind(host: host, port: configuration.port).wait()
        } catch {
            stopAfterFailedStart()
            throw ServerError.invalidAddress("cannot listen on \(configuration.host):\(configuration.port): \(Self.bindFailure(error)).")
        }
        self.channel = channel
        let port = channel.localAddress?.port ?? configuration.port
        let scheme: String
        do {
            // The store first: it makes the folder the token file goes in.
            let hub = self.hub
            let model = ServerModel(storePath: configuration.storePath, tracker: try openTracker()) { hub.broadcast() }
            self.model = model
            // On loopback too: a script's writes carry it (see ``AccessPolicy``).
            let token = try ServerToken.load(at: ServerToken.path(forStore: configuration.storePath))
            let policy = AccessPolicy(token: token, port: port, boundHost: host, secure: tls != nil)
            self.token = policy.requiresToken ? token : nil
            scheme = policy.scheme
            shared.value = makeShared(model: model, policy: policy)
            stopSignals = try StopSignals { [hub] in
                hub.closeAll()
                channel.close(promise: nil)
            }
        } catch {
            stopAfterFailedStart()
            throw error
        }
        try channel.setOption(.autoRead, value: true).wait()
        urls = ListeningAddresses.urls(host: host, port: port, token: token, scheme: scheme)
        return urls[0]
    }

    /// What every connection shares, over the opened and observed store.
    private func makeShared(model: ServerModel, policy: AccessPolicy) -> ServerShared {
        pool.start()
        var configuredLogger = Logger(label: "leettrack.serve", factory: { label in StreamLogHandler.standardError(label: label) })
        configuredLogger.logLevel = configuration.verbose ? Logger.Level.info : Logger.Level.warning
        let logger = configuredLogger
        let routes = Routes(model: model)
        // The page's first request is the full list: it is encoded while the browser opens.
        pool.submit { _ in
            do {
                var damaged: [String] = []  // Told by the request that serves the list.
                _ = try model.fullListJSON(damaged: &damaged)
            } catch {
                logger.debug("full list not prepared: \(error)")  // The request that needs it reports the error.
            }
        }
        return ServerShared(
            routes: routes, writes: WriteQueue(routes: routes, pool: pool), policy: policy, hub: hub, pool: pool,
            logger: logger, bodyLimit: configuration.bodyLimit)
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
        try stop()
    }

    /// Stops what a failed ``start()`` had started. The start's own error is the one thrown to
    /// the caller; a failure to stop is not hidden either: it is logged on standard error.
    private func stopAfterFailedStart() {
        do {
            try stop()
        } catch {
            Logger(label: "leettrack.serve", factory: { StreamLogHandler.standardError(label: $0) })
                .warning("stopping the server after its failed start also failed: \(error)")
        }
    }

    /// Stops listening and releases the threads.
    public func stop() throws {
        stopSignals?.cancel()
        stopSignals = nil
        model?.stopObserving()
        model = nil
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

/// What connections share, set once the port is bound and the store is open, read by each new
/// connection.
private final class SharedBox: Sendable {
    private let box = NIOLockedValueBox<ServerShared?>(nil)

    var value: ServerShared? {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }
}
