import Foundation
import Observation
import Persistence
import Testing

/// The usual way to make an `@Observable` class `Codable`: synthesized, naming the macro's storage.
@Observable
final class SynthesizedSettings: Codable {
    var theme = "dark"
    var fontSize = 12

    enum CodingKeys: String, CodingKey {
        case _theme = "theme"
        case _fontSize = "fontSize"
    }
}

/// The same, with `encode(to:)` written through the properties: every change is seen at once.
@Observable
final class HandwrittenSettings: Codable {
    var theme = "dark"

    init() {}

    enum CodingKeys: String, CodingKey { case theme }

    required init(from decoder: any Decoder) throws {
        theme = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .theme)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(theme, forKey: .theme)
    }
}

/// In-place changes of `@Observable` objects whose `Codable` Observation cannot see are saved, and
/// the store says once that they are saved late rather than at once.
@Suite("@Observable objects with synthesized Codable")
struct UntrackedObjectTests {
    @Test("An in-place change made in one process is read by the next process")
    func savedAcrossProcesses() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let writer = try runProbe(["theme", path, "light"])
        #expect(writer.status == 0)
        #expect(writer.output.contains("reported"))
        #expect(writer.output.contains("ProbeSettings"))
        let reader = try runProbe(["read", path, "settings"])
        let raw = reader.output.dropFirst("value ".count)
        let object = try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any]
        #expect(object?["theme"] as? String == "light")
        #expect(object?["fontSize"] as? Int == 13)
    }

    @Test("An in-place change is saved at exit when a global holds the store")
    func savedAtExit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        #expect(try runProbe(["theme-and-exit", path, "sepia"]).status == 0)
        let reader = try runProbe(["read", path, "settings"])
        let raw = reader.output.dropFirst("value ".count)
        let object = try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any]
        #expect(object?["theme"] as? String == "sepia")
        #expect(object?["fontSize"] as? Int == 30)
    }

    @Test("An in-place change is saved at the next read of its key")
    func savedAtNextRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let key = Key<SynthesizedSettings>("settings", default: SynthesizedSettings())
        let store = try Store.sqlite(path: path)
        store[key].theme = "light"
        let settings = store[key]
        settings.fontSize = 20
        _ = store[key]
        let other = try Store.sqlite(path: path)
        #expect(try other.value(for: key).fontSize == 20)
        #expect(try other.value(for: key).theme == "light")
    }

    @Test("Storing such an object is reported once, naming its key and type")
    func reportedOnce() throws {
        let store = Store.memory()
        let key = Key<SynthesizedSettings>("settings", default: SynthesizedSettings())
        try store.set(SynthesizedSettings(), for: key)
        guard case .untrackedChanges(let name, let type)? = store.lastError else {
            Issue.record("expected untrackedChanges, got \(String(describing: store.lastError))")
            return
        }
        #expect(name == "settings")
        #expect(type.contains("SynthesizedSettings"))
    }

    @Test("An object whose encode(to:) reads its properties is tracked and not reported")
    func handwrittenIsTracked() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let key = Key<HandwrittenSettings>("settings", default: HandwrittenSettings())
        let store = try Store.sqlite(path: path)
        let settings = store[key]
        settings.theme = "light"
        #expect(store.lastError == nil)
        let other = try Store.sqlite(path: path)
        #expect(try other.value(for: key).theme == "light")
    }
}
