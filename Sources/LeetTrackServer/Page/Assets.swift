import LeetTrackCore

/// Everything the page needs, compiled into the binary: no file is read at run time and the page
/// fetches nothing from elsewhere (no CDN, no web fonts).
enum Assets {
    struct Asset {
        var body: [UInt8]
        var contentType: String
    }

    /// Only the binary's own script, style, images and manifest; no inline script at all.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The asset served at `path`, if any.
    static func asset(at path: String) -> Asset? { table[path] }

    /// The service worker for the assets of `table`: its caches are named by their hash, so a
    /// build with other assets replaces them (see ``ServiceWorker``).
    private static func serviceWorker(for table: [String: Asset]) -> Asset {
        let paths = table.keys.filter { $0 != "/index.html" }.sorted()
        let version = String(ContentHash.sha256(paths.flatMap { Array($0.utf8) + [0] + (table[$0]?.body ?? []) }).prefix(16))
        return Asset(body: Array(ServiceWorker.script(version: version, shell: paths).utf8), contentType: "text/javascript; charset=utf-8")
    }

    /// Built once, at the first request: the texts' bytes and the icons' decoded PNGs.
    private static let table: [String: Asset] = {
        var table = [
            "/": Asset(body: Array(PageHTML.text.utf8), contentType: "text/html; charset=utf-8"),
            "/app.js": Asset(body: Array(([PageScript.text, PageScript.sections] + PageScript.pages + [PageScript.offline]).joined(separator: "\n").utf8),
                             contentType: "text/javascript; charset=utf-8"),
            "/app.css": Asset(body: Array([PageStyle.text, PageStyle.pages, PageStyle.offline].joined(separator: "\n").utf8),
                              contentType: "text/css; charset=utf-8"),
            "/manifest.webmanifest": Asset(body: Array(PageManifest.manifest.utf8), contentType: "application/manifest+json"),
            "/icon.svg": Asset(body: Array(PageManifest.icon.utf8), contentType: "image/svg+xml"),
        ]
        table["/index.html"] = table["/"]
        for icon in PageIcons.all { table[icon.path] = Asset(body: icon.png, contentType: "image/png") }
        table["/sw.js"] = serviceWorker(for: table)
        return table
    }()
}
