import CZlib
import NIOCore

/// gzip through zlib, for the bodies the server sends many times over: the full list (1.3 MB of
/// JSON, about a tenth of that compressed) and the page's script, style and texts. Each is
/// compressed once per version of what it shows (see ``CachedBody``), never per request.
enum Gzip {
    /// `input` as one gzip member, or `nil` when zlib fails or the input is beyond its 32-bit
    /// counts; the caller then sends the bytes as they are.
    /// - Complexity: O(n): some 35 ms of CPU for the full list at level 6 (level 1 takes a third of
    ///   that but leaves the list 29% larger, 253 KB instead of 196 KB; level 9 saves 2% in 60 ms).
    static func compress(_ input: ByteBuffer, level: Int32 = 6) -> ByteBuffer? {
        input.withUnsafeReadableBytes { compress($0, level: level) }
    }

    private static func compress(_ input: UnsafeRawBufferPointer, level: Int32) -> ByteBuffer? {
        // zlib counts in `uInt` (32 bits); the bound below must fit too.
        guard input.count < Int(UInt32.max / 2) else { return nil }
        var stream = z_stream()
        guard czlib_deflate_init(&stream, level, 15 + 16) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // With this much room, one `deflate(Z_FINISH)` call compresses everything (zlib's promise).
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = ByteBufferAllocator().buffer(capacity: bound)
        var finished = false
        output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { room in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = room.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(min(room.count, Int(UInt32.max)))
            finished = deflate(&stream, Z_FINISH) == Z_STREAM_END && stream.avail_in == 0
            return finished ? Int(stream.total_out) : 0
        }
        return finished ? output : nil
    }
}

/// What a request's `Accept-Encoding` allows (RFC 9110, section 12.5.3).
enum AcceptEncoding {
    /// Whether gzip may be sent to a request with these `Accept-Encoding` field values: when
    /// `gzip` (or its old name `x-gzip`) is listed with a q-value above 0, or, unlisted, `*` is.
    /// `gzip;q=0` refuses it. No field at all gets the plain body: a client that says nothing
    /// may not know gzip, and a plain body is never wrong. An element whose q-value does not
    /// parse is passed over; a malformed field refuses nothing it did not name.
    /// - Complexity: O(length of the fields).
    static func allowsGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var any: Double?
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";", omittingEmptySubsequences: false)
                let name = trimmed(parts[0]).lowercased()
                guard !name.isEmpty, let q = quality(parts.dropFirst()) else { continue }
                switch name {
                case "gzip", "x-gzip": gzip = max(gzip ?? 0, q)
                case "*": any = max(any ?? 0, q)
                default: break
                }
            }
        }
        return (gzip ?? any ?? 0) > 0
    }

    /// The q-value among an element's parameters (1 without one), or `nil` when it is malformed:
    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`.
    private static func quality(_ parameters: ArraySlice<Substring>) -> Double? {
        var q = 1.0
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, trimmed(pair[0]).lowercased() == "q" else { continue }  // Another parameter: not ours.
            let number = trimmed(pair[1]).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let whole = number[0], fraction = number.count > 1 ? number[1] : nil
            let digits = fraction ?? ""
            guard whole == "0" || whole == "1", digits.count <= 3, digits.allSatisfy({ "0"..."9" ~= $0 }) else { return nil }
            if whole == "1" {
                guard digits.allSatisfy({ $0 == "0" }) else { return nil }
                q = 1
            } else {
                q = Double("0." + digits + "0") ?? 0  // "0." and "0" are 0 too.
            }
        }
        return q
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace).
    static func trimmed(_ text: Substring) -> Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first...last]
    }
}
