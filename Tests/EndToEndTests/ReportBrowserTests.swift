import Foundation
import Testing

/// The report in a real browser: headless Chromium loads the page from disk, and the tests read
/// the DOM it built and look at its screenshots. They skip, saying why, where Chromium is missing.
@Suite("leettrack report in a real browser", .serialized, .enabled(if: Chromium.executable != nil, Chromium.missing))
struct ReportBrowserTests {
    /// A report of the known history of the end-to-end tests.
    func writeReport(_ leettrack: LeetTrackRunner) throws -> URL {
        try ReportEndToEndTests.history(leettrack)
        let file = leettrack.directory.appendingPathComponent("report.html")
        let result = try leettrack.run("report", "-o", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        return file
    }

    @Test("the DOM Chromium builds holds every number the other commands print, and no script")
    func renderedNumbers() throws {
        let leettrack = try LeetTrackRunner()
        let file = try writeReport(leettrack)
        let dom = try Chromium.dumpDOM(of: file, in: leettrack.directory)
        #expect(dom.contains("<section class=\"card\" id=\"calendar\""))
        let metrics = try ReportHTML.metrics(dom)
        for (name, value) in try ReportEndToEndTests.expectedMetrics(leettrack) { #expect(metrics[name] == value, "\(name)") }
        let calendar = try ReportHTML.calendarCounts(dom)
        #expect(calendar.count >= 365)
        #expect(calendar[ReportEndToEndTests.day(10)] == 3)
        // The note's markup is text in the DOM, not elements.
        #expect(!dom.contains("<script"))
        #expect(!dom.contains("<b>bold</b>"))
        #expect(dom.contains("&lt;b&gt;bold&lt;/b&gt; &amp; \"quoted\" 'text' &lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(dom.contains("<title>\(ReportEndToEndTests.day(10).weekdayPrefix)"))
    }

    @Test("screenshots at 1280x800 in the light theme and 390x844 in the dark one are not blank")
    func screenshots() throws {
        let leettrack = try LeetTrackRunner()
        let file = try writeReport(leettrack)
        let blank = leettrack.directory.appendingPathComponent("blank.html")
        try Data("<!DOCTYPE html><html><head><meta name=\"color-scheme\" content=\"light dark\"/></head><body></body></html>".utf8)
            .write(to: blank)
        for (width, height, dark) in [(1280, 800, false), (390, 844, true)] {
            let page = try Chromium.screenshot(of: file, width: width, height: height, dark: dark, in: leettrack.directory)
            let empty = try Chromium.screenshot(of: blank, width: width, height: height, dark: dark, in: leettrack.directory)
            let header = try #require(PNGHeader(page))
            #expect(header.width == width && header.height == height)
            // A window of one colour compresses to a few kilobytes; text, rings and the heatmap do not.
            #expect(page.count > 5 * empty.count, "\(width)x\(height): \(page.count) bytes against \(empty.count) for a blank page")
        }
    }

    @Test("the page follows the system's theme: the light and dark screenshots differ")
    func themes() throws {
        let leettrack = try LeetTrackRunner()
        let file = try writeReport(leettrack)
        let light = try Chromium.screenshot(of: file, width: 800, height: 600, dark: false, in: leettrack.directory)
        let dark = try Chromium.screenshot(of: file, width: 800, height: 600, dark: true, in: leettrack.directory)
        #expect(light != dark)
    }
}

extension String {
    /// `Fri 2026-11-27` for a `2026-11-27`: the start of the heatmap tooltip of that day.
    fileprivate var weekdayPrefix: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        guard let date = formatter.date(from: self) else { return self }
        formatter.dateFormat = "EEE yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
