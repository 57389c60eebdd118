import Foundation
import Testing

@testable import LeetTrackCore

@Suite("The report's latest events: time and note of each event")
struct ReportEventDetailsTests {
    @Test("a timed event shows its time, and its note is escaped beside the problem")
    func timeAndNote() throws {
        let fixture = try ReportFixture()
        try fixture.write()
        try ProgressRepository(store: fixture.store, clock: .system).update(["two-sum"]) { _, record in
            record.recordAttempt(
                at: ReportFixture.date("2026-11-29T14:00:00Z"), seconds: 4200, note: "TLE <on> case & 57")
        }
        let html = try fixture.report().html()
        #expect(html.contains("Attempted in 1h10m</td>"))
        #expect(html.contains("<small>TLE &lt;on&gt; case &amp; 57</small>"))
        #expect(!html.contains("TLE <on>"))
    }
}
