import Foundation
@testable import LeetTrackServer
import Testing

/// `leettrack serve --tls-certificate --tls-key`: HTTPS with the system's OpenSSL, with
/// certificates the real `openssl` command makes for each test. (The offline app over HTTPS on a
/// network address, in Chromium, is in ``ServeBrowserTests``.)
@Suite("serve over HTTPS", .enabled(if: TLSTestFiles.openssl != nil, TLSTestFiles.missing))
struct ServeTLSEndToEndTests {
    @Test func aCertificateOrKeyThatCannotBeUsedStopsTheStartWithItsReasonAndCreatesNothing() throws {
        let runner = try LeetTrackRunner()
        let files = try TLSTestFiles(in: runner.directory)
        let other = try TLSTestFiles(in: runner.directory.appendingPathComponent("other"))
        let expired = try TLSTestFiles(in: runner.directory.appendingPathComponent("expired"), expired: true)
        let encrypted = runner.directory.appendingPathComponent("encrypted.pem").path
        try TLSTestFiles.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-aes256",
                                  "-pass", "pass:secret", "-out", encrypted])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: encrypted)
        let shared = runner.directory.appendingPathComponent("shared-key.pem").path
        try FileManager.default.copyItem(atPath: files.key, toPath: shared)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: shared)
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--tls-certificate", files.certificate], 64, "'--tls-certificate' needs '--tls-key' too"),
            (["--tls-key", files.key], 64, "'--tls-key' needs '--tls-certificate' too"),
            (["--tls-certificate", files.certificate + ".missing", "--tls-key", files.key], 1,
             "cannot read the TLS certificate \(files.certificate).missing: no such file or folder."),
            (["--tls-certificate", files.certificate, "--tls-key", other.key], 1,
             "the key \(other.key) is not the key of the certificate \(files.certificate)."),
            (["--tls-certificate", files.key, "--tls-key", files.key], 1, "\(files.key) is not a PEM certificate OpenSSL can use"),
            (["--tls-certificate", files.certificate, "--tls-key", shared], 1,
             "others can read the key \(shared) (mode 644); it was not used. Run `chmod 600 \(shared)`."),
            (["--tls-certificate", files.certificate, "--tls-key", encrypted], 1,
             "\(encrypted) is not a PEM private key OpenSSL can use, or it needs a passphrase"),
            (["--tls-certificate", expired.certificate, "--tls-key", expired.key], 1,
             "the certificate \(expired.certificate) has expired; make a new one."),
        ]
        for (arguments, status, message) in cases {
            let result = try runner.run(["serve", "--port", "0"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: runner.storePath), "a start that failed made the store")
    }

    @Test func anHTTPSClientReadsAndWritesAsThePageDoesAndPlainHTTPIsToldToUseHTTPS() throws {
        let runner = try LeetTrackRunner()
        let files = try TLSTestFiles(in: runner.directory)
        let server = try ServeProcess(runner, ["--tls-certificate", files.certificate, "--tls-key", files.key])
        #expect(server.url == "https://127.0.0.1:\(server.port)/")
        // Python's ssl module checks the certificate against the CA file and the address.
        let script = """
            import http.client, json, ssl, sys
            port, ca = int(sys.argv[1]), sys.argv[2]
            def request(method, path, origin=None):
                connection = http.client.HTTPSConnection("127.0.0.1", port, context=ssl.create_default_context(cafile=ca))
                connection.request(method, path, headers={"Origin": origin} if origin else {})
                response = connection.getresponse()
                return response.status, response.read()
            status, body = request("GET", "/api/problems/1")
            assert status == 200 and json.loads(body)["slug"] == "two-sum", (status, body)
            status, body = request("PUT", "/api/problems/1/favorite", f"https://127.0.0.1:{port}")
            assert status == 200 and json.loads(body)["favorite"] is True, (status, body)
            status, body = request("PUT", "/api/problems/2/favorite", f"http://127.0.0.1:{port}")
            assert status == 403, (status, body)
            print("ok")
            """
        let python = try PlaywrightEnvironment.output(of: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(server.port), files.certificate])
        #expect(python.text == "ok\n", "\(python.text)")
        // Plain HTTP to the port: a plain 400 that says what to do, then the connection closes.
        let plain = try RawSocket(port: server.port)
        try plain.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
        let reply = try HTTPReply(plain.readToEnd())
        #expect(reply.status == 400)
        #expect(reply.body.contains("this server speaks HTTPS: open the address with https:// instead of http://."))
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.output.contains("Stopped."))
        let favorites = try runner.run("favorites", "--json")
        #expect(favorites.stdout.contains("\"slug\" : \"two-sum\""), "\(favorites.stdout)")
        #expect(!favorites.stdout.contains("add-two-numbers"))
    }

    /// This machine's first network address that is not loopback, if it has one.
    static let networkAddress = ListeningAddresses.localAddresses(includingIPv6: false).first { !AccessPolicy.isLoopback($0) }

    @Test(.enabled(if: networkAddress != nil, "this machine has no network address but loopback"))
    func onANetworkAddressTheTokenSignsInWithASecureCookieAndWritesNeedIt() throws {
        let runner = try LeetTrackRunner()
        let address = try #require(Self.networkAddress)
        let files = try TLSTestFiles(in: runner.directory, address: address)
        let server = try ServeProcess(runner, ["--host", address, "--tls-certificate", files.certificate, "--tls-key", files.key])
        let token = try #require(server.url.split(separator: "=").last.map(String.init))
        #expect(server.url == "https://\(address):\(server.port)/?token=\(token)")
        let script = """
            import http.client, json, ssl, sys
            host, port, ca, token = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
            context = ssl.create_default_context(cafile=ca)
            def request(method, path, headers={}):
                connection = http.client.HTTPSConnection(host, port, context=context)
                connection.request(method, path, headers=headers)
                response = connection.getresponse()
                return response.status, response.getheader("Set-Cookie"), response.read()
            status, cookie, _ = request("GET", "/?token=" + token)
            assert status == 303, status
            assert cookie.endswith("; HttpOnly; SameSite=Strict; Secure"), cookie
            session = cookie.split(";")[0]
            origin = f"https://{host}:{port}"
            status, _, body = request("PUT", "/api/problems/1/favorite", {"Origin": origin})
            assert status == 401, (status, body)
            status, _, body = request("PUT", "/api/problems/1/favorite", {"Origin": origin, "Cookie": session})
            assert status == 200 and json.loads(body)["favorite"] is True, (status, body)
            print("ok")
            """
        let python = try PlaywrightEnvironment.output(of: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, address, String(server.port), files.certificate, token])
        #expect(python.text == "ok\n", "\(python.text)")
    }

    /// Over HTTPS a `Host` without a port names 443, as a browser at `https://name/` sends it.
    @Test func aHostWithoutAPortIsTheSchemesDefaultPort() throws {
        let secure = AccessPolicy(token: nil, port: 443, boundHost: "0.0.0.0", secure: true)
        try secure.checkHost("192.0.2.7")
        #expect(throws: ServerError.self) { try secure.checkHost("192.0.2.7:80") }
        let plain = AccessPolicy(token: nil, port: 80, boundHost: "0.0.0.0")
        try plain.checkHost("192.0.2.7")
        #expect(throws: ServerError.self) { try AccessPolicy(token: nil, port: 443, boundHost: "0.0.0.0").checkHost("192.0.2.7") }
    }

    @Test func aClientThatNeverFinishesItsHandshakeIsClosedAfterTheReadTimeout() throws {
        let runner = try LeetTrackRunner()
        let files = try TLSTestFiles(in: runner.directory)
        let server = try ServeProcess(runner, ["--tls-certificate", files.certificate, "--tls-key", files.key, "--read-timeout", "1"])
        let silent = try RawSocket(port: server.port, timeoutSeconds: 10)
        // The first bytes of a TLS record, and nothing more.
        try silent.send([0x16, 0x03, 0x01])
        let started = Date()
        #expect(try silent.readToEnd().isEmpty)
        #expect(Date().timeIntervalSince(started) < 5)
        // Garbage that is not TLS: the connection is closed, and the server still answers others.
        let garbage = try RawSocket(port: server.port)
        try garbage.send(Array(repeating: 0x41, count: 64))
        _ = try garbage.readToEnd()
        let python = try PlaywrightEnvironment.output(of: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import http.client, ssl, sys
            connection = http.client.HTTPSConnection("127.0.0.1", int(sys.argv[1]), context=ssl.create_default_context(cafile=sys.argv[2]))
            connection.request("GET", "/api/lists")
            print(connection.getresponse().status)
            """, String(server.port), files.certificate])
        #expect(python.text == "200\n", "\(python.text)")
    }
}

/// A self-signed certificate for 127.0.0.1 (and `address`, when given) and its key, made by the
/// `openssl` command in `directory`.
struct TLSTestFiles {
    let certificate: String
    let key: String

    static let openssl: URL? = ["/usr/bin/openssl", "/usr/local/bin/openssl"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    static let missing: Comment = "the openssl command is missing; the HTTPS tests need it (apt-get install openssl; .ci/run does)."

    init(in directory: URL, address: String? = nil, expired: Bool = false) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("certificate.pem").path
        key = directory.appendingPathComponent("key.pem").path
        let names = (["127.0.0.1"] + (address.map { [$0] } ?? [])).map { "IP:\($0)" }.joined(separator: ",")
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-subj", "/CN=leettrack-test"]
        if expired {
            // `req -x509` takes no negative days: a request, signed by its own key, valid until yesterday.
            let request = directory.appendingPathComponent("request.pem").path
            try Self.openssl(["req", "-new"] + newKey + ["-out", request])
            try Self.openssl(["x509", "-req", "-in", request, "-signkey", key, "-days", "-1", "-out", certificate])
        } else {
            try Self.openssl(["req", "-x509"] + newKey + ["-out", certificate, "-days", "2", "-addext", "subjectAltName=\(names)"])
        }
    }

    /// Runs `openssl arguments`; throws with its output when it fails.
    static func openssl(_ arguments: [String]) throws {
        guard let openssl else { throw ServeTestError.socket("no openssl") }
        let result = try PlaywrightEnvironment.output(of: openssl, arguments)
        guard result.status == 0 else { throw ServeTestError.socket("openssl \(arguments.joined(separator: " ")): \(result.text)") }
    }
}
