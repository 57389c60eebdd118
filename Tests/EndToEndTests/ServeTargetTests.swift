import Foundation
@testable import LeetTrackServer
import Testing

/// The request target as the server reads it: the path and query of every target exactly as
/// `URLComponents` reads them (a plain path skips it), and the path's segments.
@Suite("serve: request targets")
struct ServeTargetTests {
    /// What `URLComponents` makes of `uri`: the reading the server had before the plain-path shortcut.
    private static func byComponents(_ uri: String) -> (path: String, parameters: [String: String]) {
        let components = URLComponents(string: uri)
        var parameters: [String: String] = [:]
        for item in components?.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
        return (components?.percentEncodedPath ?? uri, parameters)
    }

    @Test("Every target reads as URLComponents reads it, plain paths included",
          arguments: [
            "/", "/api/problems", "/api/problems/1/favorite", "/api/problems/two%2Dsum", "/api/problems?",
            "/api/problems?difficulty=easy&limit=2", "/api/problems?q=a%20b&favorites", "/api/problems#list",
            "/api/problems?q=x#y", "//evil.example/api", "//", "/a b", "/%zz", "/caf\u{E9}", "/a;b=c", "/a:b/c",
            "/?token=abc", "/api/problems/%E2%9D%A4/favorite", "/api//problems/", "/\u{0}", "/a\"b", "/a<b>", "/a[1]",
            "/a|b", "/a\\b", "/a^b", "/a`b", "/a{b}", "/~user/x-y_z.w", "/a!$&'()*+,;=:@b", "/\u{7F}",
          ])
    func sameAsComponents(uri: String) {
        let target = HTTPHandler.target(of: uri)
        let expected = Self.byComponents(uri)
        #expect(target.path == expected.path)
        #expect(target.parameters == expected.parameters)
    }

    @Test("A path's segments are those between its slashes, empty ones kept")
    func segments() {
        #expect(HTTPHandler.segments(of: "problems/1/favorite") == ["problems", "1", "favorite"])
        #expect(HTTPHandler.segments(of: "") == [""])
        #expect(HTTPHandler.segments(of: "problems/") == ["problems", ""])
        #expect(HTTPHandler.segments(of: "/a//b") == ["", "a", "", "b"])
        #expect(HTTPHandler.segments(of: "caf\u{E9}/\u{2764}") == ["caf\u{E9}", "\u{2764}"])
        let path = "api/problems/two-sum/note"
        #expect(HTTPHandler.segments(of: path[...]) == path.split(separator: "/", omittingEmptySubsequences: false))
    }

    @Test("A header value is sent only without line breaks and NULs, as NIO's validator requires")
    func headerValues() {
        for value in ["no-store", "W/\"l1-2\"", "a\tb", "caf\u{E9}", "", "1 record in the store cannot be read (progress.a?b)"] {
            #expect(HTTPHandler.isFieldValue(value), "\(value.debugDescription)")
        }
        for value in ["a\r\nSet-Cookie: x=1", "a\nb", "a\rb", "a\u{0}b", "a\u{7F}b", "a\u{1}b"] {
            #expect(!HTTPHandler.isFieldValue(value), "\(value.debugDescription)")
        }
    }
}
