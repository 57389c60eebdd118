import CLibCurl
import FoundationEssentials

/// One HTTP GET or POST over libcurl (loaded on first use, see `Sources/CLibCurl/shim.h`).
struct HTTPTransport: Sendable {
    /// An HTTP answer.
    struct Response {
        var status: Int
        var body: Data
        /// `Retry-After` in seconds, when the server sent one.
        var retryAfter: Double?
    }

    /// The most a response may hold: LeetCode's largest page is well under a megabyte.
    static let maximumBody = 32 * 1024 * 1024

    var userAgent: String
    var timeout: Double

    /// A POST of `body` to `url`, or a GET without one (a fresh handle asks with GET until a body
    /// is set), with `headers`; `cookie` goes in the Cookie header, set through libcurl's option so
    /// it is never in an argument list or a message.
    func perform(_ url: String, body: Data?, headers: [String], cookie: String?) throws(LeetCodeError) -> Response {
        guard clibcurl_available() != 0 else {
            throw .libraryMissing(library: String(cString: clibcurl_library_name()))
        }
        guard let handle = clibcurl_easy_init() else {
            throw .unreachable(endpoint: url, reason: "libcurl could not start a request")
        }
        defer { clibcurl_easy_cleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = clibcurl_slist_append(list, header) }
        defer { clibcurl_slist_free_all(list) }
        let sink = Sink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        let milliseconds = max(1, Int((timeout * 1000).rounded()))
        let code: CURLcode = url.withCString { url in
            userAgent.withCString { agent in
                "http,https".withCString { protocols in
                    (body ?? Data()).withUnsafeBytes { bytes in
                        withOptionalCString(cookie) { cookie in
                            let settings: [CURLcode] = [
                                clibcurl_setopt_pointer(handle, clibcurl_opt_url(), url),
                                clibcurl_setopt_pointer(handle, clibcurl_opt_protocols_str(), protocols),
                                clibcurl_setopt_long(handle, clibcurl_opt_no_signal(), 1),
                                clibcurl_setopt_long(handle, clibcurl_opt_follow_location(), 0),
                                clibcurl_setopt_long(handle, clibcurl_opt_timeout_ms(), milliseconds),
                                clibcurl_setopt_long(handle, clibcurl_opt_connect_timeout_ms(), milliseconds),
                                clibcurl_setopt_pointer(handle, clibcurl_opt_user_agent(), agent),
                                clibcurl_setopt_pointer(handle, clibcurl_opt_accept_encoding(), ""),
                                clibcurl_setopt_pointer(handle, clibcurl_opt_http_header(), UnsafeRawPointer(list)),
                                body == nil ? clibcurl_ok() : clibcurl_setopt_long(handle, clibcurl_opt_post_field_size(), bytes.count),
                                body == nil ? clibcurl_ok() : clibcurl_setopt_pointer(handle, clibcurl_opt_post_fields(), bytes.baseAddress),
                                cookie.map { clibcurl_setopt_pointer(handle, clibcurl_opt_cookie(), $0) } ?? clibcurl_ok(),
                                clibcurl_setopt_write(handle, HTTPTransport.receiveBody, context.toOpaque()),
                                clibcurl_setopt_header(handle, HTTPTransport.receiveHeader, context.toOpaque()),
                            ]
                            if let failed = settings.first(where: { $0 != clibcurl_ok() }) { return failed }
                            return clibcurl_easy_perform(handle)
                        }
                    }
                }
            }
        }
        if code == clibcurl_timed_out() { throw .timedOut(endpoint: url, seconds: timeout) }
        if code == clibcurl_write_error(), sink.tooLarge {
            throw .unreachable(endpoint: url, reason: "the answer is larger than \(Self.maximumBody / 1024 / 1024) MB")
        }
        guard code == clibcurl_ok() else {
            throw .unreachable(endpoint: url, reason: String(cString: clibcurl_easy_strerror(code)))
        }
        return Response(status: clibcurl_response_code(handle), body: sink.body, retryAfter: sink.retryAfter)
    }

    /// Collects the body and the `Retry-After` header; only touched by libcurl's callbacks on the
    /// calling thread, during `curl_easy_perform`.
    private final class Sink {
        var body = Data()
        var retryAfter: Double?
        var tooLarge = false
    }

    private static let receiveBody: clibcurl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        if sink.body.count + length > maximumBody {
            sink.tooLarge = true
            return 0  // Anything but `length` makes libcurl stop with CURLE_WRITE_ERROR.
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append($0, count: length) }
        return length
    }

    private static let receiveHeader: clibcurl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == "retry-after",
            let seconds = Double(parts[1].trimmedOfWhitespace), seconds.isFinite, seconds >= 0
        {
            sink.retryAfter = seconds
        }
        return length
    }
}

private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
