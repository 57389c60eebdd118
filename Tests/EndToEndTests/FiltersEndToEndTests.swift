import Foundation
import Testing

@Suite("leettrack list: the filters people type, end to end")
struct FiltersEndToEndTests {
    func ids(_ leettrack: LeetTrackRunner, _ arguments: String...) throws -> [Int] {
        let result = try leettrack.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let rows = try #require(try leettrack.json(result) as? [[String: Any]])
        return rows.compactMap { $0["id"] as? Int }
    }

    @Test("-d takes several difficulties with commas")
    func severalDifficulties() throws {
        let leettrack = try LeetTrackRunner()
        let found = try ids(leettrack, "list", "--list", "blind-75", "-d", "easy,hard")
        #expect(!found.isEmpty)
        let mediums = try ids(leettrack, "list", "--list", "blind-75", "-d", "medium")
        #expect(Set(found).isDisjoint(with: mediums))
        #expect(found.count + mediums.count == 75)
    }

    @Test("--status takes several statuses with commas")
    func severalStatuses() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("solve", "1").status == 0)
        #expect(try leettrack.run("attempt", "2").status == 0)
        #expect(try ids(leettrack, "list", "--status", "solved,attempted") == [1, 2])
    }

    @Test("--tag takes aliases and several tags with commas (any of them)")
    func tagAliases() throws {
        let leettrack = try LeetTrackRunner()
        let dp = try ids(leettrack, "list", "-t", "dp")
        #expect(dp == (try ids(leettrack, "list", "-t", "Dynamic Programming")))
        let either = try ids(leettrack, "list", "-t", "2p,sw")
        let twoPointers = try ids(leettrack, "list", "-t", "two pointers")
        #expect(Set(twoPointers).isSubset(of: either) && either.count > twoPointers.count)
        #expect(try leettrack.run("list", "--help").stdout.contains("dp (Dynamic Programming)"))
    }

    @Test("a bad value among several is a usage error naming it")
    func badValueAmongSeveral() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("list", "-d", "easy,expert")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'expert' is not a difficulty"))
    }

    @Test("ids and slugs as arguments list those problems in the order given")
    func idsInOrder() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try ids(leettrack, "list", "1430", "1343", "2") == [1430, 1343, 2])
        #expect(try ids(leettrack, "list", "lru-cache", "1") == [146, 1])
        #expect(try ids(leettrack, "list", "1", "146", "--list", "blind-75") == [1])
    }

    @Test("an unknown id is a usage error naming it")
    func unknownID() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("list", "1", "99999")
        #expect(result.status == 64)
        #expect(result.stderr.contains("no problem has the id 99999"))
    }

    @Test("paid-only problems are marked in list and show")
    func paidMarker() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run("list", "156").stdout.hasPrefix(" 156  Binary Tree Upside Down                           Medium   65.6%  todo        paid\n"))
        #expect(try leettrack.run("list", "1").stdout.hasPrefix("   1  Two Sum                                           Easy     58.0%  todo\n"))
        #expect(try leettrack.run("show", "156").stdout.hasPrefix("156. Binary Tree Upside Down  (paid only)"))
    }
}
