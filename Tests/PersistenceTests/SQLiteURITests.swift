import Foundation
import Testing
@testable import Persistence

/// The `file:` URI a store's path becomes, escaped by hand: the same as Foundation's percent
/// encoding of the path with `?`, `#` and `%` escaped too.
@Suite("The SQLite store's URI")
struct SQLiteURITests {
    @Test(arguments: [
        "/tmp/plain/store.sqlite", "/tmp/with space/ünïcødé/日本.sqlite", "/tmp/a?b#c%d/e.sqlite",
        "/tmp/semi;colon:at@/amp&eq=plus+/(paren)'quote'!*,~.sqlite", "/tmp/\u{1}control\u{7F}/\"q\"<>[]{}|\\^`.sqlite",
    ])
    func escapesAsFoundationDoes(path: String) {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let expected = "file:" + path.addingPercentEncoding(withAllowedCharacters: allowed)!
        #expect(SQLiteConnection.uri(for: path, immutable: false) == expected)
        #expect(SQLiteConnection.uri(for: path, immutable: true) == expected + "?immutable=1")
    }
}
