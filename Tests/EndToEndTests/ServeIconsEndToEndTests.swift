import Foundation
import Testing

/// The icons that let a phone add `leettrack serve` to its home screen: named by the manifest and
/// the page, served from the binary as PNGs of the sizes they declare. (Chromium decodes them too,
/// in Browser/serve_flows.py.)
@Suite("serve: home-screen icons")
struct ServeIconsEndToEndTests {
    @Test func theManifestNamesPNGIconsOf192And512PixelsForAnyAndMaskable() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let icons = try Self.manifestIcons(server).filter { $0.type == "image/png" }
        for purpose in ["any", "maskable"] {
            let sizes = Set(icons.filter { $0.purpose.split(separator: " ").contains(Substring(purpose)) }.map(\.sizes))
            #expect(sizes.isSuperset(of: ["192x192", "512x512"]), "\(purpose): \(sizes)")
        }
    }

    @Test func everyPNGOfTheManifestIsServedAsAPNGOfItsDeclaredSize() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let icons = try Self.manifestIcons(server).filter { $0.type == "image/png" }
        #expect(icons.count >= 4)
        for icon in icons {
            let reply = try server.request("GET", icon.src)
            #expect(reply.status == 200, "\(icon.src)")
            #expect(reply.headers["content-type"] == "image/png", "\(icon.src)")
            let image = try PNGImage(reply.bytes)
            #expect("\(image.width)x\(image.height)" == icon.sizes, "\(icon.src)")
        }
        #expect(try server.stillAnswers())
    }

    @Test func thePageLinksAnAppleTouchIconThatIsA180PixelPNG() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let page = try server.request("GET", "/").body
        let link = try #require(page.firstMatch(of: #/<link rel="apple-touch-icon" href="([^"]+)" sizes="180x180">/#))
        let reply = try server.request("GET", String(link.1))
        #expect(reply.headers["content-type"] == "image/png")
        let image = try PNGImage(reply.bytes)
        #expect(image.width == 180 && image.height == 180)
        #expect(image.isOpaque, "iOS shows transparency as black: the apple-touch-icon must be opaque")
    }

    @Test func aPNGWithADamagedChunkIsNotTakenForAnImage() throws {
        // The checker itself must be able to fail: flip one byte of a served icon's pixel data.
        let server = try ServeProcess(try LeetTrackRunner())
        var bytes = try server.request("GET", "/icon-192.png").bytes
        #expect(throws: Never.self) { try PNGImage(bytes) }
        bytes[bytes.count / 2] ^= 0xFF
        let damaged = bytes
        #expect(throws: PNGImage.Failure.self) { try PNGImage(damaged) }
    }

    private struct ManifestIcon: Decodable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String
    }

    private static func manifestIcons(_ server: ServeProcess) throws -> [ManifestIcon] {
        struct Manifest: Decodable { var icons: [ManifestIcon] }
        let reply = try server.request("GET", "/manifest.webmanifest")
        #expect(reply.headers["content-type"] == "application/manifest+json")
        return try JSONDecoder().decode(Manifest.self, from: Data(reply.bytes)).icons
    }
}

/// A PNG's header, read with every chunk's CRC checked: the signature, `IHDR` first, at least one
/// `IDAT`, `IEND` last, nothing after it.
struct PNGImage {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var width = 0
    var height = 0
    var colourType: UInt8 = 0
    /// Grey or RGB without an alpha channel (and no `tRNS` chunk): opaque by construction.
    var isOpaque: Bool { (colourType == 0 || colourType == 2) && !hasTransparencyChunk }
    private var hasTransparencyChunk = false

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "no PNG signature")
        }
        var offset = 8
        var kinds: [String] = []
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure(description: "a chunk is cut short at \(offset)") }
            let length = Int(Self.bigEndian(bytes, offset))
            guard offset + 12 + length <= bytes.count else { throw Failure(description: "a chunk runs past the end") }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let kind = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            guard Self.crc32(typeAndData) == Self.bigEndian(bytes, offset + 8 + length) else {
                throw Failure(description: "the CRC of chunk \(kind) does not match")
            }
            if kind == "IHDR" {
                width = Int(Self.bigEndian(typeAndData, 4))
                height = Int(Self.bigEndian(typeAndData, 8))
                colourType = typeAndData[13]
            }
            hasTransparencyChunk = hasTransparencyChunk || kind == "tRNS"
            kinds.append(kind)
            offset += 12 + length
        }
        guard kinds.first == "IHDR", kinds.last == "IEND", kinds.contains("IDAT") else {
            throw Failure(description: "chunks \(kinds): IHDR first, an IDAT, IEND last expected")
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
