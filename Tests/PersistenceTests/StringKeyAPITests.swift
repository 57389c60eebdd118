import Foundation
import Persistence
import Testing

/// The UserDefaults-shaped API, on the SQLite store.
@Suite("The UserDefaults-shaped string-key API")
struct StringKeyAPITests {
    @Test("Each getter reads what set(_:forKey:) stored")
    func gettersReadSetValues() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        store.set(42, forKey: "int")
        store.set(true, forKey: "bool")
        store.set(2.5, forKey: "double")
        store.set("text", forKey: "string")
        store.set(Data([9, 8]), forKey: "data")
        store.set(URL(string: "https://example.com/x")!, forKey: "url")
        store.set(["a", "b"], forKey: "strings")
        store.set(["k": 1], forKey: "dictionary")
        #expect(store.integer(forKey: "int") == 42)
        #expect(store.bool(forKey: "bool"))
        #expect(store.double(forKey: "double") == 2.5)
        #expect(store.float(forKey: "double") == 2.5)
        #expect(store.string(forKey: "string") == "text")
        #expect(store.string(forKey: "int") == "42")
        #expect(store.data(forKey: "data") == Data([9, 8]))
        #expect(store.url(forKey: "url")?.absoluteString == "https://example.com/x")
        #expect(store.stringArray(forKey: "strings") == ["a", "b"])
        #expect(store.dictionary(forKey: "dictionary")?["k"] as? Int == 1)
        #expect(store.object(forKey: "missing") == nil)
        #expect(store.lastError == nil)
    }

    @Test("The string API and typed keys share one stored format")
    func sharedFormat() throws {
        let store = Store.memory()
        store.set(Date(timeIntervalSince1970: 100), forKey: "date")
        #expect(store[Key<Date>("date", default: .distantPast)] == Date(timeIntervalSince1970: 100))
        store[Key<[Int]>("numbers", default: [])] = [1, 2]
        #expect(store.array(forKey: "numbers") as? [Int] == [1, 2])
    }

    @Test("Registered defaults answer until a value is stored, and are not written")
    func registeredDefaults() throws {
        let store = Store.memory()
        store.register(defaults: ["volume": 7, "userName": "John Doe"])
        #expect(store.integer(forKey: "volume") == 7)
        #expect(store[Key<String>("userName", default: "")] == "John Doe")
        #expect(try store.containsValue(forKey: "volume") == false)
        store.set(3, forKey: "volume")
        #expect(store.integer(forKey: "volume") == 3)
        store.removeObject(forKey: "volume")
        #expect(store.integer(forKey: "volume") == 7)
    }

    @Test("dictionaryRepresentation lists stored values and registered defaults")
    func dictionaryRepresentation() throws {
        let store = Store.memory()
        store.register(defaults: ["a": 1])
        store.set("x", forKey: "b")
        let dictionary = store.dictionaryRepresentation()
        #expect(dictionary["a"] as? Int == 1)
        #expect(dictionary["b"] as? String == "x")
        #expect(dictionary.count == 2)
    }

    @Test("A value that is not a property-list type is refused and recorded")
    func unsupportedValue() throws {
        let store = Store.memory()
        store.set(NSObject(), forKey: "object")
        #expect(store.object(forKey: "object") == nil)
        #expect(store.lastError?.description.contains("object") == true)
    }
}
