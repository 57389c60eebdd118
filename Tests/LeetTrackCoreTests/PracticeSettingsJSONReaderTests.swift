import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// `PracticeSettingsJSONReader` must read exactly what the store's decoder reads, or give up
/// (`nil`) so that the decoder reads it, or reports it as damaged, as before.
@Suite("Practice settings read without JSONDecoder")
struct PracticeSettingsJSONReaderTests {
    func decoded(_ json: String) throws -> PracticeSettings {
        try JSONDecoder().decode(PracticeSettings.self, from: Data(json.utf8))
    }

    @Test(
        "the usual records read the same as through JSONDecoder",
        arguments: [
            "{}",
            #"{"follow":"neetcode-150","dailyGoal":3}"#,
            #"{"skipped":["add-two-numbers","two-sum"],"premium":false}"#,
            #"{"follow":null,"dailyGoal":null,"skipped":[],"premium":true,"target":null}"#,
            #"{"dailyGoal":1}"#, #"{"dailyGoal":100}"#,
            #" { "future" : {"a": [1, {"b": null}]}, "follow" : "own \u00e9 \"list\"" , "skipped" : [ "tw\u006f-sum" ] } "#,
        ])
    func sameAsDecoder(json: String) throws {
        let read = try #require(PracticeSettingsJSONReader.read(Data(json.utf8)))
        #expect(read == (try decoded(json)))
    }

    @Test("settings the store wrote read back the same")
    func roundTrip() throws {
        let settings = PracticeSettings(followedList: "blind-75", dailyGoal: 5, skipped: ["a", "b"], premium: false)
        #expect(PracticeSettingsJSONReader.read(try JSONEncoder().encode(settings)) == settings)
    }

    @Test(
        "what the reader does not take is left to the decoder",
        arguments: [
            #"{"dailyGoal":0}"#, #"{"dailyGoal":101}"#, #"{"dailyGoal":-3}"#, #"{"dailyGoal":3.0}"#, #"{"dailyGoal":1e1}"#,
            #"{"dailyGoal":99999999999999999999999}"#, #"{"dailyGoal":"3"}"#,
            #"{"target":{"date":"2027-01-01","lists":["blind-75"]}}"#, #"{"target":7}"#,
            #"{"skipped":["a"],"skipped":[]}"#,  // a repeated member: which wins is the decoder's call
            #"{"sk\u0069pped":["a"]}"#,  // an escaped key may spell a known one
            #"{"skipped":"a"}"#, #"{"skipped":[1]}"#, #"{"premium":1}"#, #"{"follow":5}"#,
            "null", "[]", "{", #"{"dailyGoal":3} x"#, "", "\u{0}",
        ])
    func givesUp(json: String) {
        #expect(PracticeSettingsJSONReader.read(Data(json.utf8)) == nil)
    }

    @Test("a damaged record is still reported by its key, and an out-of-range goal too")
    func damageStillReported() throws {
        let store = Store.memory()
        let book = PracticeBook(store: store, clock: .fixed(Date(timeIntervalSinceReferenceDate: 0)))
        #expect(try book.settings() == PracticeSettings())
        let name = PracticeSettings.key.name
        try store.set(["dailyGoal": -3], for: Key<[String: Int]>(name, default: [:]))
        #expect(throws: PersistenceError.self) { try book.settings() }
        try store.set(["skipped": "two-sum"], for: Key<[String: String]>(name, default: [:]))
        #expect(throws: PersistenceError.self) { try book.settings() }
        try store.set(["skipped": ["two-sum"]], for: Key<[String: [String]]>(name, default: [:]))
        #expect(try book.settings().isSkipped("two-sum"))
    }
}
