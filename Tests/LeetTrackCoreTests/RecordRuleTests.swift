import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// The rules a stored record is held to, said once (`KeyedDecodingContainer.checked(at:)`,
/// `InputRules.isSlug`): a record edited by hand past them does not decode, and the decoder names
/// the field and the rule's own words.
@Suite("Record rules")
struct RecordRuleTests {
    /// The description of the `dataCorrupted` error that decoding `json` as `T` throws, with its key.
    private func corruption<T: Decodable>(_ type: T.Type, _ json: String) -> (key: String?, description: String)? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return (context.codingPath.last?.stringValue, context.debugDescription)
        } catch {
            return (nil, "\(error)")
        }
    }

    @Test("a broken setter rule is reported at its key in the setter's words")
    func setterRuleAtItsKey() {
        let found = corruption(CodeSettings.self, #"{"directory":"relative/path"}"#)
        #expect(found?.key == "directory")
        var probe = CodeSettings()
        let words = #expect(throws: LeetTrackError.self) { try probe.set(.codeDirectory, to: "relative/path") }
        #expect(found?.description == words?.description)
    }

    @Test("a broken input rule is reported by its reason, not its path")
    func inputRuleByItsReason() {
        let found = corruption(
            PendingSubmission.self, #"{"id":"123","slug":"Not A Slug","submitted":0}"#)
        #expect(found?.key == "slug")
        #expect(found?.description == "'Not A Slug' is not a problem slug (lowercase letters, digits and hyphens, like two-sum)")
    }

    @Test("a given description replaces the rule's own")
    func givenDescription() {
        let found = corruption(StudyTarget.self, #"{"date":"2026-13-01","lists":["blind-75"]}"#)
        #expect(found?.key == "date")
        #expect(found?.description == "'2026-13-01' is not a date YYYY-MM-DD")
    }

    @Test("isSlug answers as check(slug:) does", arguments: ["two-sum", "3sum", "", "Two-Sum", "two sum", "two_sum", String(repeating: "a", count: 201)])
    func isSlugAgreesWithTheCheck(_ text: String) {
        var passes = true
        do { try InputRules.check(slug: text, at: "slug") } catch { passes = false }
        #expect(InputRules.isSlug(text) == passes)
        #expect(InputRules.isSlug(text) == ["two-sum", "3sum"].contains(text))
    }
}
