import Foundation
import Persistence
import Testing

/// Version 1 of a stored type, as an app shipped it.
private struct SettingsV1: Codable {
    var theme: String
}

/// Version 2 adds a property with a default. Decoding it with `decodeIfPresent` keeps every
/// version-1 record readable; this is the pattern the Persistence docs recommend.
private struct SettingsV2: Codable, Equatable {
    var theme: String
    var fontSize: Int = 14

    init(theme: String, fontSize: Int = 14) {
        self.theme = theme
        self.fontSize = fontSize
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        theme = try container.decode(String.self, forKey: .theme)
        fontSize = try container.decodeIfPresent(Int.self, forKey: .fontSize) ?? 14
    }
}

@Suite("Stored Codable types can grow")
struct CodableEvolutionTests {
    @Test("A property added with a default keeps old records readable")
    func addedPropertyWithDefault() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try Store.sqlite(path: path).set(SettingsV1(theme: "dark"), for: Key<SettingsV1>("settings", default: .init(theme: "")))
        let store = try Store.sqlite(path: path)
        let key = Key<SettingsV2>("settings", default: SettingsV2(theme: "light"))
        #expect(try store.value(for: key) == SettingsV2(theme: "dark", fontSize: 14))
    }
}
