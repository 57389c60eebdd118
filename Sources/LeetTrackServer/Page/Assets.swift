/// Everything the page needs, compiled into the binary: no file is read at run time and the page
/// fetches nothing from elsewhere (no CDN, no web fonts).
enum Assets {
    struct Asset {
        var body: String
        var contentType: String
    }

    /// Only the binary's own script, style, images and manifest; no inline script at all.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The asset served at `path`, if any.
    static func asset(at path: String) -> Asset? {
        switch path {
        case "/", "/index.html": Asset(body: PageHTML.text, contentType: "text/html; charset=utf-8")
        case "/app.js": Asset(body: PageScript.text, contentType: "text/javascript; charset=utf-8")
        case "/app.css": Asset(body: PageStyle.text, contentType: "text/css; charset=utf-8")
        case "/manifest.webmanifest": Asset(body: PageManifest.manifest, contentType: "application/manifest+json")
        case "/icon.svg": Asset(body: PageManifest.icon, contentType: "image/svg+xml")
        default: nil
        }
    }
}
