import Foundation
import Testing

/// `docs/leettrack.1`, generated from the command declarations by `scripts/generate-manual`.
@Suite("The manual page")
struct ManualPageTests {
    @Test("names every subcommand the help lists")
    func namesEverySubcommand() throws {
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/leettrack.1")
        let text = try String(contentsOf: page, encoding: .utf8)
        let help = try LeetTrackRunner().run(["--help"], useStore: false).stdout
        let section = (help.components(separatedBy: "SUBCOMMANDS:").last ?? "").components(separatedBy: "\n\n").first ?? ""
        let names = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
        #expect(names.count >= 20, "\(help)")
        for name in names {
            #expect(text.contains(".It Em \(name)\n"), "docs/leettrack.1 lacks '\(name)': run scripts/generate-manual")
        }
    }
}
