import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import LeetTrackServer
import Persistence
import TerminalUI

/// `leettrack serve [--port 8765] [--host 127.0.0.1] [--tls-certificate FILE --tls-key FILE] [--open] [--verbose]`:
/// the app in a browser.
/// A thin call into `LeetTrackServer`, which does the work.
struct ServeCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app to a browser (or a phone), live with the command line.",
        discussion: paragraphs("""
            Serves the list with its hearts, the Favorites sheet, each problem's page, the review queue
            and stats over HTTP, and a JSON API (see docs/SERVE.md). Changes made anywhere show in open
            pages within a second. On 127.0.0.1 (the default) reads need no token, and writes come from
            the page itself or carry the token kept in serve-token beside the store; any other --host
            needs the token for everything: the printed URLs carry it (0.0.0.0 prints this machine's
            addresses). Ctrl-C stops it.

            With --tls-certificate and --tls-key (PEM files) it serves HTTPS. A phone keeps the app
            working offline only on an https page (browsers run service workers on https and on
            localhost alone): give a certificate the phone trusts for this machine's address, e.g.
            one made by mkcert (docs/SERVE.md shows how).
            """))

    @Option(name: .shortAndLong, help: ArgumentHelp("The port to listen on, 0 to 65535 (default: 8765; 0 picks a free one).", valueName: "port"))
    var port: Port?
    @Option(help: ArgumentHelp("The address to listen on (default: 127.0.0.1; 0.0.0.0 for a phone).", valueName: "address"))
    var host: String?
    @Option(help: ArgumentHelp("Serve HTTPS with this certificate (PEM; intermediates after it).", valueName: "file"))
    var tlsCertificate: String?
    @Option(help: ArgumentHelp("The certificate's private key (PEM, without a passphrase).", valueName: "file"))
    var tlsKey: String?
    @Flag(help: "Open the page in the default browser (xdg-open).") var open = false
    @Flag(name: .shortAndLong, help: "Log one line per request on standard error.") var verbose = false
    // Hidden: a knob for tests and unusual networks, not something to choose day to day.
    @Option(
        help: ArgumentHelp("How long a client may take to send a request (default: 10).", valueName: "seconds", visibility: .hidden),
        transform: { try wholeNumber($0, in: 1...3600, "'--read-timeout' needs a whole number of seconds from 1 to 3600") })
    var readTimeout = 10
    @Option(help: .endpoint) var endpoint: String?
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let host = host ?? "127.0.0.1"
        if host.isEmpty { throw Self.usageError("'--host' needs an address, e.g. 127.0.0.1 or 0.0.0.0") }
        let tls: WebServer.TLSFiles?
        switch (tlsCertificate, tlsKey) {
        case (nil, nil): tls = nil
        case (let certificate?, let key?):
            if certificate.isEmpty || key.isEmpty { throw Self.usageError("'--tls-certificate' and '--tls-key' need a file's path") }
            tls = WebServer.TLSFiles(certificate: certificate, key: key)
        case (nil, _?): throw Self.usageError("'--tls-key' needs '--tls-certificate' too")
        case (_?, nil): throw Self.usageError("'--tls-certificate' needs '--tls-key' too")
        }
        // The server's address goes to standard output: with it closed, nobody could learn the
        // address or the token, so the start fails before the store or the token file is made.
        if fcntl(STDOUT_FILENO, F_GETFD) == -1 {
            throw CommandOutput.error(TerminalError.systemCall("fcntl", errno: errno), storeWritten: false)
        }
        let session = try LeetCodeSession(context, endpoint: endpoint, command: ServeCommand.self)
        let (storePath, clock, timeZone) = (context.storePath, context.clock, context.timeZone)
        let server = WebServer(.init(
            host: host, port: port?.number ?? 8765, storePath: storePath, verbose: verbose, readTimeout: readTimeout, tls: tls
        )) { try Tracker(store: .sqlite(path: storePath), clock: clock, timeZone: timeZone) }
        let url: String
        do {
            url = try server.start()
        } catch let error as ServerError {
            throw CLIError.failure(error.description)
        }
        // Printed at once (not at exit) and flushed: a script or test waits for this line.
        output.line("Serving \(Format.outside(context.storePath)) at \(Format.outside(url))")
        for other in server.urls.dropFirst() { output.line("  also at \(Format.outside(other))") }
        if server.listensOnEveryNetwork {
            Terminal.writeError(
                "Warning: this server answers on every network of this machine: anyone there who has the URL "
                    + "(its token) can read and change your progress. Use --host 127.0.0.1 to keep it to this machine.\n")
        }
        if tls == nil, server.listensBeyondThisMachine {
            Terminal.writeError(
                "Note: a phone keeps the app working offline only over HTTPS; see --tls-certificate in `leettrack serve --help`.\n")
        }
        output.line("Press Ctrl-C to stop.")
        try output.flush(storeWritten: context.storeOpenedForWriting)
        if open { openBrowser(url) }
        // Solves made on the website, read once the server answers; the pages show them when they land.
        session.captureInBackground()
        try server.runUntilSignalled()
        output.line("Stopped.")
    }

    private func openBrowser(_ url: String) {
        let path = Terminal.environment(["PATH"])["PATH"] ?? ""
        guard let executable = BrowserOpener.find(BrowserOpener.program, in: path) else {
            Terminal.writeError("There is no \(BrowserOpener.program) on PATH; open \(url) in a browser.\n")
            return
        }
        if let reason = DetachedProcess.start([executable.path, url]) {
            Terminal.writeError("Cannot start \(executable.path) (\(reason)); open \(url) in a browser.\n")
        }
    }
}
