import Foundation
import Testing

/// The shell completions `leettrack --generate-completion-script` writes, run in a real bash.
@Suite("Shell completions")
struct CompletionEndToEndTests {
    /// Sources the generated bash script, sets up the words typed so far (the last one being
    /// completed) and returns what the completion function offers.
    func complete(_ words: [String]) throws -> [String] {
        let leettrack = try LeetTrackRunner()
        let script = try leettrack.run(["--generate-completion-script", "bash"], useStore: false)
        #expect(script.status == 0)
        let file = leettrack.directory.appendingPathComponent("leettrack.bash")
        try Data(script.stdout.utf8).write(to: file)
        let typed = [LeetTrackRunner.executable.path] + words
        let quoted = typed.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(file.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(typed.count - 1)
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _leettrack leettrack "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "-c", program]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("bash completes a subcommand's name")
    func subcommand() throws {
        let offered = try complete(["fa"])
        #expect(offered.contains("fav"))
        #expect(offered.contains("favorites"))
        #expect(!offered.contains("list"))
    }

    @Test("bash completes a subcommand's option")
    func option() throws {
        #expect(try complete(["list", "--dif"]) == ["--difficulty"])
    }

    @Test("bash completes problem slugs from the catalog and study list keys")
    func problemsAndLists() throws {
        let problems = try complete(["show", "two-sum-i"])
        #expect(problems.contains("two-sum-ii-input-array-is-sorted"))
        #expect(!problems.contains("two-sum"))
        #expect(try complete(["list", "--list", "blind"]) == ["blind-75"])
    }

    @Test("zsh and fish scripts are generated too", arguments: ["zsh", "fish"])
    func otherShells(shell: String) throws {
        let leettrack = try LeetTrackRunner()
        let script = try leettrack.run(["--generate-completion-script", shell], useStore: false)
        #expect(script.status == 0)
        #expect(script.stdout.contains("leettrack"))
        #expect(script.stdout.contains("difficulty"))
    }
}
