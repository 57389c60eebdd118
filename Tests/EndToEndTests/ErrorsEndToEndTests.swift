import Foundation
import Persistence
import Testing
import TestSupport

@Suite("leettrack errors, end to end")
struct ErrorsEndToEndTests {
    /// Runs a command that must fail with `status`, print something naming `mention` on stderr,
    /// nothing on stdout, and leave the store as it was.
    func expectFailure(_ arguments: [String], status: Int32, mentioning mention: String, input: String = "") throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        try leettrack.run("solve", "2", "--note", "n")
        let before = try leettrack.snapshot()
        let result = try leettrack.run(arguments, input: input)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try leettrack.snapshot() == before)
    }

    @Test("an unknown problem exits 64 and suggests the three closest", arguments: [
        (["fav", "1", "tow sum"], "Did you mean: 1 Two Sum"),
        (["solve", "99999"], "no problem matches '99999'"),
        (["show", "lru cahce"], "146 LRU Cache"),
    ])
    func unknownProblem(arguments: [String], mention: String) throws {
        try expectFailure(arguments, status: 64, mentioning: mention)
    }

    @Test("an ambiguous name exits 64 and lists the candidates")
    func ambiguousProblem() throws {
        try expectFailure(["unfav", "sum ii"], status: 64, mentioning: "Path Sum II")
    }

    @Test("usage errors exit 64 and name what was wrong", arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["lsit"], "Did you mean 'list'?"),
        (["list", "--bogus"], "Unknown option '--bogus'"),
        (["list", "--difficulty", "extreme"], "'extreme' is not a difficulty"),
        (["list", "--limit"], "Missing value for '--limit <n>'"),
        (["list", "--limit", "0"], "positive whole number"),
        (["list", "--tag", "dynamic programing"], "Did you mean: Dynamic Programming"),
        (["list", "--free", "--paid"], "cannot be used together"),
        (["list", "--list", "blind-76"], "no study list is called 'blind-76'"),
        (["lists", "blind-76"], "no study list is called 'blind-76'"),
        (["fav"], "Missing expected argument '<problem> ...'"),
        (["unfav", "--bogus"], "Unknown option '--bogus'"),
        (["show", "-1"], "Unknown option '-1'"),
        (["solve", "--time", "-5"], "a time cannot be negative"),
        (["review", "2", "--frobnicate"], "Unknown option '--frobnicate'"),
        (["show", "1", "2"], "Unexpected argument '2'"),
        (["solve", "1", "--date", "2026-02-30"], "that month has no day 30"),
        (["solve", "1", "--date", "tomorrow"], "expected YYYY-MM-DD"),
        (["solve", "1", "--date", "2999-01-01"], "in the future"),
        (["note", "1", "text", "--clear"], "only one of"),
        (["reset"], "or '--all'"),
        (["reset", "1", "--all"], "not both"),
        (["json", "--store"], "missing value for '--store <path>'"),
        (["review", "2", "godo"], "The value 'godo' is invalid for '<rating>'. Please provide one of 'again', 'hard', 'good' or 'easy'"),
        (["solve", "1", "--rating", "meh"], "The value 'meh' is invalid for '--rating <rating>'. Please provide one of 'again', 'hard', 'good' or 'easy'"),
        (["serve", "--port", "65536"], "The value '65536' is invalid for '--port <port>'"),
        (["serve", "--port", "http"], "The port to listen on, 0 to 65535"),
        (["review", "2"], "missing expected argument '<rating>'"),
        (["review", "2", "good", "--date", "2020-01-01"], "a review cannot be dated on an earlier day"),
        (["review", "2", "good", "--date", "2999-01-01"], "in the future"),
        (["review", "--upcoming", "0"], "positive whole number of days"),
        (["review", "2", "good", "--upcoming", "3"], "give no PROBLEM"),
        (["lists", "add", "nope", "1"], "no study list is called 'nope'"),
        (["lists", "remove", "nope", "1"], "no study list is called 'nope'"),
        (["lists", "rename", "nope", "other"], "no study list is called 'nope'"),
        (["lists", "delete", "nope", "--yes"], "no study list is called 'nope'"),
        (["lists", "add", "blind-75", "1"], "'blind-75' is a built-in study list and cannot be changed"),
        (["lists", "delete", "Blind 75"], "built-in study list"),
        (["lists", "create", "delete"], "is a `lists` subcommand"),
        (["lists", "create", "move"], "'move' is a `lists` subcommand"),
        (["lists", "create", "Reorder"], "'reorder' is a `lists` subcommand"),
        (["lists", "create", "_ _"], "it needs a letter or a digit"),
        (["lists", "create", "\u{301}"], "it needs a letter or a digit"),
        (["lists", "create", "\u{200B}"], "it is empty (it holds only invisible characters)"),
        (["lists", "create", "a\u{2060}b"], "it contains an invisible character"),
        (["lists", "create"], "'lists create' needs a NAME"),
        (["lists", "add", "x"], "needs a list NAME and at least one PROBLEM"),
        (["list", "--list", "nope"], "no study list is called 'nope'"),
        (["random", "--list", "nope"], "no study list is called 'nope'"),
        (["config", "desired-retention", "2"], "use a number from 0.70 to 0.99"),
        (["config", "fuzz", "maybe"], "use on or off"),
        (["config", "bogus"], "unknown setting 'bogus'"),
    ])
    func usageErrors(arguments: [String], mention: String) throws {
        try expectFailure(arguments, status: 64, mentioning: mention)
    }

    @Test("reviewing a problem that is not solved exits 1 and changes nothing")
    func reviewUnsolved() throws {
        try expectFailure(["review", "1", "good"], status: 1, mentioning: "1. Two Sum has nothing to review: it is not solved")
    }

    @Test("a duplicate list name exits 1 and changes nothing", arguments: [
        (["lists", "create", "MINE"], "a list called 'Mine' already exists"),
        (["lists", "create", "blind 75"], "a list called 'Blind 75' already exists"),
        (["lists", "rename", "other", "mine"], "a list called 'Mine' already exists"),
    ])
    func duplicateList(arguments: [String], mention: String) throws {
        let leettrack = try LeetTrackRunner()
        for setup in [["lists", "create", "Mine"], ["lists", "create", "Other"], ["lists", "add", "mine", "1", "2"]] {
            #expect(try leettrack.run(setup).status == 0)
        }
        let before = try leettrack.snapshot()
        let result = try leettrack.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains(mention), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try leettrack.snapshot() == before)
        // An unknown problem in an own list's change is a usage error that changes nothing either.
        let unknown = try leettrack.run("lists", "add", "mine", "3", "99999")
        #expect(unknown.status == 64)
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a usage error shows the command's usage")
    func usageLine() throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run("show")
        #expect(result.stderr.contains("Usage: leettrack show <problem>"))
        #expect(result.stderr.contains("See 'leettrack show --help'"))
    }

    @Test("declining reset --all exits 1 and changes nothing")
    func declinedReset() throws {
        try expectFailure(["reset", "--all"], status: 1, mentioning: "nothing was reset")
    }

    @Test("reset --all over a damaged record exits 1 and changes nothing, whether or not another record could be reset")
    func resetAllOverADamagedRecord() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        for alsoSolved in [false, true] {
            let leettrack = try LeetTrackRunner()
            #expect(try leettrack.run("solve", "1").status == 0)
            if alsoSolved { #expect(try leettrack.run("solve", "2").status == 0) }
            try leettrack.sqlite3("UPDATE entries SET value = 'garbage' WHERE key = 'progress.two-sum'")
            let before = try leettrack.run("export").stdout
            let result = try leettrack.run("reset", "--all", "--yes")
            #expect(result.status == 1, "\(alsoSolved): \(result.stdout)")
            #expect(result.stderr.contains("cannot be read") && result.stderr.contains("nothing was changed"), "\(result.stderr)")
            #expect(!result.stdout.contains("Nothing to reset"), "\(result.stdout)")
            #expect(try leettrack.run("export").stdout == before)
        }
    }

    @Test("a store that is not a database is reported with its path, exit 1, and left unchanged")
    func notADatabase() throws {
        let leettrack = try LeetTrackRunner()
        let path = leettrack.directory.appendingPathComponent("notes.txt").path
        let contents = Data("these are my notes, not a database\n".utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        for arguments in [["--store", path, "fav", "1"], ["--store", path, "stats"]] {
            let result = try leettrack.run(arguments, useStore: false)
            #expect(result.status == 1)
            #expect(result.stderr.contains(path))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }

    @Test("a store that cannot be created is reported with its path and exit 1")
    func unwritableStore() throws {
        let leettrack = try LeetTrackRunner()
        let blocker = leettrack.directory.appendingPathComponent("file")
        try Data().write(to: blocker)
        let path = blocker.appendingPathComponent("store.sqlite").path
        let result = try leettrack.run(["--store", path, "fav", "1"], useStore: false)
        #expect(result.status == 1)
        #expect(result.stderr.contains(path))
    }

    @Test("every command has --help, which exits 0", arguments: [
        "list", "show", "solve", "attempt", "fav", "unfav", "note", "reset", "favorites", "stats", "lists", "random", "help",
        "review", "config",
    ])
    func help(command: String) throws {
        let leettrack = try LeetTrackRunner()
        let result = try leettrack.run(command, "--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: leettrack \(command)"))
        #expect(try leettrack.run("help", command).stdout == result.stdout)
    }

    @Test("no arguments without a terminal prints the help; --version prints the version")
    func rootHelpAndVersion() throws {
        let leettrack = try LeetTrackRunner()
        let help = try leettrack.run([], useStore: false)
        #expect(help.status == 0)
        #expect(help.stdout.contains("SUBCOMMANDS:"))
        #expect(try leettrack.run("--help").stdout == help.stdout)
        let version = try leettrack.run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("leettrack "))
        // Alone it is answered before the parser runs: the same line, and no store is made.
        let alone = try leettrack.run(["--version"], useStore: false)
        #expect(alone.status == 0 && alone.stderr.isEmpty)
        #expect(alone.stdout == version.stdout)
        #expect(version.stdout.filter { $0 == "\n" }.count == 1)
    }

    @Test("a line break in an echoed argument is shown as \\n, so it cannot forge a line of the output")
    func lineBreakInArgument() throws {
        let leettrack = try LeetTrackRunner()
        for arguments in [
            ["show", "x\nSolved 1. Two Sum"], ["show", "x\r\nSolved 1. Two Sum"], ["solve", "1", "--date", "2026\nSolved"],
            ["list", "--limit", "1\nSolved"], ["solve", "1", "--rating", "x\nSolved 1. Two Sum"], ["review", "1", "x\r\nSolved"],
            ["serve", "--port", "1\nSolved"],
        ] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(!result.stderr.contains("\nSolved"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\\nSolved"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("a pasted 5,000-character name is an unknown problem at once, echoed by its start and length")
    func hugeProblemName() throws {
        let leettrack = try LeetTrackRunner()
        let name = String(repeating: "ab", count: 2_500)
        let started = Date()
        let result = try leettrack.run("show", name)
        // Comparing it with all 4,029 titles by edit distance took minutes before it was bounded.
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.status == 64)
        #expect(result.stderr.contains("no problem matches '\(name.prefix(60))…' (5000 characters)"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.count < 1_000)
    }

    @Test("a 100 KB argument is not echoed whole by any message", arguments: [
        ["config", "follow"], ["list", "-t"], ["list", "--status"], ["list", "--difficulty"], ["lists", "show"],
        ["review", "1"], ["random", "--list"], ["config", "fuzz"], ["solve", "1", "--time"],
    ])
    func hugeArgumentIsShortened(command: [String]) throws {
        let leettrack = try LeetTrackRunner()
        let argument = String(repeating: "a", count: 102_400)
        let result = try leettrack.run(command + [argument])
        #expect(result.status == 64, "\(command): \(result.stderr.prefix(300))")
        #expect(result.stderr.count < 2_000, "\(command): \(result.stderr.count) characters")
        #expect(result.stderr.contains("aaaaaaaaaa…"), "\(command): \(result.stderr.prefix(300))")
        #expect(result.stderr.contains("102400 characters"), "\(command): \(result.stderr.prefix(300))")
    }
}

@Suite("leettrack with a damaged record, end to end")
struct DamagedRecordEndToEndTests {
    @Test("a record that cannot be read is named by reading commands, refused by writes, and never overwritten")
    func undecodableRecord() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "2")
        try AnotherProgram.set(["status": "done"], forKey: "progress.two-sum", inStoreAt: leettrack.storePath)
        // With the summaries: the refused write rebuilds none of them either.
        let before = try leettrack.snapshot(withSummaries: true)
        for arguments in [["stats"], ["list", "--favorites"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0)
            #expect(result.stderr.contains("1. Two Sum ('progress.two-sum') in \(leettrack.storePath) cannot be read"))
        }
        let write = try leettrack.run("fav", "1")
        #expect(write.status == 1)
        #expect(write.stderr.contains("'progress.two-sum' in \(leettrack.storePath) cannot be read"))
        #expect(try leettrack.snapshot(withSummaries: true) == before)
        #expect(try leettrack.run("show", "2").status == 0)
    }
}

/// Arguments are read as UTF-8; bytes that are not (a Latin-1 file name) would reach a command with
/// U+FFFD in their place, naming another store, file or note.
@Suite("Arguments that are not UTF-8")
struct NonUTF8ArgumentsEndToEndTests {
    @Test("an argument that is not UTF-8 is refused before anything is opened or created", arguments: [
        #"--store "$1/x\377y/store.sqlite" fav 1"#, #"--store "$1/store.sqlite" note 1 --set "caf\351""#,
        #"--store "$1/store.sqlite" export -o "$1/out\377.json""#,
    ])
    func refused(arguments: String) throws {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.directory.path
        // The shell's printf makes the bytes: a Swift string cannot hold them.
        let script = "exec \"$0\" " + arguments.replacingOccurrences(of: #"\377"#, with: "$(printf '\\377')")
            .replacingOccurrences(of: #"\351"#, with: "$(printf '\\351')")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script, LeetTrackRunner.executable.path, folder]
        let error = Pipe()
        shell.standardError = error
        shell.standardOutput = Pipe()
        try shell.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 64, "\(arguments): \(message)")
        #expect(message.contains("is not UTF-8 text") && message.contains("Nothing was changed"), "\(message)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "xdg" }
        #expect(left.isEmpty, "\(arguments) left \(left)")
    }
}
