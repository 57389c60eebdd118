import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import Persistence

/// The certificate and key `leettrack serve --tls-certificate --tls-key` answers HTTPS with:
/// OpenSSL's server context, TLS 1.2 or later. Browsers run service workers (the app offline) only
/// on `https` pages or on localhost, so a phone reaching this machine over the network needs it.
///
/// `@unchecked Sendable`: the context is set up in `init` and only read afterwards (each
/// connection's `SSL_new`), which OpenSSL allows from any thread.
final class TLSContext: @unchecked Sendable {
    fileprivate let context: OpaquePointer

    /// Loads `certificate` (PEM, the server's certificate first, then any intermediates) and its
    /// private `key` (PEM, without a passphrase, readable by its owner alone). Throws
    /// ``ServerError/tls(_:)`` with what is wrong in words: a file that cannot be read, a key
    /// others can read, one that is not PEM, a key of another certificate, a certificate expired
    /// or not valid yet.
    init(certificate: String, key: String) throws(ServerError) {
        guard copenssl_available() != 0 else {
            throw .tls("cannot load \(String(cString: copenssl_library_name())) for HTTPS; install OpenSSL 3 (apt-get install libssl3).")
        }
        for (path, what) in [(certificate, "certificate"), (key, "key")] {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .tls("cannot read the TLS \(what) \(path): \(FileErrorReason.system(errno)).") }
            var info = stat()
            let mode = fstat(descriptor, &info) == 0 ? Int(info.st_mode) & 0o777 : 0
            close(descriptor)
            // Whoever can read the key can pretend to be this server (as sync's connection file).
            if what == "key", mode & 0o077 != 0 {
                throw .tls("others can read the key \(path) (mode \(String(mode, radix: 8))); it was not used. Run `chmod 600 \(path)`.")
            }
        }
        copenssl_clear_errors()
        guard let context = copenssl_server_context() else { throw .tls("OpenSSL cannot make a TLS context: \(Self.takeError()).") }
        func fail(_ reason: String) -> ServerError {
            copenssl_context_free(context)
            return .tls(reason)
        }
        guard copenssl_use_certificate_chain_file(context, certificate) == 1 else {
            throw fail("\(certificate) is not a PEM certificate OpenSSL can use (\(Self.takeError())).")
        }
        guard copenssl_use_private_key_file(context, key) == 1 else {
            if copenssl_last_error_is_key_mismatch() != 0 {
                copenssl_clear_errors()
                throw fail("the key \(key) is not the key of the certificate \(certificate).")
            }
            throw fail("\(key) is not a PEM private key OpenSSL can use, or it needs a passphrase (\(Self.takeError())).")
        }
        guard copenssl_check_private_key(context) == 1 else {
            throw fail("the key \(key) is not the key of the certificate \(certificate).")
        }
        switch copenssl_certificate_validity(context) {
        case -1: throw fail("the certificate \(certificate) has expired; make a new one.")
        case 1: throw fail("the certificate \(certificate) is not valid yet; check this machine's clock.")
        default: break
        }
        self.context = context
    }

    deinit {
        copenssl_context_free(context)
    }

    /// The oldest error of this thread's OpenSSL error queue, which is then emptied.
    fileprivate static func takeError() -> String {
        var text = [CChar](repeating: 0, count: 256)
        copenssl_take_error(&text, text.count)
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return message.isEmpty ? "no reason given" : message
    }
}

/// One connection's TLS, the first handler of its pipeline: bytes from the socket go into
/// OpenSSL and come out as the plaintext the HTTP handlers read; what they write goes out
/// encrypted. OpenSSL works on two memory buffers, so the event loop does all the I/O.
///
/// A client has the read timeout to finish its handshake. One that speaks plain HTTP to the port
/// gets a plain 400 that says to use `https://`. Closing sends TLS's `close_notify` first.
/// Plaintext is encrypted a record at a time, so OpenSSL's buffers stay small on a connection
/// that was sent the full list.
final class TLSHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// TLS's largest record: what one `SSL_read` gives and one `SSL_write` takes at most here.
    private static let recordSize = 16 * 1024

    private let tls: TLSContext
    private let handshakeTimeout: TimeAmount
    private var ssl: OpaquePointer?
    /// What came from the socket, for OpenSSL to read; what OpenSSL wrote, for the socket.
    private var input: OpaquePointer?
    private var output: OpaquePointer?
    private var handshakeDeadline: Scheduled<Void>?
    /// Set once, when the handshake first completes. From then on everything goes through
    /// `SSL_read` and `SSL_write`, which handle what comes after a handshake (TLS 1.3's key
    /// updates and tickets) themselves.
    private var handshakeDone = false
    /// Plaintext written before the handshake finished, sent once it has.
    private var waiting: [(bytes: ByteBuffer, promise: EventLoopPromise<Void>?)] = []
    /// A fatal error happened (OpenSSL must not be asked to shut down cleanly), or `close_notify` was sent.
    private var finished = false
    /// Where `SSL_read` puts a record's plaintext before it is copied out.
    private var scratch = [UInt8](repeating: 0, count: TLSHandler.recordSize)

    init(_ tls: TLSContext, handshakeTimeout: TimeAmount) {
        self.tls = tls
        self.handshakeTimeout = handshakeTimeout
    }

    deinit {
        if let ssl { copenssl_connection_free(ssl) }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        var input: OpaquePointer?
        var output: OpaquePointer?
        guard let ssl = copenssl_connection(tls.context, &input, &output) else {
            finished = true
            return context.close(promise: nil)
        }
        (self.ssl, self.input, self.output) = (ssl, input, output)
        handshakeDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: handshakeTimeout) {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        handshakeDeadline?.cancel()
        handshakeDeadline = nil
        failWaiting()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let ssl, let input, !finished else { return }
        let buffer = unwrapInboundIn(data)
        let taken = buffer.withUnsafeReadableBytes { bytes in
            bytes.isEmpty ? 0 : copenssl_bio_write(input, bytes.baseAddress, Int32(clamping: bytes.count))
        }
        guard taken == buffer.readableBytes else { return fail(context) }
        if !handshakeDone {
            handshake(context, ssl)
        }
        if handshakeDone {
            readPlaintext(context, ssl)
        }
        flushOutput(context)
    }

    private func handshake(_ context: ChannelHandlerContext, _ ssl: OpaquePointer) {
        copenssl_clear_errors()
        let result = copenssl_do_handshake(ssl)
        guard result != 1 else {
            handshakeDone = true
            handshakeDeadline?.cancel()
            handshakeDeadline = nil
            let written = waiting
            waiting = []
            for (bytes, promise) in written { encrypt(context, ssl, bytes, promise) }
            return
        }
        let error = copenssl_get_error(ssl, result)
        if error == SSL_ERROR_WANT_READ { return }
        if copenssl_last_error_is_http_request() != 0 {
            // Plain HTTP to the TLS port (a typed `http://`): answered in plain HTTP.
            finished = true
            copenssl_clear_errors()
            let answer = SecurityHeaders.rawResponse(
                status: .badRequest, error: .badRequest("this server speaks HTTPS: open the address with https:// instead of http://."))
            context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        fail(context)
    }

    private func readPlaintext(_ context: ChannelHandlerContext, _ ssl: OpaquePointer) {
        while !finished {
            copenssl_clear_errors()
            let result = scratch.withUnsafeMutableBytes { copenssl_read(ssl, $0.baseAddress, Int32($0.count)) }
            if result > 0 {
                let plaintext = scratch.withUnsafeBytes { context.channel.allocator.buffer(bytes: $0[0..<Int(result)]) }
                context.fireChannelRead(wrapInboundOut(plaintext))
                continue
            }
            switch copenssl_get_error(ssl, result) {
            case SSL_ERROR_WANT_READ:
                return
            case SSL_ERROR_ZERO_RETURN:
                // The client's `close_notify`: it sends nothing more.
                return context.close(promise: nil)
            default:
                return fail(context)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let bytes = unwrapOutboundIn(data)
        guard let ssl, !finished else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        if handshakeDone {
            encrypt(context, ssl, bytes, promise)
        } else {
            waiting.append((bytes, promise))  // The handshake's deadline bounds the wait.
        }
    }

    /// Encrypts `bytes` a record at a time and writes the records; the promise is kept when they
    /// are written. OpenSSL asks for nothing from the client to write once the handshake is done
    /// (its memory buffers never block): a write it refuses ends the connection.
    private func encrypt(_ context: ChannelHandlerContext, _ ssl: OpaquePointer, _ bytes: ByteBuffer, _ promise: EventLoopPromise<Void>?) {
        guard !finished, let output else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        var records = context.channel.allocator.buffer(capacity: bytes.readableBytes + 64)
        var rest = bytes
        while rest.readableBytes > 0 {
            let count = min(rest.readableBytes, Self.recordSize)
            copenssl_clear_errors()
            let result = rest.withUnsafeReadableBytes { copenssl_write(ssl, $0.baseAddress, Int32(count)) }
            guard result == count else {
                promise?.fail(ChannelError.ioOnClosedChannel)
                return fail(context)
            }
            rest.moveReaderIndex(forwardBy: count)
            Self.drain(output, into: &records)
        }
        // An empty write still passes through, so its promise is kept in order with the others.
        context.write(wrapOutboundOut(records), promise: promise)
    }

    /// Moves what OpenSSL has written into `buffer`.
    private static func drain(_ output: OpaquePointer, into buffer: inout ByteBuffer) {
        let pending = Int(clamping: copenssl_bio_pending(output))
        guard pending > 0 else { return }
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: pending) { Int(max(0, copenssl_bio_read(output, $0.baseAddress, Int32(clamping: pending)))) }
    }

    /// Writes what OpenSSL has produced by itself (handshake messages, tickets, alerts,
    /// `close_notify`), and flushes: records encrypted while the handshake finished wait for it too.
    private func flushOutput(_ context: ChannelHandlerContext) {
        if let output, copenssl_bio_pending(output) > 0 {
            var bytes = context.channel.allocator.buffer(capacity: 0)
            Self.drain(output, into: &bytes)
            context.write(wrapOutboundOut(bytes), promise: nil)
        }
        context.flush()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode != .input, let ssl, !finished, handshakeDone {
            finished = true
            copenssl_clear_errors()
            _ = copenssl_shutdown(ssl)  // Queues `close_notify`; the client's is not waited for.
            flushOutput(context)
        }
        failWaiting()
        context.close(mode: mode, promise: promise)
    }

    /// Ends the connection after a TLS error: OpenSSL's alert, if it made one, goes out first.
    private func fail(_ context: ChannelHandlerContext) {
        finished = true
        copenssl_clear_errors()
        flushOutput(context)
        context.close(promise: nil)
    }

    private func failWaiting() {
        let written = waiting
        waiting = []
        for (_, promise) in written { promise?.fail(ChannelError.ioOnClosedChannel) }
    }
}
