import Foundation
import Testing

@Suite("leettrack with several processes, end to end")
struct ConcurrencyEndToEndTests {
    @Test("two processes changing different problems at the same time keep both changes")
    func twoWritersKeepBoth() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("stats")  // Nothing to create; the writers race to create the store too.
        let first = (1...20).map(String.init)
        let second = (21...40).map(String.init)
        for round in 0..<5 {
            let a = try leettrack.start(["fav"] + [first[round * 4], first[round * 4 + 1], first[round * 4 + 2], first[round * 4 + 3]])
            let b = try leettrack.start(["solve"] + [second[round * 4], second[round * 4 + 1], second[round * 4 + 2], second[round * 4 + 3]])
            for (process, _, _, errors) in [a, b] {
                process.waitUntilExit()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(process.terminationStatus == 0, "\(process.arguments ?? []): \(message.prefix(300))")
            }
        }
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.compactMap { $0["id"] as? Int } == Array(1...20))
        let solved = try #require(try leettrack.json(try leettrack.run("list", "--status", "solved", "--json")) as? [[String: Any]])
        #expect(solved.compactMap { $0["id"] as? Int } == Array(21...40))
    }

    @Test("a fav process killed with kill -9 right after reporting loses nothing it reported")
    func killedWriterLosesNothing() throws {
        let leettrack = try LeetTrackRunner()
        var reported: [Int] = []
        for id in 1...12 {
            let (process, input, output, _) = try leettrack.start(["fav", String(id)])
            try input.fileHandleForWriting.close()
            // Wait for the report, then kill the process before it can finish on its own terms.
            let line = output.fileHandleForReading.availableData
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if String(decoding: line, as: UTF8.self).contains("Added") { reported.append(id) }
        }
        #expect(!reported.isEmpty)
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        let ids = Set(favorites.compactMap { $0["id"] as? Int })
        #expect(Set(reported).isSubset(of: ids))
    }
}
