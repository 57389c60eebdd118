import Foundation
import Persistence
import Testing

@Suite("The JSON file store's document")
struct FileStoreFormatTests {
    @Test("The JSON file holds one member per line, keys sorted, and stays valid JSON")
    func oneMemberPerLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.json")
        let store = try Store.file(path: path, format: .json)
        store[.profile] = Profile(name: "Ada \"Countess\"", solved: 3, tags: ["a/b"])
        store[.count] = 7
        store.set("x", forKey: "b key")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            {
              "b key" : "x",
              "count" : 7,
              "profile" : {"name":"Ada \\"Countess\\"","solved":3,"tags":["a/b"]}
            }

            """)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["count"] as? Int == 7)
    }

    @Test("A file edited by hand with nested, indented values still reads")
    func handEditedFileReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.json")
        try Data("{\n  \"profile\": {\n    \"name\": \"Ada\",\n    \"solved\": 3,\n    \"tags\": []\n  }\n}\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let store = try Store.file(path: path, format: .json)
        #expect(try store.value(for: .profile) == Profile(name: "Ada", solved: 3, tags: []))
        store[.count] = 1
        #expect(try Store.file(path: path, format: .json).value(for: .profile).name == "Ada")
    }
}
